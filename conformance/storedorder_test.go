package conformance_test

import (
	"encoding/hex"
	"slices"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// TestStoredOrderRecords holds the corpus's "stored-order" records to
// their meaning: each list is in its profile's order (Profile.Compare),
// reads back to IDs of the layout whose times strictly increase, and
// every time-ordered built-in has one for each profile that keeps it in
// time order.
func TestStoredOrderRecords(t *testing.T) {
	rs, err := conformance.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]string]bool{}
	for _, r := range rs {
		if r.Kind != "stored-order" {
			continue
		}
		seen[[2]string{r.Layout, r.Profile}] = true
		l, err := layouts.Builtin(r.Layout)
		if err != nil {
			t.Fatalf("%s: %v", r.Layout, err)
		}
		p, err := storage.Lookup(r.Profile)
		if err != nil {
			t.Fatal(err)
		}
		rl, err := resolved.New(l)
		if err != nil {
			t.Fatal(err)
		}
		a, err := storage.For(rl, p)
		if err != nil || !a.Sorts {
			t.Errorf("%s under %s: a stored-order record where the profile does not keep the layout in time order (%v)", r.Layout, r.Profile, err)
			continue
		}
		if len(r.StoredValues) < 4 {
			t.Errorf("%s under %s: %d values, want at least 4", r.Layout, r.Profile, len(r.StoredValues))
		}
		var vs [][]byte
		for i, h := range r.StoredValues {
			s, err := hex.DecodeString(h)
			if err != nil {
				t.Fatal(err)
			}
			vs = append(vs, s)
			id, err := a.FromStored(s)
			if err != nil {
				t.Fatalf("%s under %s: %s: %v", r.Layout, r.Profile, h, err)
			}
			if i == 0 {
				continue
			}
			prev, _ := a.FromStored(vs[i-1])
			t0, err0 := interp.Time(l, prev)
			t1, err1 := interp.Time(l, id)
			if err0 != nil || err1 != nil || !t1.After(t0) {
				t.Errorf("%s under %s: value %d (%v) not after value %d (%v)", r.Layout, r.Profile, i, t1, i-1, t0)
			}
		}
		if !slices.IsSortedFunc(vs, p.Compare) {
			t.Errorf("%s under %s: the values are not in the store's order", r.Layout, r.Profile)
		}
	}
	for _, name := range []string{"uuidv7", "uuidv6", "uuidv1", "ulid", "ksuid", "snowflake", "tsid", "objectid", "xid"} {
		l, _ := layouts.Builtin(name)
		rl, err := resolved.New(l)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range storage.Profiles() {
			if a, err := storage.For(rl, p); err == nil && a.Sorts && !seen[[2]string{name, p.Name}] {
				t.Errorf("no stored-order record of %s under %s", name, p.Name)
			}
		}
	}
}
