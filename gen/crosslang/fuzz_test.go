package conformance_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"math/big"
	"os"
	"os/exec"
	pathpkg "path"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/java"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// FuzzEmitters hands random layouts (fuzz.RandomSpec of the first input)
// to the JavaScript, Python and Java emitters, runs the modules under node,
// python3 and java, and holds what they say to the interpreter and the reference
// codecs, as the corpus does but for layouts no one wrote down:
//
//   - for IDs packed from field values drawn from the second input, the
//     all-zero and all-one IDs and the second input's bytes taken as an ID
//     (whose constants may be wrong): every encoding, the bytes, the fields,
//     validity, the time (unixNanos, and time() to its precision), parsing
//     every text back, and pack of the drawn values (and of each integer
//     field one bit too wide, which must be ErrRange);
//   - MinAt and MaxAt around the epoch, at a drawn instant and around the
//     end of the layout's time;
//   - the corpus's bad inputs, made from the second input's ID, each giving
//     the error code the Go sentinel names;
//   - generators on test clocks from a drawn instant, with a drawn node,
//     one clock going on half a tick a reading and one first going back
//     7 seconds a reading: their IDs are valid to the interpreter, carry
//     the node, fall in the ticks the clock read (or a few past them, for a
//     borrowing counter) and, for a monotonic layout, strictly increase.
//
// Each fuzzing process keeps one node, one python3 and one java worker
// (testdata/fuzzworker.*, testdata/FuzzWorker.java, which compiles each
// class in-process with javax.tools) that read a request a line, so that
// an input costs a round trip rather than process starts; they stop when
// the target ends. A language whose tool is missing is skipped, with a message.
func FuzzEmitters(f *testing.F) {
	if testing.Short() {
		f.Skip("runs node and python3 on random layouts")
	}
	ws := startWorkers(f)
	dir := f.TempDir()
	for i := range 6 {
		seed := sha256.Sum256([]byte(fmt.Sprint("idforge fuzz emitters ", i)))
		f.Add(seed[:16], seed[16:])
	}
	f.Add([]byte{}, []byte{})
	f.Add(bytes.Repeat([]byte{0xff}, 16), bytes.Repeat([]byte{0xff}, 64))
	var mu sync.Mutex
	n := 0
	f.Fuzz(func(t *testing.T, specData, values []byte) {
		spec := fuzz.RandomSpec(specData)
		l, err := layouts.Parse("random.layout", []byte(spec))
		if err != nil {
			t.Fatalf("RandomSpec gave a spec that does not parse: %v\n%s", err, spec)
		}
		c := newFuzzCase(t, l, values)
		mu.Lock()
		defer mu.Unlock()
		for _, w := range ws {
			n++
			c.run(t, w, filepath.Join(dir, fmt.Sprintf("m%d", n)), spec)
		}
	})
}

// TestEmitterEdges holds the layouts of testdata/edges, written down where
// FuzzEmitters once found an emitter wrong, to what FuzzEmitters asks of a
// random layout, with values drawn from each spec's text.
func TestEmitterEdges(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs node and python3 on the edge layouts")
	}
	files, err := filepath.Glob("testdata/edges/*.layout")
	if err != nil || len(files) == 0 {
		t.Fatalf("no edge layouts in testdata/edges: %v", err)
	}
	ws := startWorkers(t)
	dir := t.TempDir()
	for i, file := range files {
		spec, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		l, err := layouts.Parse(file, spec)
		if err != nil {
			t.Fatal(err)
		}
		values := sha256.Sum256(spec)
		t.Run(filepath.Base(file), func(t *testing.T) {
			c := newFuzzCase(t, l, values[:])
			for _, w := range ws {
				c.run(t, w, filepath.Join(dir, fmt.Sprintf("%s%d", w.lang, i)), string(spec))
			}
		})
	}
}

// harnesses are the fuzz workers of the registry's languages that this
// package checks, by the language's name: the command that answers
// fuzzworker requests about a module, and the ending of the module's
// file.
var harnesses = map[string]harness{
	"js":     {name: "node", args: []string{"testdata/fuzzworker.mjs"}, ext: ".js"},
	"python": {name: "python3", args: []string{"-B", "testdata/fuzzworker.py"}, ext: ".py"}, // -B: no __pycache__ in the checkout
	"java":   {name: "java", args: []string{"testdata/FuzzWorker.java"}, ext: ".java", pkg: "fuzz"},
}

// harness is how a language's modules are checked: name and args start
// its fuzz worker, and ext ends a module's file name. pkg is the package
// the module is generated into, for a language whose code is in one
// (Java's): its module is then base/ID.ext, in a folder of its own, as a
// Java class's file is named after the class.
type harness struct {
	name string
	args []string
	ext  string
	pkg  string
}

// checkedElsewhere says, for each language of the registry that has no
// harness here, where its generated code is held to the corpus instead: a
// test function in a file, named from the repository's root.
// TestEveryLanguageChecked holds each to what it says: the file has the
// test, and the test reads the corpus and writes the language's code with
// the language's emitter.
var checkedElsewhere = map[string]elsewhere{
	"go":      {file: "gen/golang/corpus_test.go", test: "TestCorpus", what: "the generated packages built and run in a module of their own"},
	"sql":     {file: "interop/pgsql/corpus_test.go", test: "TestCorpus", what: "the corpus on a real PostgreSQL"},
	"mariadb": {file: "interop/mariadb/mariadb_test.go", test: "TestCorpus", what: "the corpus on a real MariaDB"},
	"duckdb":  {file: "interop/duckdb/corpus_test.go", test: "TestCorpus", what: "the corpus on a real DuckDB"},
	// The schemas are no code to run: TestSchemas judges the corpus's
	// texts with their patterns, in Go, Python and ajv.
	"jsonschema": {file: "gen/crosslang/schema_test.go", test: "TestSchemas", what: "the schema's pattern judges the corpus's texts under Go regexp, Python re and ajv"},
	"openapi":    {file: "gen/crosslang/schema_test.go", test: "TestSchemas", what: "the OpenAPI component under ajv"},
}

// elsewhere is a test outside gen/crosslang that holds a language to the
// corpus: the function test in file (a path from the repository's root),
// and what it does.
type elsewhere struct {
	file, test, what string
}

// Every language of the registry (package gen) is held to the corpus: by a
// harness here, or where checkedElsewhere says, which must be a test that
// reads the corpus and calls the language's emitter; and neither names a
// language the registry does not have.
func TestEveryLanguageChecked(t *testing.T) {
	t.Parallel()
	for _, name := range gen.Names() {
		_, here := harnesses[name]
		e, there := checkedElsewhere[name]
		switch {
		case !here && !there:
			t.Errorf("language %s: no harness in gen/crosslang (harnesses) and no test named elsewhere (checkedElsewhere): its generated code is held to nothing", name)
		case here && there:
			t.Errorf("language %s: a harness here, and checked elsewhere too (%s)", name, e.file)
		case there:
			em, _ := gen.Lookup(name)
			if err := e.check(emitterPackage(em)); err != nil {
				t.Errorf("language %s: checkedElsewhere: %v", name, err)
			}
		}
	}
	for name := range harnesses {
		if _, ok := gen.Lookup(name); !ok {
			t.Errorf("harness of %s: no such language in the registry", name)
		}
	}
	for name := range checkedElsewhere {
		if _, ok := gen.Lookup(name); !ok {
			t.Errorf("checkedElsewhere names %s: no such language in the registry", name)
		}
	}
}

// The check of checkedElsewhere refuses a file that is not there, a test
// that is not in it, and a test that reads no corpus or calls no emitter
// of the language.
func TestElsewhereCheck(t *testing.T) {
	t.Parallel()
	golang := emitterPackage(mustLookup(t, "go"))
	for _, e := range []elsewhere{
		{file: "gen/golang/no_such_test.go", test: "TestCorpus"},
		{file: "gen/golang/corpus_test.go", test: "TestNoSuchTest"},
		{file: "gen/golang/gen_test.go", test: "TestUnsupported"},  // no corpus
		{file: "interop/pgsql/corpus_test.go", test: "TestCorpus"}, // another language's
		{file: "gen/golang/corpus_test.go", test: "corpusTest"},    // no test function
	} {
		if err := e.check(golang); err == nil {
			t.Errorf("%s %s: no error", e.file, e.test)
		} else {
			t.Log(err)
		}
	}
}

func mustLookup(t *testing.T, name string) emit.Emitter {
	e, ok := gen.Lookup(name)
	if !ok {
		t.Fatalf("no language %s", name)
	}
	return e
}

// emitterPackage returns the import path of the package that defines an
// emitter's type: the language's own package (gen/golang, gen/pgsql).
func emitterPackage(e emit.Emitter) string {
	typ := reflect.TypeOf(e)
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	return typ.PkgPath()
}

// check returns an error unless e.file declares the test function e.test
// (func TestX(t *testing.T)), whose body reads the corpus (conformance.Load
// or conformance.Corpus) and calls into the emitter's package, pkg.
func (e elsewhere) check(pkg string) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join("..", "..", filepath.FromSlash(e.file)), nil, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	imports := map[string]string{} // the name a file gives an import, its path
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := pathpkg.Base(path)
		if im.Name != nil {
			name = im.Name.Name
		}
		imports[name] = path
	}
	var fn *ast.FuncDecl
	for _, d := range f.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && d.Recv == nil && d.Name.Name == e.test {
			fn = d
		}
	}
	if fn == nil {
		return fmt.Errorf("%s has no function %s", e.file, e.test)
	}
	if !strings.HasPrefix(e.test, "Test") || len(fn.Type.Params.List) != 1 || types.ExprString(fn.Type.Params.List[0].Type) != "*testing.T" {
		return fmt.Errorf("%s: %s is no test function (func TestX(t *testing.T))", e.file, e.test)
	}
	readsCorpus, callsEmitter := false, false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok {
			switch imports[x.Name] {
			case "github.com/idforge/idforge/conformance":
				readsCorpus = readsCorpus || sel.Sel.Name == "Load" || sel.Sel.Name == "Corpus"
			case "github.com/idforge/idforge/interop/internal/corpustest":
				readsCorpus = readsCorpus || sel.Sel.Name == "Layouts"
			case pkg:
				callsEmitter = true
			}
		}
		return true
	})
	switch {
	case !readsCorpus:
		return fmt.Errorf("%s's %s reads no corpus (conformance.Load or conformance.Corpus, or interop's corpustest.Layouts)", e.file, e.test)
	case !callsEmitter:
		return fmt.Errorf("%s's %s does not call the language's emitter (package %s)", e.file, e.test, pkg)
	}
	return nil
}

// startWorkers starts a worker for each language of the registry that has
// a harness and whose tool is here, and stops them when tb ends; with
// none, tb is skipped, with a message.
func startWorkers(tb testing.TB) []*worker {
	var ws []*worker
	for _, lang := range gen.Names() {
		h, ok := harnesses[lang]
		if !ok {
			continue
		}
		w := &worker{lang: lang, name: h.name, args: h.args, ext: h.ext, pkg: h.pkg}
		if _, err := exec.LookPath(w.name); err != nil {
			tb.Logf("the %s modules are not checked: %s", w.lang, testenv.MissingTool(w.name))
			continue
		}
		ws = append(ws, w)
	}
	if len(ws) == 0 {
		tb.Skip(testenv.MissingTool(testenv.Node) + "; " + testenv.MissingTool(testenv.Python))
	}
	tb.Cleanup(func() {
		for _, w := range ws {
			w.stop()
		}
	})
	return ws
}

// fuzzCase is one input's layout, what is asked of its modules, and what
// the interpreter says they must answer.
type fuzzCase struct {
	l      *layouts.Layout
	req    fuzzRequest
	ids    []conformance.Record
	packed []string // the hex each IDs' pack must give, "" for IDs not packed
	bounds []conformance.Record
	bad    []conformance.Record
}

type fuzzRequest struct {
	Module   string               `json:"module"`
	IDs      []fuzzID             `json:"ids"`
	Bounds   []string             `json:"bounds"`
	Bad      []conformance.Record `json:"bad"`
	Generate []fuzzGenerate       `json:"generate"`
}

type fuzzID struct {
	Hex       string            `json:"hex"`
	Pack      map[string]string `json:"pack,omitempty"` // decimal, or hex for a bytes field
	PackBytes []string          `json:"packBytes"`      // which of Pack are bytes fields
	// Wide holds, for every integer field, a value one bit too wide for
	// it: pack must refuse each, given in place of the field's in Pack,
	// with ErrRange.
	Wide map[string]string `json:"wide"`
}

// fuzzGenerate is a run of a generator on a test clock. Its k-th reading
// (from 0), in ns since the Unix epoch, is Start - k*Back for the first
// BackReadings, then Start + (k-BackReadings+1)*Step: a clock that goes
// back, then on.
type fuzzGenerate struct {
	Node         *string `json:"node"` // decimal; nil for a layout whose generator takes none
	Start        string  `json:"start"`
	Step         string  `json:"step"`
	Back         string  `json:"back"`
	BackReadings int     `json:"backReadings"`
	N            int     `json:"n"`
}

func newFuzzCase(t *testing.T, l *layouts.Layout, values []byte) *fuzzCase {
	t.Helper()
	c := &fuzzCase{l: l}
	c.req.Bounds, c.req.Generate = []string{}, []fuzzGenerate{} // a layout without a time has none
	in := fuzz.NewBits(values)
	raw := make([]byte, l.Bytes())
	copy(raw, values)
	add := func(b []byte, pack map[string]string, packBytes []string) {
		r, err := conformance.ID(l, b)
		if err != nil {
			t.Fatal(err)
		}
		c.ids = append(c.ids, r)
		wide := map[string]string{}
		if pack != nil {
			for _, f := range l.Fields {
				if !f.Bytes {
					wide[f.Name] = new(big.Int).Lsh(big.NewInt(1), uint(f.Width)).String()
				}
			}
		}
		c.req.IDs = append(c.req.IDs, fuzzID{Hex: r.Hex, Pack: pack, PackBytes: packBytes, Wide: wide})
		if pack != nil {
			c.packed = append(c.packed, r.Hex)
		} else {
			c.packed = append(c.packed, "")
		}
	}
	for range 2 {
		v := in.Values(l)
		pack, packBytes := map[string]string{}, []string{}
		for _, f := range l.Fields {
			x := v[f.Name]
			if f.Bytes {
				pack[f.Name] = hex.EncodeToString(x.FillBytes(make([]byte, f.Width/8)))
				packBytes = append(packBytes, f.Name)
			} else {
				pack[f.Name] = x.String()
			}
		}
		b, err := interp.Pack(l, v)
		if err != nil {
			t.Fatalf("interp.Pack(%v): %v", v, err)
		}
		add(b, pack, packBytes)
	}
	add(make([]byte, l.Bytes()), nil, nil)
	add(bytes.Repeat([]byte{0xff}, l.Bytes()), nil, nil)
	add(raw, nil, nil)

	if v, ok := l.Value(layouts.Time); ok {
		drawnAt := v.Epoch.Add(-24 * time.Hour).Add(time.Duration(in.Take(62).Int64()))
		ats := []time.Time{v.Epoch.Add(-1), v.Epoch, v.Epoch.Add(1), drawnAt, drawnAt.Add(1)}
		if end, ok := l.Overflow(); ok {
			last := interp.TicksTime(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(v.Width)), big.NewInt(1)))
			ats = append(ats, end.Add(-1), end, end.Add(time.Hour), last, last.Add(1))
		}
		for _, at := range ats {
			r, err := conformance.Bound(l, at)
			if err != nil {
				t.Fatal(err)
			}
			c.bounds = append(c.bounds, r)
			c.req.Bounds = append(c.req.Bounds, r.At)
		}
		// Generators from a drawn instant of the next ten years after 2026,
		// on a clock that moves on about half a tick at every reading, so
		// that IDs share ticks and counters count; and on one that first
		// goes back 7 seconds at each of its first readings.
		start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(in.Take(62).Int64() % int64(10*365*24*time.Hour)))
		step := new(big.Int).SetUint64(v.Unit.Num * 1e9)
		step.Quo(step, new(big.Int).SetUint64(2*v.Unit.Den))
		if step.Sign() == 0 {
			step.SetInt64(1)
		}
		g := fuzzGenerate{Start: conformance.UnixNanos(start).String(), Step: step.String(), Back: "0", N: 16}
		if nv, ok := l.Value(layouts.Node); ok && l.NeedsNode() {
			node := in.Take(nv.Width).String()
			g.Node = &node
		}
		back := g
		back.Back, back.BackReadings = fmt.Sprint(int64(7*time.Second)), 3
		c.req.Generate = []fuzzGenerate{g, back}
	}
	c.bad = conformance.Bad(l, raw)
	c.req.Bad = c.bad
	return c
}

// run asks worker w about the module of the case's layout, written at
// base plus the language's extension, and checks every answer.
func (c *fuzzCase) run(t *testing.T, w *worker, base, spec string) {
	t.Helper()
	e, ok := gen.Lookup(w.lang)
	if !ok {
		t.Fatalf("no language %q in the registry", w.lang)
	}
	rl, err := resolved.New(c.l)
	if err != nil {
		t.Fatalf("%v\n%s", err, spec)
	}
	o := emit.Options{Out: base + w.ext, Type: "ID", Package: w.pkg}
	if w.pkg != "" {
		if err := os.MkdirAll(base, 0o755); err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(base)
		o.Out = filepath.Join(base, "ID"+w.ext)
	}
	files, err := e.Generate(rl, o)
	if err != nil {
		t.Fatalf("%s emitter: %v\n%s", w.lang, err, spec)
	}
	for _, f := range files {
		if err := os.WriteFile(f.Name, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(f.Name)
	}
	c.req.Module = files[0].Name
	var a fuzzAnswer
	if err := w.ask(c.req, &a); err != nil {
		t.Fatalf("%s: %v\n%s", w.name, err, spec)
	}
	if a.Failed != "" {
		t.Fatalf("%s failed on the module:\n%s\n%s", w.lang, a.Failed, spec)
	}
	var errs []string
	errorf := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	c.check(w.lang, &a, errorf)
	if len(errs) > 0 {
		if len(errs) > 20 {
			errs = append(errs[:20], fmt.Sprintf("... and %d more", len(errs)-20))
		}
		t.Fatalf("the %s module of this layout differs from the interpreter:\n%s\n  %s", w.lang, spec, strings.Join(errs, "\n  "))
	}
}

// fuzzAnswer is a worker's answer; an entry that threw is {"error": code}.
type fuzzAnswer struct {
	Failed    string           `json:"failed"`
	IDs       []idAnswer       `json:"ids"`
	Bounds    []boundAnswer    `json:"bounds"`
	Bad       []string         `json:"bad"`
	Generated []generateAnswer `json:"generated"`
}

type idAnswer struct {
	Error     string             `json:"error"`
	Hex       string             `json:"hex"`
	Base62    string             `json:"base62"`
	Crockford string             `json:"crockford"`
	Text      string             `json:"text"`
	JSON      *string            `json:"json"` // JS only: JSON.stringify
	Bytes     string             `json:"bytes"`
	Fields    map[string]string  `json:"fields"`
	Valid     *bool              `json:"valid"`
	UnixNs    *string            `json:"unix_ns"`
	TimeMs    orError            `json:"time_ms"` // JS: time().getTime()
	TimeUs    orError            `json:"time_us"` // Python: time() in microseconds since the Unix epoch
	TimeNs    orError            `json:"time_ns"` // Java: time(), an Instant, in nanoseconds since the Unix epoch
	Parsed    []orError          `json:"parsed"`
	Packed    orError            `json:"packed"`
	Wide      map[string]orError `json:"wide"`
	HashEq    *bool              `json:"hash_eq"` // Python only
}

// orError is a string, null, or a thrown error's code.
type orError struct {
	null  bool
	s     string
	error string
}

func (o *orError) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		o.null = true
		return nil
	}
	if err := json.Unmarshal(b, &o.s); err == nil {
		return nil
	}
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(b, &e); err != nil {
		return err
	}
	o.error = e.Error
	return nil
}

func (o orError) String() string {
	switch {
	case o.null:
		return "null"
	case o.error != "":
		return "error " + o.error
	}
	return fmt.Sprintf("%q", o.s)
}

type boundAnswer struct {
	Error string `json:"error"`
	Min   string `json:"min"`
	Max   string `json:"max"`
}

type generateAnswer struct {
	Error string   `json:"error"`
	IDs   []string `json:"ids"`
	Min   string   `json:"min"` // the clock's earliest reading
	Max   string   `json:"max"` // and its latest
	// Stopped is the code of the error that ended the run early, if one did.
	Stopped *string `json:"stopped"`
}

// check compares a worker's answer with the interpreter's records.
func (c *fuzzCase) check(lang string, a *fuzzAnswer, errorf func(string, ...any)) {
	if len(a.IDs) != len(c.ids) || len(a.Bounds) != len(c.bounds) || len(a.Bad) != len(c.bad) {
		errorf("answered %d IDs, %d bounds, %d bad inputs; asked %d, %d, %d", len(a.IDs), len(a.Bounds), len(a.Bad), len(c.ids), len(c.bounds), len(c.bad))
		return
	}
	for i, r := range c.ids {
		c.checkID(lang, r, c.packed[i], c.req.IDs[i], a.IDs[i], errorf)
	}
	for i, r := range c.bounds {
		if got := a.Bounds[i]; got.Error != r.Error || got.Min != r.Min || got.Max != r.Max {
			errorf("minAt/maxAt(%s) = %s/%s (error %q), want %s/%s (error %q)", r.At, got.Min, got.Max, got.Error, r.Min, r.Max, r.Error)
		}
	}
	for i, r := range c.bad {
		if a.Bad[i] != r.Error {
			errorf("%s %q: %s, want %s", r.Form, r.Input, a.Bad[i], r.Error)
		}
	}
	if len(a.Generated) != len(c.req.Generate) {
		errorf("answered %d generator runs, asked %d", len(a.Generated), len(c.req.Generate))
		return
	}
	for i, g := range c.req.Generate {
		c.checkGenerated(g, a.Generated[i], errorf)
	}
}

func (c *fuzzCase) checkID(lang string, r conformance.Record, packed string, want fuzzID, a idAnswer, errorf func(string, ...any)) {
	if a.Error != "" {
		errorf("%s: threw %s", r.Hex, a.Error)
		return
	}
	for _, x := range []struct{ what, got, want string }{
		{"hex", a.Hex, r.Hex}, {"base62", a.Base62, r.Base62}, {"crockford", a.Crockford, r.Crockford},
		{"text", a.Text, r.Text}, {"bytes", a.Bytes, r.Hex},
	} {
		if x.got != x.want {
			errorf("%s: %s = %q, want %q", r.Hex, x.what, x.got, x.want)
		}
	}
	if lang == "js" && (a.JSON == nil || *a.JSON != `"`+r.Text+`"`) {
		errorf("%s: JSON.stringify = %v, want %q", r.Hex, a.JSON, `"`+r.Text+`"`)
	}
	if lang == "python" && (a.HashEq == nil || !*a.HashEq) {
		errorf("%s: hash differs from the hash of the same ID parsed", r.Hex)
	}
	if len(a.Fields) != len(r.Fields) {
		errorf("%s: fields %v, want %v", r.Hex, a.Fields, r.Fields)
	}
	for k, want := range r.Fields {
		if lang == "java" {
			k = java.ComponentName(k) // a record's component: unix_ms is unixMs
		}
		if got, ok := a.Fields[k]; !ok || got != want {
			errorf("%s: field %s = %q, want %q", r.Hex, k, got, want)
		}
	}
	if a.Valid == nil || *a.Valid != *r.Valid {
		errorf("%s: valid %v, want %v", r.Hex, a.Valid, *r.Valid)
	}
	gotNs := ""
	if a.UnixNs != nil {
		gotNs = *a.UnixNs
	}
	if gotNs != r.UnixNs {
		errorf("%s: unix nanos %q, want %q", r.Hex, gotNs, r.UnixNs)
	}
	c.checkTime(lang, r, a, errorf)
	// The text of an ID whose top bit is set, where the layout's top bit
	// is a constant zero, is a number above 2^63-1 that reads as bad text,
	// as in Go's Parse.
	badText := ""
	if t, err := resolved.TextIn(c.l, "decimal"); err == nil && c.l.CanonicalText() == "decimal" {
		badText = conformance.DecimalError(r.Text, t.Signed)
	}
	for i, p := range a.Parsed {
		if i == 5 && badText != "" {
			if p.error != badText {
				errorf("%s: parse of its text %q gave %v, want %s", r.Hex, r.Text, p, badText)
			}
			continue
		}
		if p.error != "" || p.s != r.Hex {
			errorf("%s: parse of its text #%d (hex, HEX, base62, crockford, lower crockford, text) gave %v", r.Hex, i, p)
		}
	}
	if len(a.Parsed) != 6 {
		errorf("%s: %d texts parsed, want 6", r.Hex, len(a.Parsed))
	}
	if packed != "" && (a.Packed.error != "" || a.Packed.s != packed) {
		errorf("%s: pack of its fields gave %v", r.Hex, a.Packed)
	}
	for k, w := range want.Wide {
		if f, ok := c.l.Field(k); ok && lang == "java" && f.Width == 64 {
			continue // a Java long holds no value of 65 bits: the type refuses it
		}
		if got, ok := a.Wide[k]; !ok || got.error != "ErrRange" {
			errorf("%s: pack with %s = %s, too wide, gave %v, want error ErrRange", r.Hex, k, w, got)
		}
	}
}

// checkTime checks time() against the interpreter's nanoseconds: a JS Date
// holds whole milliseconds within ±8.64e15 of the epoch, a Python datetime
// whole microseconds in years 1 to 9999, a Java Instant nanoseconds within
// a billion years; outside, time() throws ErrTime.
func (c *fuzzCase) checkTime(lang string, r conformance.Record, a idAnswer, errorf func(string, ...any)) {
	got, per, lo, hi := a.TimeMs, big.NewInt(1e6), big.NewInt(-8.64e15), big.NewInt(8.64e15)
	if lang == "python" {
		got, per = a.TimeUs, big.NewInt(1e3)
		lo = big.NewInt(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro())
		hi = big.NewInt(time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC).UnixMicro())
	}
	if lang == "java" {
		// An Instant holds nanoseconds from -1000000000-01-01 to the end of
		// +1000000000-12-31.
		got, per = a.TimeNs, big.NewInt(1)
		lo = new(big.Int).Mul(big.NewInt(-31557014167219200), big.NewInt(1e9))
		hi = new(big.Int).Mul(big.NewInt(31556889864403199), big.NewInt(1e9))
		hi.Add(hi, big.NewInt(999999999))
	}
	if r.UnixNs == "" {
		if !got.null {
			errorf("%s: time() = %v for a layout without a time, want null", r.Hex, got)
		}
		return
	}
	ns, _ := new(big.Int).SetString(r.UnixNs, 10)
	want, _ := new(big.Int).DivMod(ns, per, new(big.Int)) // rounded down: Euclid's division, by a positive divisor
	if want.Cmp(lo) < 0 || want.Cmp(hi) > 0 {
		if got.error != "ErrTime" {
			errorf("%s: time() = %v at %s ns, out of the type's range, want error ErrTime", r.Hex, got, r.UnixNs)
		}
		return
	}
	if got.error != "" || got.null || got.s != want.String() {
		errorf("%s: time() = %v, want %s (%s ns)", r.Hex, got, want, r.UnixNs)
	}
}

// checkGenerated checks a generator's IDs with the interpreter: valid,
// with the node given, a tick within the clock's readings, and for a
// monotonic layout strictly increasing, even while the clock goes back.
func (c *fuzzCase) checkGenerated(g fuzzGenerate, a generateAnswer, errorf func(string, ...any)) {
	// A layout whose counter waits for the next tick may give up on a
	// clock that went back, as Go's generator does, after a second's wait
	// on the real clock: ErrClockBackwards or ErrClockStalled, after one ID
	// at least.
	_, waits := c.l.Value(layouts.Counter)
	waits = waits && c.counterWaits()
	gaveUp := a.Stopped != nil && g.BackReadings > 0 && waits && len(a.IDs) > 0 &&
		(*a.Stopped == "ErrClockBackwards" || *a.Stopped == "ErrClockStalled")
	if a.Error != "" || (len(a.IDs) != g.N || a.Stopped != nil) && !gaveUp {
		stopped := "nothing"
		if a.Stopped != nil {
			stopped = *a.Stopped
		}
		errorf("generator (node %v, clock from %s back by %s %d times, then on by %s): %d IDs of %d, error %q, stopped by %s",
			g.Node, g.Start, g.Back, g.BackReadings, g.Step, len(a.IDs), g.N, a.Error, stopped)
		return
	}
	v, _ := c.l.Value(layouts.Time)
	ns := func(s string) time.Time {
		x, _ := new(big.Int).SetString(s, 10)
		sec, rem := new(big.Int).DivMod(x, big.NewInt(1e9), new(big.Int))
		return time.Unix(sec.Int64(), rem.Int64()).UTC()
	}
	first, err := interp.Ticks(v, ns(a.Min))
	if err != nil {
		errorf("ticks of the clock's earliest reading %s: %v", a.Min, err)
		return
	}
	last, err := interp.Ticks(v, ns(a.Max))
	if err != nil {
		errorf("ticks of the clock's latest reading %s: %v", a.Max, err)
		return
	}
	// A borrowing counter that runs out takes the next tick: at most one
	// a call. Otherwise no ID is ahead of the clock.
	if _, ok := c.l.Value(layouts.Counter); ok && !c.counterWaits() {
		last.Add(last, big.NewInt(int64(g.N)))
	}
	monotonic := c.l.Monotonic() && c.l.TimeSortable()
	var prev []byte
	for i, h := range a.IDs {
		b, err := hex.DecodeString(h)
		if err != nil || len(b) != c.l.Bytes() {
			errorf("generated #%d %q: not %d bytes of hex", i, h, c.l.Bytes())
			return
		}
		if _, err := interp.Unpack(c.l, b); err != nil {
			errorf("generated #%d %s: %v", i, h, err)
		}
		if g.Node != nil {
			node, err := interp.Role(c.l, b, layouts.Node)
			if err != nil || node.String() != *g.Node {
				errorf("generated #%d %s: node %v (%v), want %s", i, h, node, err, *g.Node)
			}
		}
		tick, err := interp.Role(c.l, b, layouts.Time)
		if err != nil || tick.Cmp(first) < 0 || tick.Cmp(last) > 0 {
			errorf("generated #%d %s: tick %v (%v), want one in [%s, %s], the clock's readings", i, h, tick, err, first, last)
		}
		if monotonic && prev != nil && bytes.Compare(b, prev) <= 0 {
			errorf("generated #%d %s: not above the one before, %x, in a monotonic layout", i, h, prev)
		}
		prev = b
	}
}

// counterWaits reports whether the layout's counter, which it must have,
// waits for the next tick when it runs out.
func (c *fuzzCase) counterWaits() bool {
	cv, _ := c.l.Value(layouts.Counter)
	return cv.Overflow == layouts.OverflowWait
}

// worker is a long-lived node or python3 process that answers fuzzworker
// requests, one JSON line each. It is started at its first request and
// restarted every restartEvery requests, as node keeps every module it
// imported.
type worker struct {
	lang, name string
	args       []string
	ext        string // the ending of a module's file: ".js", ".py", ".java"
	pkg        string // the module's package, for Java

	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan []byte
	stderr *capped
	asked  int
}

const (
	restartEvery = 500
	// answerWithin bounds the wait for one answer, so that a module that
	// loops for ever fails the input rather than hanging the fuzzer. It is
	// no measure of speed: an answer takes milliseconds.
	answerWithin = 2 * time.Minute
)

func (w *worker) start() error {
	w.cmd = exec.Command(w.name, w.args...)
	w.stderr = &capped{max: 1 << 16}
	w.cmd.Stderr = w.stderr
	in, err := w.cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := w.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := w.cmd.Start(); err != nil {
		return err
	}
	w.in, w.lines, w.asked = in, make(chan []byte), 0
	go func(lines chan<- []byte) {
		defer close(lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<26)
		for sc.Scan() {
			lines <- bytes.Clone(sc.Bytes())
		}
	}(w.lines)
	return nil
}

// ask sends req and decodes the answer into a.
func (w *worker) ask(req any, a any) error {
	if w.cmd != nil && w.asked >= restartEvery {
		w.stop()
	}
	if w.cmd == nil {
		if err := w.start(); err != nil {
			w.cmd = nil
			return err
		}
	}
	w.asked++
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := w.in.Write(append(b, '\n')); err != nil {
		w.stop()
		return fmt.Errorf("writing to the worker: %v\n%s", err, w.stderr)
	}
	select {
	case line, ok := <-w.lines:
		if !ok {
			w.stop()
			return fmt.Errorf("the worker ended:\n%s", w.stderr)
		}
		return json.Unmarshal(line, a)
	case <-time.After(answerWithin):
		w.stop()
		return fmt.Errorf("no answer within %v:\n%s", answerWithin, w.stderr)
	}
}

// stop ends the worker: it ends when its input does, else it is killed.
func (w *worker) stop() {
	if w.cmd == nil {
		return
	}
	w.in.Close()
	done := make(chan struct{})
	go func() {
		for range w.lines { // drain, so that the reader ends
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		w.cmd.Process.Kill()
		<-done
	}
	w.cmd.Wait()
	w.cmd = nil
}

// capped keeps the first max bytes written to it.
type capped struct {
	mu  sync.Mutex
	max int
	b   bytes.Buffer
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.String()
}
