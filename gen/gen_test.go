package gen_test

import (
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// builtin returns a built-in layout, resolved.
func builtin(t *testing.T, name string) *resolved.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return resolved.Must(l)
}

// options returns the options that every emitter's required parameters
// need, for a package named pkg.
func options(e emit.Emitter, pkg string) emit.Options {
	var o emit.Options
	for _, p := range e.Params() {
		if p.Required {
			o.Set(p.Option, pkg)
		}
	}
	return o
}

// Every registered language has a name idforge gen -lang can take, a
// title and a one-line summary, parameters among the options, and is
// found by its name; Names, Languages and Lookup agree.
func TestRegistry(t *testing.T) {
	names := gen.Names()
	if len(names) == 0 || len(names) != len(gen.Languages()) {
		t.Fatalf("Names %v, %d Languages", names, len(gen.Languages()))
	}
	if gen.Default() != gen.Languages()[0] {
		t.Errorf("Default is %s, not the first language", gen.Default().Name())
	}
	word := regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	seen := map[string]bool{}
	for i, e := range gen.Languages() {
		name := e.Name()
		if !word.MatchString(name) || seen[name] || names[i] != name {
			t.Errorf("language %d: name %q: want a new lower-case word, as Names has it (%q)", i, name, names[i])
		}
		seen[name] = true
		if got, ok := gen.Lookup(name); !ok || got != e {
			t.Errorf("Lookup(%q) = %v, %v", name, got, ok)
		}
		for what, s := range map[string]string{"Title": e.Title(), "Summary": e.Summary()} {
			if strings.TrimSpace(s) == "" || strings.Contains(s, "\n") {
				t.Errorf("%s: %s %q: want one line", name, what, s)
			}
		}
		var opts []emit.Option
		for _, p := range e.Params() {
			if !slices.Contains(emit.AllOptions(), p.Option) || slices.Contains(opts, p.Option) {
				t.Errorf("%s: parameter %v: not an option, or twice", name, p.Option)
			}
			opts = append(opts, p.Option)
			if !slices.Contains(gen.Taking(p.Option), name) {
				t.Errorf("%s: Taking(%v) = %v, without it", name, p.Option, gen.Taking(p.Option))
			}
		}
		if files := e.Files("out/x"); len(files) == 0 || files[0] != "out/x" {
			t.Errorf("%s: Files(%q) = %q: want the main file first", name, "out/x", files)
		}
	}
	if e, ok := gen.Lookup("cobol"); ok || e != nil {
		t.Errorf("Lookup(cobol) = %v, %v", e, ok)
	}
}

// Every language writes the files it names for an output path, with that
// path first, and without one names them after the package or the
// layout.
func TestGenerateFiles(t *testing.T) {
	l := builtin(t, "uuidv7")
	for _, e := range gen.Languages() {
		o := options(e, "ids")
		files, err := e.Generate(l, o)
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		want := e.Files(files[0].Name)
		if got := fileNames(files); !slices.Equal(got, want) {
			t.Errorf("%s without Out: files %q, want %q", e.Name(), got, want)
		}
		// Java's file is named after its class, by default the layout's
		// name in UpperCamelCase: the prefix is the layout's, in any case.
		if base := files[0].Name; filepath.Base(base) != base || !strings.HasPrefix(base, "ids") && !strings.HasPrefix(strings.ToLower(base), "uuidv7") {
			t.Errorf("%s without Out: %q, want a name after the package or the layout", e.Name(), base)
		}
		o.Out = filepath.Join("dir", "out"+filepath.Ext(files[0].Name))
		if !strings.HasPrefix(files[0].Name, "ids") && !strings.HasPrefix(files[0].Name, "uuidv7") {
			// A language whose file names its type (Java's public class
			// must be in CLASS.java) takes the type's name from Out's file
			// name: another folder, the same name.
			o.Out = filepath.Join("dir", files[0].Name)
		}
		again, err := e.Generate(l, o)
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if got, want := fileNames(again), e.Files(o.Out); !slices.Equal(got, want) {
			t.Errorf("%s with Out %q: files %q, want %q", e.Name(), o.Out, got, want)
		}
		for i := range files {
			if len(files[i].Content) == 0 || string(files[i].Content) != string(again[i].Content) {
				t.Errorf("%s: file %d: empty, or not the same with another Out", e.Name(), i)
			}
		}
	}
}

func fileNames(files []emit.File) []string {
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	return names
}

// A mistake in the options matches ErrOption, with the language's own
// message: a type name that is no identifier, a prefix that is no SQL
// name, a required option left empty.
func TestErrOption(t *testing.T) {
	l := builtin(t, "uuidv7")
	for _, e := range gen.Languages() {
		for _, p := range e.Params() {
			o := options(e, "ids")
			switch {
			case p.Required:
				o.Set(p.Option, "")
			case p.Option == emit.Type || p.Option == emit.Prefix || p.Option == emit.Schema:
				o.Set(p.Option, "9 bad")
			case p.Option == emit.Text:
				o.Set(p.Option, "base64")
			default:
				continue
			}
			_, err := e.Generate(l, o)
			if !errors.Is(err, emit.ErrOption) || strings.HasPrefix(err.Error(), emit.ErrOption.Error()) {
				t.Errorf("%s, -%v %q: %v, want an error of its own that matches ErrOption", e.Name(), p.Option, o.Get(p.Option), err)
			}
		}
		// A runtime to share: the language shares one, or refuses it.
		o := options(e, "ids")
		o.Runtime = "./runtime"
		if _, err := e.Generate(l, o); err != nil && !errors.Is(err, emit.ErrOption) {
			t.Errorf("%s, Runtime %q: %v, want nil or ErrOption", e.Name(), o.Runtime, err)
		}
	}
}

// OptionError keeps the error's message and what it matches.
func TestOptionError(t *testing.T) {
	base := errors.New("bad name")
	err := emit.OptionError(base)
	if err.Error() != "bad name" || !errors.Is(err, emit.ErrOption) || !errors.Is(err, base) {
		t.Errorf("OptionError: %q, Is ErrOption %v, Is its error %v", err, errors.Is(err, emit.ErrOption), errors.Is(err, base))
	}
	if emit.OptionError(nil) != nil {
		t.Error("OptionError(nil) is not nil")
	}
	var o emit.Options
	for _, opt := range emit.AllOptions() {
		o.Set(opt, opt.String())
		if o.Get(opt) != opt.String() || strings.HasPrefix(opt.String(), "Option(") {
			t.Errorf("option %d: String %q, Get after Set %q", opt, opt, o.Get(opt))
		}
	}
}

// The characters that can end a comment early or reorder how source reads
// ("Trojan Source", CVE-2021-42574): the bidirectional embeddings,
// overrides and isolates, the marks, the line and paragraph separators,
// and other format and control characters.
var trojan = []rune{
	'\u202a', '\u202b', '\u202c', '\u202d', '\u202e', // embeddings, overrides, pop
	'\u2066', '\u2067', '\u2068', '\u2069', // isolates
	'\u200e', '\u200f', '\u061c', // marks
	'\u2028', '\u2029', '\u0085', // line and paragraph ends
	'\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\U000e0001', // other format characters
	'\r', '\f', '\v', '\x00', '\x1b', '\x7f', // controls
}

// Every language escapes, in the comments it writes, the characters that
// could reorder or end them, wherever a spec's text reaches them: its
// comment (the layout's doc). Go's and Java's did; SQL's, JavaScript's and
// Python's passed them through. A declared encoding's title cannot carry
// one: it is refused where the spec is read (gen/crosslang's
// TestHostileTitlesRefused).
func TestCommentsEscapeControls(t *testing.T) {
	var doc strings.Builder
	for _, r := range trojan {
		doc.WriteString("# before " + string(r) + " after\n")
	}
	title := `  encoding tr4 Tr` + "\u202e" + `x 0123456789abcdefghijklmnopqrstuv
`
	if _, err := layouts.Parse("title.layout", []byte("layout t 64\n"+title+"  text tr4\n  stamp 64 time unix ms\n")); err == nil {
		t.Error("a title holding U+202E parses")
	}
	spec := doc.String() + `layout trojan 64
  encoding tr4 Tr4 0123456789abcdefghijklmnopqrstuv
  text tr4
  stamp  48  time unix ms
  noise  16  random
`
	l, err := layouts.Parse("trojan.layout", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	r := resolved.Must(l)
	for _, e := range gen.Languages() {
		files, err := e.Generate(r, options(e, "trojan"))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		for _, f := range files {
			text := string(f.Content)
			if !strings.Contains(text, "before") {
				t.Errorf("%s: %s holds none of the spec's comment", e.Name(), f.Name)
			}
			for _, c := range trojan {
				if strings.ContainsRune(text, c) {
					t.Errorf("%s: %s holds %U raw", e.Name(), f.Name, c)
				}
			}
		}
	}
}
