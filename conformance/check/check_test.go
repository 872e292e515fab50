package check_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/conformance/check"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/layouts"
)

// TestResolvedAgrees checks that package resolved, which every emitter is
// written from, gives every text, field, time and bound of the corpus,
// which the interpreter made without it.
func TestResolvedAgrees(t *testing.T) {
	rs, err := conformance.Load("../corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := check.Resolved(rs)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range ms {
		if i == 20 {
			t.Errorf("and %d more", len(ms)-i)
			break
		}
		t.Error(m)
	}
}

// FuzzResolvedAgrees makes the records the corpus holds of a random layout
// (fuzz.RandomSpec), from the interpreter, IDs from the input's bytes and
// bounds around its time's range, and checks resolved against them, as
// TestResolvedAgrees does the corpus's.
func FuzzResolvedAgrees(f *testing.F) {
	for i := range 200 {
		seed := sha256.Sum256([]byte(fmt.Sprint("idforge resolved agrees ", i)))
		f.Add(seed[:16], seed[16:])
	}
	f.Fuzz(func(t *testing.T, specData, idData []byte) {
		spec := fuzz.RandomSpec(specData)
		l, err := layouts.Parse("random.layout", []byte(spec))
		if err != nil {
			t.Fatalf("RandomSpec gave a spec that does not parse: %v\n%s", err, spec)
		}
		rs := []conformance.Record{{Layout: l.Name, Kind: "layout", File: l.File, Spec: spec}}
		for _, fill := range []byte{0, 0xff, 0x5a} {
			b := bytes.Repeat([]byte{fill}, l.Bytes())
			copy(b, idData)
			r, err := conformance.ID(l, b)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, r)
		}
		if v, ok := l.Value(layouts.Time); ok {
			ats := []time.Time{v.Epoch.Add(-1), v.Epoch, v.Epoch.Add(1), v.Epoch.Add(time.Duration(len(idData)) * 1234567891)}
			if end, ok := l.Overflow(); ok {
				ats = append(ats, end.Add(-1), end, end.Add(1))
			}
			for _, at := range ats {
				r, err := conformance.Bound(l, at)
				if err != nil {
					t.Fatal(err)
				}
				rs = append(rs, r)
			}
		}
		ms, err := check.Resolved(rs)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			t.Errorf("%v\n%s", m, spec)
		}
	})
}
