package explain_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/explain"
)

// Every text the conformance corpus's "bad" records give (those of the
// built-in layouts: base62, crockford, hex and the canonical text), read as
// the command reads it with -layout and -from, is refused with a message
// that names the text's length and, for a bad character, its 0-based
// position, as every language's parser names them.
func TestBadInputMessages(t *testing.T) {
	rs, err := conformance.Load("../conformance/corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range rs {
		if r.Kind != "bad" || r.Form == "bytes" {
			continue
		}
		l, err := explain.Builtin(r.Layout)
		if err != nil {
			continue // a random or test layout of the corpus
		}
		from := r.Form
		if from == "text" {
			from = "canonical"
		}
		_, err = explain.Read(r.Input, explain.ReadOptions{Layout: l, From: from})
		if err == nil {
			t.Errorf("%s %s %q: read", r.Layout, r.Form, r.Input)
			continue
		}
		msg := explain.Plain(err.Error())
		want := []string{fmt.Sprintf("length %d", len(r.Input))}
		if r.Pos != nil {
			want = append(want, fmt.Sprintf("position %d", *r.Pos))
		}
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s %s %q (%s): %q does not say %q", r.Layout, r.Form, r.Input, r.Error, msg, w)
			}
		}
		n++
	}
	t.Logf("%d bad inputs", n)
	if n < 30 {
		t.Errorf("%d bad inputs of the built-in layouts, want at least 30", n)
	}
}
