package conformance_test

import (
	"encoding/hex"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/uuid"
)

// TestNames holds the corpus's "name" records, which the interpreter made,
// to package uuid's NewV3, NewV5 and NewV8SHA256, and checks that they hold
// RFC 9562's vectors (Appendix A.2, A.4 and B.2: www.example.com in the DNS
// name space), so that every language's fromName reads published values.
func TestNames(t *testing.T) {
	rs, err := conformance.Load("corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	makers := map[string]func(uuid.UUID, string) uuid.UUID{"uuidv3": uuid.NewV3, "uuidv5": uuid.NewV5, "uuidv8-sha256": uuid.NewV8SHA256}
	rfc := map[string]string{
		"uuidv3":        "5df418813aed351588a72f4a814cf09e",
		"uuidv5":        "2ed6657de927568b95e12665a8aea6a2",
		"uuidv8-sha256": "5c146b143c528afd938a375d0df1fbf6",
	}
	counts := map[string]int{}
	for _, r := range rs {
		if r.Kind != "name" {
			continue
		}
		newName, ok := makers[r.Layout]
		if !ok {
			t.Errorf("a name record for %s, which is not name-based", r.Layout)
			continue
		}
		counts[r.Layout]++
		ns, err := hex.DecodeString(r.Namespace)
		if err != nil || len(ns) != 16 || r.Name == nil {
			t.Fatalf("%s: a malformed name record: %+v", r.Layout, r)
		}
		if got := newName(uuid.UUID(ns), *r.Name); hex.EncodeToString(got[:]) != r.Hex {
			t.Errorf("%s %s %q: package uuid gives %x, the corpus %s", r.Layout, r.Namespace, *r.Name, got, r.Hex)
		}
		if r.Namespace == "6ba7b8109dad11d180b400c04fd430c8" && *r.Name == "www.example.com" {
			if r.Hex != rfc[r.Layout] {
				t.Errorf("%s: www.example.com gives %s, RFC 9562 %s", r.Layout, r.Hex, rfc[r.Layout])
			}
			delete(rfc, r.Layout)
		}
	}
	for l := range makers {
		if counts[l] < 10 {
			t.Errorf("%s: %d name records, want at least 10", l, counts[l])
		}
	}
	for l := range rfc {
		t.Errorf("%s: no record of RFC 9562's vector", l)
	}
}
