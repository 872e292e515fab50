package mask_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

// The corpus's mask records, of the built-in and the random layouts, which
// every language reads: package mask gives their answers and their
// refusals.
func TestCorpus(t *testing.T) {
	rs, err := conformance.Load("../conformance/corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	models := map[string]*layouts.Layout{}
	counts := map[string]int{}
	for _, r := range rs {
		if r.Kind == "layout" {
			l, err := layouts.Parse(r.File, []byte(r.Spec))
			if err != nil {
				t.Fatalf("%s: %v", r.Layout, err)
			}
			models[r.Layout] = l
		}
		if r.Kind != "mask" {
			continue
		}
		counts[r.Error]++
		key, err := maskkey.Parse(r.Key)
		if r.Error == "ErrKey" {
			if !errors.Is(err, maskkey.ErrKey) {
				t.Errorf("%s: key %s: %v, want ErrKey", r.Layout, r.Key, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		tweak, _ := hex.DecodeString(r.Tweak)
		m, err := mask.New(models[r.Layout], key, tweak)
		if err != nil {
			t.Fatalf("%s: %v", r.Layout, err)
		}
		id, _ := hex.DecodeString(r.Hex)
		pub, _ := hex.DecodeString(r.Public)
		switch r.Error {
		case "ErrInvalid":
			if got, err := m.Mask(id); !errors.Is(err, mask.ErrInvalid) {
				t.Errorf("%s: Mask(%s) = %x, %v; want ErrInvalid", r.Layout, r.Hex, got, err)
			}
		case "ErrNotMasked":
			if got, err := m.Unmask(pub); !errors.Is(err, mask.ErrNotMasked) {
				t.Errorf("%s: Unmask(%s) = %x, %v; want ErrNotMasked", r.Layout, r.Public, got, err)
			}
		case "":
			if got, err := m.Mask(id); err != nil || !bytes.Equal(got, pub) {
				t.Errorf("%s: Mask(%s) = %x, %v; want %s", r.Layout, r.Hex, got, err, r.Public)
			}
			if got, err := m.Unmask(pub); err != nil || !bytes.Equal(got, id) {
				t.Errorf("%s: Unmask(%s) = %x, %v; want %s", r.Layout, r.Public, got, err, r.Hex)
			}
		default:
			t.Errorf("%s: a mask record with error %s", r.Layout, r.Error)
		}
	}
	for _, kind := range []string{"", "ErrInvalid", "ErrNotMasked", "ErrKey"} {
		if counts[kind] < 20 {
			t.Errorf("%d mask records with error %q, want many", counts[kind], kind)
		}
	}
	t.Logf("mask records: %v", counts)
}
