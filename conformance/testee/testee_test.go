package testee_test

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/conformance/testee"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// corpus is the committed corpus, with only the layouts of names (all if
// none).
func corpus(t *testing.T, names ...string) []conformance.Record {
	t.Helper()
	rs, err := conformance.Load("../corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		return rs
	}
	var out []conformance.Record
	for _, r := range rs {
		for _, n := range names {
			if r.Layout == n {
				out = append(out, r)
			}
		}
	}
	return out
}

// goTestee is a testee in this process, over the interpreter: what a
// testee in another language does over its own package.
type goTestee struct {
	caps    testee.Capabilities
	layouts map[string]*layouts.Layout
	// change, if set, changes a response before it is written: a testee
	// with a bug.
	change func(testee.Request, *testee.Response)
	// stopAfter, if not 0, ends the testee after that many responses.
	stopAfter int
}

// newGoTestee returns a testee of the layouts of rs that supports every op
// and form and takes a clock.
func newGoTestee(t *testing.T, rs []conformance.Record) *goTestee {
	t.Helper()
	g := &goTestee{layouts: map[string]*layouts.Layout{}}
	for _, r := range rs {
		if r.Kind != "layout" {
			continue
		}
		l, err := layouts.Parse(r.File, []byte(r.Spec))
		if err != nil {
			t.Fatal(err)
		}
		g.layouts[r.Layout] = l
		g.caps.Layouts = append(g.caps.Layouts, r.Layout)
	}
	g.caps.Name, g.caps.Protocol, g.caps.Clock = "interp", testee.ProtocolVersion, true
	g.caps.Ops = []string{"parse", "format", "fields", "time", "bounds", "name", "compare", "generate"}
	g.caps.Forms = []string{"text", "base62", "crockford", "hex", "bytes"}
	return g
}

// start serves the protocol in a goroutine and returns the Testee that
// talks to it.
func (g *goTestee) start() *testee.Testee {
	reqR, reqW := io.Pipe()
	resR, resW := io.Pipe()
	go func() {
		defer resW.Close()
		sc := bufio.NewScanner(reqR)
		sc.Buffer(nil, 1<<20)
		w := json.NewEncoder(resW)
		for n := 1; sc.Scan(); n++ {
			var req testee.Request
			res := testee.Response{}
			if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
				res.Error = "ErrProtocol"
			} else {
				res = g.answer(req)
			}
			if g.change != nil {
				g.change(req, &res)
			}
			if err := w.Encode(res); err != nil {
				return
			}
			if n == g.stopAfter {
				reqR.Close()
				return
			}
		}
	}()
	return testee.Connect(reqW, resR)
}

// kind returns the error kind of an interpreter's error.
func kind(err error) string {
	for _, k := range []struct {
		err  error
		name string
	}{{interp.ErrLength, "ErrLength"}, {interp.ErrSyntax, "ErrSyntax"}, {interp.ErrOverflow, "ErrOverflow"}, {interp.ErrTime, "ErrTime"}} {
		if errors.Is(err, k.err) {
			return k.name
		}
	}
	return "ErrUnknown"
}

func (g *goTestee) answer(req testee.Request) testee.Response {
	fail := func(err error) testee.Response { return testee.Response{Error: kind(err)} }
	if req.Op == "capabilities" {
		return testee.Response{OK: true, Capabilities: g.caps}
	}
	l := g.layouts[req.Layout]
	if l == nil {
		return testee.Response{Error: "ErrNoLayout"}
	}
	id, _ := hex.DecodeString(req.Hex)
	switch req.Op {
	case "parse":
		b, err := g.parse(l, req.Form, req.Text)
		if err != nil {
			return fail(err)
		}
		return testee.Response{OK: true, Hex: hex.EncodeToString(b)}
	case "format":
		form := req.Form
		if form == "text" {
			form = interp.TextForm(l)
		}
		s, err := interp.Encode(l, form, id)
		if err != nil {
			return fail(err)
		}
		return testee.Response{OK: true, Text: s}
	case "fields":
		vs, err := interp.Fields(l, id)
		if err != nil {
			return fail(err)
		}
		res := testee.Response{OK: true, Fields: map[string]string{}}
		for _, f := range l.Fields {
			if f.Bytes {
				res.Fields[f.Name] = hex.EncodeToString(vs[f.Name].FillBytes(make([]byte, f.Width/8)))
			} else {
				res.Fields[f.Name] = vs[f.Name].String()
			}
		}
		_, err = interp.Unpack(l, id)
		valid := err == nil
		res.Valid = &valid
		return res
	case "time":
		if _, ok := l.Value(layouts.Time); !ok {
			return testee.Response{OK: true}
		}
		ns, err := interp.UnixNanos(l, id)
		if err != nil {
			return fail(err)
		}
		return testee.Response{OK: true, UnixNs: ns.String()}
	case "bounds":
		at := instant(req.At)
		// Where one side has no ID (ErrTime), the error with the other.
		lo, errLo := interp.MinAt(l, at)
		hi, errHi := interp.MaxAt(l, at)
		res := testee.Response{OK: true, Min: hex.EncodeToString(lo), Max: hex.EncodeToString(hi)}
		if err := cmp.Or(errLo, errHi); err != nil {
			res = fail(err)
			res.Min, res.Max = hex.EncodeToString(lo), hex.EncodeToString(hi)
		}
		return res
	case "name":
		ns, _ := hex.DecodeString(req.Namespace)
		b, err := interp.Hash(l, append(ns, *req.Name...))
		if err != nil {
			return fail(err)
		}
		return testee.Response{OK: true, Hex: hex.EncodeToString(b)}
	case "compare":
		a, _ := hex.DecodeString(req.A)
		b, _ := hex.DecodeString(req.B)
		c := bytes.Compare(a, b)
		return testee.Response{OK: true, Cmp: &c}
	case "generate":
		i := 0
		var opts []interp.Option
		if len(req.Clock) > 0 { // reading i while it makes ID i
			opts = append(opts, interp.WithClock(func() time.Time { return instant(req.Clock[min(i, len(req.Clock)-1)]) }))
		}
		if req.Node != nil {
			opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(*req.Node)))
		}
		gen, err := interp.NewGenerator(l, opts...)
		if err != nil {
			return fail(err)
		}
		res := testee.Response{OK: true}
		for ; i < req.N; i++ {
			b, err := gen.Next()
			if err != nil {
				return testee.Response{Error: "ErrClockStalled", IDs: res.IDs}
			}
			res.IDs = append(res.IDs, hex.EncodeToString(b))
		}
		return res
	}
	return testee.Response{Error: "ErrOp"}
}

// parse reads text in form as the interpreter does, with what every
// language's parse reads besides: a UUID's other forms, and decimal's
// rule (conformance.DecimalError).
func (g *goTestee) parse(l *layouts.Layout, form, text string) ([]byte, error) {
	switch form {
	case "bytes":
		b, _ := hex.DecodeString(text)
		if len(b) != l.Bytes() {
			return nil, interp.ErrLength
		}
		return b, nil
	case "text":
		form = interp.TextForm(l)
	}
	switch form {
	case "uuid":
		s := text
		if len(s) == 45 && strings.EqualFold(s[:9], "urn:uuid:") {
			s = s[9:]
		} else if len(s) == 38 && s[0] == '{' && s[37] == '}' {
			s = s[1:37]
		} else if len(s) == 32 {
			s = s[:8] + "-" + s[8:12] + "-" + s[12:16] + "-" + s[16:20] + "-" + s[20:]
		} else if len(s) != 36 {
			if len(s) == 38 || len(s) == 45 {
				return nil, interp.ErrSyntax
			}
			return nil, interp.ErrLength
		}
		return interp.Decode(l, "uuid", s)
	case "decimal":
		switch conformance.DecimalError(text, interp.Wide(l)) {
		case "ErrLength":
			return nil, interp.ErrLength
		case "ErrSyntax":
			return nil, interp.ErrSyntax
		case "ErrOverflow":
			return nil, interp.ErrOverflow
		}
	}
	return interp.Decode(l, form, text)
}

// instant reads decimal nanoseconds since the Unix epoch.
func instant(ns string) time.Time {
	x, _ := new(big.Int).SetString(ns, 10)
	sec, nsec := new(big.Int).DivMod(x, big.NewInt(1e9), new(big.Int))
	return time.Unix(sec.Int64(), nsec.Int64()).UTC()
}

func run(t *testing.T, g *goTestee, rs []conformance.Record, opts testee.Options) *testee.Report {
	t.Helper()
	tt := g.start()
	rep, err := testee.Run(tt, rs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := tt.Close(); err != nil {
		t.Fatal(err)
	}
	return rep
}

// A testee over the interpreter, the corpus's own oracle, passes every case
// of the built-in layouts, and of some random and text layouts, and every
// kind of record makes cases.
func TestInterpreterPasses(t *testing.T) {
	rs := corpus(t, "uuidv1", "uuidv3", "uuidv4", "uuidv6", "uuidv7", "uuidv7-subms", "uuidv8", "twitter", "discord", "sonyflake", "ulid", "ksuid", "objectid", "xid", "tsid", "firebase", "r00-random64", "r02-random160", "t-check", "t-base58")
	g := newGoTestee(t, rs)
	rep := run(t, g, rs, testee.Options{})
	var out bytes.Buffer
	rep.WriteText(&out)
	if !rep.OK() || len(rep.Skipped) != 0 {
		t.Fatalf("%s", out.String())
	}
	cases, err := testee.Cases(rs)
	if err != nil {
		t.Fatal(err)
	}
	ops, kinds := map[string]int{}, map[string]int{}
	for _, c := range cases {
		ops[c.Request.Op]++
		k := c.Record.Kind
		if k == "bound" && c.Record.Error != "" {
			k += " " + c.Record.Error // no ID on one side
		}
		kinds[k]++
	}
	for _, k := range []string{"id", "bad", "bound", "bound ErrTime", "alias", "name", "order", "sequence"} {
		if kinds[k] == 0 {
			t.Errorf("no case of a %s record", k)
		}
	}
	for _, op := range g.caps.Ops {
		if ops[op] == 0 {
			t.Errorf("no case of op %s", op)
		}
	}
	if rep.Passed != len(cases) {
		t.Errorf("%d passed of %d cases", rep.Passed, len(cases))
	}
	t.Logf("%s", strings.SplitN(out.String(), "\n", 2)[0])
}

// A testee with bugs fails the cases they touch, each named with its
// request and record; a list of expected failures moves those it names
// apart, reports the names it has that now pass as fixed and those of no
// case as not run.
func TestFailures(t *testing.T) {
	rs := corpus(t, "uuidv7", "twitter")
	g := newGoTestee(t, rs)
	g.change = func(req testee.Request, res *testee.Response) {
		switch {
		case req.Op == "format" && req.Form == "text" && req.Layout == "uuidv7":
			res.Text = strings.ToUpper(res.Text) // text in the wrong case
		case req.Op == "compare" && req.Layout == "twitter" && res.Cmp != nil:
			a, _ := hex.DecodeString(req.A) // a signed comparison
			b, _ := hex.DecodeString(req.B)
			x, y := int64(binaryBig(a)), int64(binaryBig(b))
			c := 0
			if x < y {
				c = -1
			} else if x > y {
				c = 1
			}
			res.Cmp = &c
		case req.Op == "generate" && req.Layout == "uuidv7" && len(res.IDs) > 2:
			res.IDs[1], res.IDs[2] = res.IDs[2], res.IDs[1] // out of order
		}
	}
	rep := run(t, g, rs, testee.Options{})
	failed := map[string]bool{}
	for _, f := range rep.Failed {
		failed[f.Case] = true
		if f.Record.Layout == "" || f.Request.Op == "" || f.Problem == "" {
			t.Errorf("failure %+v: no record, request or problem", f)
		}
	}
	for _, name := range []string{
		"uuidv7 format/text 017f22e279b07cc398c4dc0c0c07398f",
		"twitter compare 7fffffffffffffff 8000000000000000",
		"uuidv7 generate steady",
		"uuidv7 generate frozen",
	} {
		if !failed[name] {
			t.Errorf("no failure %q", name)
		}
	}
	if rep.OK() {
		t.Error("a testee with bugs passed")
	}

	list := "# the wrong case\nuuidv7 format/text 017f22e279b07cc398c4dc0c0c07398f\n\n  twitter compare 7fffffffffffffff 8000000000000000  \nuuidv7 parse/hex \"017f22e279b07cc398c4dc0c0c07398f\"\nuuidv7 no such case\n"
	expected, err := testee.ParseList(strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	rep = run(t, g, rs, testee.Options{Expected: expected})
	if len(rep.Expected) != 2 {
		t.Errorf("expected failures %v, want 2", rep.Expected)
	}
	if len(rep.Fixed) != 1 || rep.Fixed[0] != "uuidv7 parse/hex \"017f22e279b07cc398c4dc0c0c07398f\"" {
		t.Errorf("fixed %q", rep.Fixed)
	}
	if len(rep.NotRun) != 1 || rep.NotRun[0] != "uuidv7 no such case" {
		t.Errorf("not run %q", rep.NotRun)
	}
	if len(rep.Failed) != len(failed)-2 {
		t.Errorf("%d unexpected failures, want %d", len(rep.Failed), len(failed)-2)
	}
	var out bytes.Buffer
	rep.WriteText(&out)
	for _, want := range []string{"FAIL uuidv7 generate steady", "request: {\"op\":\"generate\"", "FIXED uuidv7 parse/hex", "NOT RUN uuidv7 no such case"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report has no %q:\n%s", want, out.String())
		}
	}
}

func binaryBig(b []byte) uint64 {
	var x uint64
	for _, c := range b {
		x = x<<8 | uint64(c)
	}
	return x
}

// A testee that takes no clock is sent the steady sequences without one
// and judged by the system clock; the others are skipped, as are the
// layouts, ops and forms it does not support. One whose errors carry no
// kind is judged by whether it refused.
func TestCapabilities(t *testing.T) {
	rs := corpus(t, "uuidv7", "ulid")
	g := newGoTestee(t, rs)
	g.caps.Clock = false
	g.caps.Layouts = []string{"uuidv7"}
	g.caps.Ops = []string{"parse", "generate"}
	g.caps.Forms = []string{"text"}
	g.caps.UntypedErrors = true
	var sent []testee.Request
	g.change = func(req testee.Request, res *testee.Response) {
		sent = append(sent, req)
		if req.Op == "generate" {
			// The system clock's IDs, as a testee without a clock makes them.
			gen, _ := interp.NewGenerator(g.layouts[req.Layout])
			res.IDs = nil
			for range req.N {
				b, _ := gen.Next()
				res.IDs = append(res.IDs, hex.EncodeToString(b))
			}
		}
		if !res.OK {
			res.Error = "" // no kind
		}
	}
	rep := run(t, g, rs, testee.Options{})
	var out bytes.Buffer
	rep.WriteText(&out)
	if !rep.OK() {
		t.Fatalf("%s", out.String())
	}
	for _, why := range []string{"layout not supported", "op format not supported", "form base62 not supported", "generate frozen needs a clock the testee takes"} {
		if rep.Skipped[why] == 0 {
			t.Errorf("nothing skipped for %q: %v", why, rep.Skipped)
		}
	}
	for _, req := range sent {
		if req.Layout == "ulid" || req.Op == "generate" && req.Clock != nil {
			t.Errorf("sent %+v", req)
		}
	}
}

// A testee that exits early, or writes what is not a response, is an
// error, with what was judged until then.
func TestBrokenTestee(t *testing.T) {
	rs := corpus(t, "uuidv7")
	g := newGoTestee(t, rs)
	g.stopAfter = 10
	_, err := testee.Run(g.start(), rs, testee.Options{})
	if !errors.Is(err, testee.ErrExited) {
		t.Errorf("a testee that exits after 10 responses: %v, want ErrExited", err)
	}
	g = newGoTestee(t, rs)
	g.caps.Protocol = testee.ProtocolVersion + 1
	if _, err := testee.Run(g.start(), rs, testee.Options{}); !errors.Is(err, testee.ErrProtocol) {
		t.Errorf("a later protocol: %v, want ErrProtocol", err)
	}
	reqR, reqW := io.Pipe()
	go io.Copy(io.Discard, reqR)
	if _, err := testee.Run(testee.Connect(reqW, strings.NewReader("hello\n")), rs, testee.Options{}); !errors.Is(err, testee.ErrProtocol) {
		t.Errorf("a line that is not JSON: %v, want ErrProtocol", err)
	}
}

// The embedded corpus is the committed one.
func TestEmbeddedCorpus(t *testing.T) {
	rs, err := conformance.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if want := corpus(t); len(rs) != len(want) {
		t.Errorf("%d records embedded, %d in corpus.jsonl.gz", len(rs), len(want))
	}
}
