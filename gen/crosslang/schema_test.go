package conformance_test

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/jsonschema"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// schemaNpmDir pins the JSON Schema validator TestSchemas runs: ajv
// (draft 2020-12, ajv/dist/2020) and ajv-formats, installed as npmDir's
// tools are, into a cache directory of their own.
const schemaNpmDir = "testdata/schemas"

var schemaNpmOnce struct {
	sync.Once
	dir, out string
	err      error
}

// schemaCase is a text and whether a layout's schema must accept it, with
// where the case comes from, for messages.
type schemaCase struct {
	Text string `json:"text"`
	Want bool   `json:"want"`
	From string `json:"from"`
}

// schemaLayout is what the Python and JavaScript checks read of a layout:
// its JSON Schema, its OpenAPI document's component, and the cases.
type schemaLayout struct {
	Name      string          `json:"name"`
	Schema    json.RawMessage `json:"schema"`
	Component json.RawMessage `json:"component"`
	Pattern   string          `json:"pattern"`
	Cases     []schemaCase    `json:"cases"`
}

// TestSchemas holds the JSON Schema and OpenAPI emitters (gen/jsonschema)
// to the corpus: for every layout of it whose texts a pattern can state
// (every built-in, and the users' specs but those of a check symbol or of
// constant bits inside a Base62 number), the schema's pattern accepts the
// texts of every valid ID and refuses every other, as the corpus's
// "valid", "id", "bad" and "alias" records say; refuses texts one past the
// largest ID (a ULID's 8ZZ..., a KSUID above aWgEPTl1tmebfsQzFP4bxwgy80V,
// 2^63 and 2^64 in decimal), a leading zero, a sign; and judges random
// IDs and random texts as the interpreter does. Four engines judge: Go's
// regexp (RE2), Python's re (fullmatch), and ajv (draft 2020-12, with
// ajv-formats, in strict mode) validating the schema and the OpenAPI
// component as they are written; and java.util.regex, as a Java service's
// @Pattern would match the pattern.
func TestSchemas(t *testing.T) {
	rs, err := conformance.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	byLayout := map[string][]conformance.Record{}
	var heads []conformance.Record
	for _, r := range rs {
		if r.Kind == "layout" {
			heads = append(heads, r)
		}
		byLayout[r.Layout] = append(byLayout[r.Layout], r)
	}
	var all []schemaLayout
	builtins, users, refused := 0, 0, []string{}
	for _, head := range heads {
		l, err := layouts.Parse(head.File, []byte(head.Spec))
		if err != nil {
			t.Fatal(err)
		}
		rl, err := resolved.New(l)
		if err != nil {
			t.Fatal(err)
		}
		builtin := strings.HasPrefix(head.File, "layouts/")
		sf, err := jsonschema.Emitter{}.Generate(rl, emit.Options{})
		if errors.Is(err, jsonschema.ErrLayout) && !builtin {
			refused = append(refused, head.Layout)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", head.Layout, err)
		}
		of, err := jsonschema.OpenAPI{}.Generate(rl, emit.Options{})
		if err != nil {
			t.Fatalf("%s: openapi: %v", head.Layout, err)
		}
		var schema struct {
			Pattern  string   `json:"pattern"`
			Examples []string `json:"examples"`
		}
		if err := json.Unmarshal(sf[0].Content, &schema); err != nil {
			t.Fatalf("%s: %v", head.Layout, err)
		}
		var doc struct {
			Components struct {
				Schemas map[string]json.RawMessage `json:"schemas"`
			} `json:"components"`
		}
		if err := json.Unmarshal(of[0].Content, &doc); err != nil {
			t.Fatalf("%s: openapi: %v", head.Layout, err)
		}
		component := doc.Components.Schemas[jsonschema.ComponentName(l.Name)]
		if component == nil {
			t.Fatalf("%s: openapi: no component %s in %s", head.Layout, jsonschema.ComponentName(l.Name), of[0].Content)
		}
		cases := schemaCases(t, l, rl, byLayout[head.Layout])
		for _, ex := range schema.Examples {
			cases = append(cases, schemaCase{Text: ex, Want: true, From: "example"})
		}
		re, err := regexp.Compile(schema.Pattern)
		if err != nil {
			t.Fatalf("%s: Go's regexp: %v", head.Layout, err)
		}
		for _, c := range cases {
			if re.MatchString(c.Text) != c.Want {
				t.Errorf("%s: Go regexp: %q (%s): matched %v, want %v", head.Layout, c.Text, c.From, !c.Want, c.Want)
			}
		}
		if builtin {
			builtins++
		} else {
			users++
		}
		all = append(all, schemaLayout{Name: head.Layout, Schema: sf[0].Content, Component: component, Pattern: schema.Pattern, Cases: cases})
	}
	n := 0
	for _, l := range all {
		n += len(l.Cases)
	}
	t.Logf("%d built-in and %d users' layouts, %d cases each engine; no exact pattern (refused, ErrLayout): %s", builtins, users, n, strings.Join(refused, " "))
	if builtins < 23 || users < 2 {
		t.Fatalf("%d built-in layouts and %d users' specs checked, want every built-in and at least two users'", builtins, users)
	}
	input, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "schemas.json")
	if err := os.WriteFile(path, input, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("python", func(t *testing.T) {
		testenv.NeedTool(t, testenv.Python)
		out, err := exec.Command("python3", "-B", "-c", schemaPython, path).CombinedOutput()
		checkEngine(t, "Python re", out, err, n)
	})
	t.Run("java", func(t *testing.T) {
		needJava(t)
		var b strings.Builder
		for _, l := range all {
			b.WriteString("P " + hex.EncodeToString([]byte(l.Pattern)) + "\n")
			for _, c := range l.Cases {
				want := "0"
				if c.Want {
					want = "1"
				}
				b.WriteString("C " + want + " " + hex.EncodeToString([]byte(c.Text)) + "\n")
			}
		}
		cases := filepath.Join(t.TempDir(), "cases.txt")
		if err := os.WriteFile(cases, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("java", "testdata/SchemaCheck.java", cases).CombinedOutput()
		checkEngine(t, "java.util.regex", out, err, n)
	})
	t.Run("ajv", func(t *testing.T) {
		testenv.NeedTool(t, testenv.Node)
		testenv.NeedTool(t, testenv.NPM)
		schemaNpmOnce.Do(func() { schemaNpmOnce.dir, schemaNpmOnce.out, schemaNpmOnce.err = npmInstall(schemaNpmDir) })
		if schemaNpmOnce.err != nil {
			msg := "npm ci of gen/crosslang/" + schemaNpmDir + " failed: " + schemaNpmOnce.err.Error() + "\n" + schemaNpmOnce.out
			if os.Getenv("CI") != "" {
				t.Fatal(msg)
			}
			t.Skip("skipped: " + msg)
		}
		src, err := os.ReadFile(filepath.Join(schemaNpmDir, "check.mjs"))
		if err != nil {
			t.Fatal(err)
		}
		run, err := os.MkdirTemp(schemaNpmOnce.dir, "run-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(run) })
		script := filepath.Join(run, "check.mjs")
		if err := os.WriteFile(script, src, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("node", script, path).CombinedOutput()
		checkEngine(t, "ajv", out, err, 2*n)
	})
}

// checkEngine checks the last line of an engine's output: "checked N",
// after a line for each case it judged otherwise than the case says.
func checkEngine(t *testing.T, engine string, out []byte, err error, want int) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v\n%s", engine, err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	last := lines[len(lines)-1]
	if len(lines) > 1 || last != "checked "+itoa(want) {
		t.Errorf("%s: want \"checked %d\" alone, got:\n%s", engine, want, out)
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// schemaCases returns the texts a layout's schema must accept or refuse:
// from the corpus's records, one past the largest ID, and random IDs and
// texts, each judged by the interpreter (the corpus's oracle, which shares
// no code with the pattern's maker): a text is accepted when the
// interpreter reads it in the layout's canonical text form and the ID has
// the layout's constant bits.
func schemaCases(t *testing.T, l *layouts.Layout, rl *resolved.Layout, rs []conformance.Record) []schemaCase {
	t.Helper()
	form := interp.TextForm(l)
	judge := func(s string) bool {
		if form == "decimal" && conformance.DecimalError(s, interp.Wide(l)) != "" {
			return false // the corpus's rule for decimal text, checked first
		}
		b, err := interp.Decode(l, form, s)
		if err != nil {
			return false
		}
		_, err = interp.Unpack(l, b)
		return err == nil
	}
	var cs []schemaCase
	add := func(s, from string, want bool) {
		if want != judge(s) {
			t.Fatalf("%s: %s %q: the case says %v, the interpreter %v", l.Name, from, s, want, !want)
		}
		cs = append(cs, schemaCase{Text: s, Want: want, From: from})
	}
	for _, r := range rs {
		switch r.Kind {
		case "valid":
			// The other forms a UUID's parse reads (32 hex digits, braces,
			// a URN) are not the canonical text: valid IDs, not texts a
			// schema of the canonical text takes.
			uuidForm := form == "uuid" && len(r.Input) != 36 && r.Error == ""
			add(r.Input, "valid record", *r.Valid && !uuidForm)
		case "id":
			add(r.Text, "id record", *r.Valid)
		case "bad":
			if r.Form == "text" || r.Form == form {
				add(r.Input, "bad record", false)
			}
		case "alias":
			if r.Form == "text" || r.Form == form {
				b, err := hexBytes(r.Hex)
				if err != nil {
					t.Fatal(err)
				}
				_, err = interp.Unpack(l, b)
				add(r.Input, "alias record", err == nil)
			}
		}
	}
	for _, s := range overflowTexts(rl) {
		add(s, "overflow", false)
	}
	// Random IDs, and random one-character changes of their texts.
	rng := rand.New(rand.NewPCG(uint64(len(l.Name)), 68))
	alphabet := "0123456789abcdefABCDEFxyzXYZ-_+^|ILOUilou !~"
	if rl.Text.Encoding != nil {
		alphabet += rl.Text.Encoding.Spec().Digits
	}
	for range 200 {
		b := make([]byte, l.Bytes())
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		if rng.IntN(2) == 0 { // half with the layout's constants
			v := new(big.Int).SetBytes(b)
			v.AndNot(v, rl.ConstMask()).Or(v, new(big.Int).And(rl.ConstValue(), rl.ConstMask()))
			v.FillBytes(b)
		}
		s, err := interp.Encode(l, form, b)
		if err != nil {
			t.Fatal(err)
		}
		add(s, "random ID", judge(s))
		m := []byte(s)
		m[rng.IntN(len(m))] = alphabet[rng.IntN(len(alphabet))]
		add(string(m), "random change", judge(string(m)))
	}
	return cs
}

// overflowTexts returns texts of the layout's canonical form one past its
// largest ID, in every way the form can write one: 2^bits (and 2^64, 2^63
// and the largest number of the text's width) in a number's digits,
// padding bits set in a text that writes the top bits first, a leading
// zero and a sign in decimal.
func overflowTexts(rl *resolved.Layout) []string {
	t := rl.Text
	bits := rl.Model.Bits
	top := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	switch {
	case t.Name == "uuid":
		return nil
	case t.Name == "decimal":
		out := []string{"18446744073709551616", "184467440737095516150", "01", "+1", "-1", " 1", "1 "}
		if !t.Signed {
			out = append(out, "9223372036854775808")
		}
		return out
	}
	e := t.Encoding
	digits := e.Spec().Digits
	base := len(digits)
	w := e.DigitLen(bits / 8)
	write := func(v *big.Int) string {
		s := make([]byte, w)
		x := new(big.Int).Set(v)
		m := new(big.Int)
		for i := w - 1; i >= 0; i-- {
			x.DivMod(x, big.NewInt(int64(base)), m)
			s[i] = digits[m.Int64()]
		}
		return string(s)
	}
	capacity := new(big.Int).Exp(big.NewInt(int64(base)), big.NewInt(int64(w)), nil)
	var out []string
	if e.Spec().Bits {
		if e.Pad(bits/8) > 0 { // the last digit's lowest padding bit set
			out = append(out, write(big.NewInt(1)))
		}
		return out
	}
	if top.Cmp(capacity) < 0 {
		out = append(out, write(top), write(new(big.Int).Sub(capacity, big.NewInt(1))))
	}
	return out
}

func hexBytes(s string) ([]byte, error) {
	b, ok := new(big.Int).SetString(s, 16)
	if !ok {
		return nil, errors.New("bad hex " + s)
	}
	return b.FillBytes(make([]byte, len(s)/2)), nil
}

// schemaPython judges every case with Python's re: fullmatch of the
// schema's pattern, printing each case it judges otherwise, then
// "checked N".
const schemaPython = `
import json, re, sys
n = 0
for l in json.load(open(sys.argv[1])):
    p = re.compile(l["schema"]["pattern"])
    if l["component"]["pattern"] != l["schema"]["pattern"]:
        print("%s: the OpenAPI component's pattern is not the schema's" % l["name"])
    for c in l["cases"]:
        got = p.fullmatch(c["text"]) is not None
        if got != c["want"]:
            print("%s: %r (%s): matched %s, want %s" % (l["name"], c["text"], c["from"], got, c["want"]))
        n += 1
print("checked %d" % n)
`
