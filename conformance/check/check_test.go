package check_test

import (
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/conformance/check"
)

// TestResolvedAgrees checks that package resolved, which every emitter is
// written from, gives every text, field, time and bound of the corpus,
// which the interpreter made without it.
func TestResolvedAgrees(t *testing.T) {
	rs, err := conformance.Load("../corpus.jsonl")
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
