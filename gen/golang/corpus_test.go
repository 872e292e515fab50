package golang_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
)

// TestCorpus generates a package for every layout of the conformance
// corpus, as `idforge gen` writes it, and has each read its layout's
// records as JavaScript, Python and SQL read them: every ID's text forms
// (the canonical one, in whatever encoding the layout declares, and
// Base62, Crockford and hex) written and read back, and every bad input
// refused with the error the corpus names.
func TestCorpus(t *testing.T) {
	dir := userModule(t)
	rs, err := conformance.Load(filepath.Join(repoRoot(t), "conformance", "corpus.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	byLayout := map[string][]conformance.Record{}
	var order []conformance.Record
	for _, r := range rs {
		if r.Kind == "layout" {
			order = append(order, r)
		}
		byLayout[r.Layout] = append(byLayout[r.Layout], r)
	}
	made, refused := 0, 0
	for i, head := range order {
		l, err := layouts.Parse(head.File, []byte(head.Spec))
		if err != nil {
			t.Fatalf("%s: %v", head.Layout, err)
		}
		pkg := fmt.Sprintf("corpus%02d", i)
		src, err := golang.Generate(golang.Single(l, pkg, "ID"))
		if err != nil {
			if !strings.Contains(err.Error(), "interpreter") {
				t.Fatalf("%s: %v", head.Layout, err)
			}
			refused++
			continue
		}
		write(t, filepath.Join(dir, pkg, pkg+"_gen.go"), src)
		write(t, filepath.Join(dir, pkg, "corpus_test.go"), []byte(corpusTest(pkg, byLayout[head.Layout])))
		made++
	}
	if refused > 2 {
		t.Errorf("the generator refused %d of the corpus's %d layouts", refused, len(order))
	}
	t.Logf("%d corpus layouts generated and tested; %d refused (the interpreter handles them)", made, refused)
	vetAndTest(t, dir)
}

// corpusTest returns the test file of package pkg that runs the records.
func corpusTest(pkg string, rs []conformance.Record) string {
	var ids, bads strings.Builder
	for _, r := range rs {
		switch r.Kind {
		case "id":
			fmt.Fprintf(&ids, "\t{%q, %q, %q, %q},\n", r.Hex, r.Base62, r.Crockford, r.Text)
		case "bad":
			if r.Form != "bytes" {
				fmt.Fprintf(&bads, "\t{%q, %q, %q},\n", r.Form, r.Input, r.Error)
			}
		}
	}
	return fmt.Sprintf(corpusTestFile, pkg, rs[0].Layout, ids.String(), bads.String())
}

const corpusTestFile = `package %[1]s

import (
	"errors"
	"strings"
	"testing"
)

// The conformance corpus's records of layout %[2]s.
var ids = []struct{ hex, base62, crockford, text string }{
%[3]s}

var bads = []struct{ form, input, kind string }{
%[4]s}

func TestCorpus(t *testing.T) {
	for _, r := range ids {
		id, err := ParseHex(r.hex)
		if err != nil {
			t.Fatalf("ParseHex(%%q): %%v", r.hex, err)
		}
		if id.String() != r.text || id.Base62() != r.base62 || id.Crockford() != r.crockford || id.Hex() != r.hex {
			t.Errorf("%%s: text %%q, Base62 %%q, Crockford %%q, hex %%q; the corpus has %%q, %%q, %%q", r.hex, id, id.Base62(), id.Crockford(), id.Hex(), r.text, r.base62, r.crockford)
		}
		for _, c := range []struct {
			parse func(string) (ID, error)
			s     string
		}{{Parse, r.text}, {ParseBase62, r.base62}, {ParseCrockford, r.crockford}, {ParseCrockford, strings.ToLower(r.crockford)}, {ParseHex, strings.ToUpper(r.hex)}} {
			if back, err := c.parse(c.s); err != nil || back != id {
				t.Errorf("%%q read as %%v, %%v; want %%s", c.s, back, err, id)
			}
		}
	}
	parsers := map[string]func(string) (ID, error){"base62": ParseBase62, "crockford": ParseCrockford, "hex": ParseHex, "text": Parse}
	kinds := map[string]error{"ErrLength": ErrLength, "ErrSyntax": ErrSyntax, "ErrOverflow": ErrOverflow}
	for _, b := range bads {
		if _, err := parsers[b.form](b.input); !errors.Is(err, kinds[b.kind]) {
			t.Errorf("%%s %%q: %%v, want %%s", b.form, b.input, err, b.kind)
		}
	}
}
`
