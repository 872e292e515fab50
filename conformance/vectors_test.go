package conformance_test

import (
	"errors"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/layouts"
)

// TestVectors holds the interpreter to every ID published outside
// idforge in vectors.jsonl, as its source describes it, and checks that
// each is in the corpus, as an "id" record with its source, for every
// language's corpus test to read.
func TestVectors(t *testing.T) {
	vs, err := conformance.LoadVectors("vectors.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := conformance.Load("corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	inCorpus := map[string]bool{}
	for _, r := range rs {
		if r.Kind == "id" && r.Source != "" {
			inCorpus[r.Layout+" "+r.Hex+" "+r.Source] = true
		}
	}
	covered := map[string]bool{}
	for _, v := range vs {
		if v.Source == "" || v.Asserts == "" {
			t.Errorf("%s %s: a vector needs its source and what the source asserts", v.Layout, v.Text)
		}
		l, err := layouts.Builtin(v.Layout)
		if err != nil {
			t.Errorf("%s: %v", v.Layout, err)
			continue
		}
		r, err := conformance.VectorRecord(l, v)
		if err != nil {
			t.Error(err)
			continue
		}
		covered[v.Layout] = true
		if !inCorpus[r.Layout+" "+r.Hex+" "+r.Source] {
			t.Errorf("%s %s (%s) is not in the corpus: run %s", v.Layout, v.Text, v.Source, regen)
		}
	}
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for _, l := range ls {
		if !covered[l.Name] {
			missing = append(missing, l.Name)
		}
	}
	t.Logf("published vectors for %d of %d built-in layouts; none yet for %v", len(ls)-len(missing), len(ls), missing)
}

// TestVectorCheckRefuses checks that Check refuses a vector whose source
// says otherwise than the interpreter reads: a time a millisecond off, a
// field one too many, bytes with a bit changed.
func TestVectorCheckRefuses(t *testing.T) {
	l, err := layouts.Builtin("discord")
	if err != nil {
		t.Fatal(err)
	}
	good := conformance.Vector{Layout: "discord", Source: "test", Asserts: "test", Text: "175928847299117063",
		Fields: map[string]string{"worker": "1", "process": "0", "increment": "7"}, Time: "2016-04-30T11:18:25.796Z"}
	if _, err := good.Check(l); err != nil {
		t.Fatalf("the good vector: %v", err)
	}
	for _, change := range []func(*conformance.Vector){
		func(v *conformance.Vector) { v.Time = "2016-04-30T11:18:25.797Z" },
		func(v *conformance.Vector) { v.Fields = map[string]string{"increment": "8"} },
		func(v *conformance.Vector) { v.Int = "175928847299117062" },
		func(v *conformance.Vector) { v.Text = "0175928847299117063" },
	} {
		v := good
		change(&v)
		if _, err := v.Check(l); !errors.Is(err, conformance.ErrVector) {
			t.Errorf("%+v: Check = %v, want ErrVector", v, err)
		}
	}
}
