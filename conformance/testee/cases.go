package testee

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// A Case is one request made from a corpus record, and how its response
// is judged.
type Case struct {
	// Name names the case, the same at every run of the same corpus: the
	// layout, the op (and form), and what it is about, as a list of
	// expected failures names it ("uuidv7 parse/text \"017f...\"").
	Name string
	// Record is the corpus record the case comes from, shared by every
	// case of the record (a pointer: the cases of a whole corpus, some
	// 30,000, would otherwise hold as many copies).
	Record  *conformance.Record
	Request Request
	// check returns what is wrong with a response, or "" when it is right.
	check func(Response, *run) string
}

// layoutInfo is what the cases of one layout need from its layout record.
type layoutInfo struct {
	head    conformance.Record
	l       *layouts.Layout // parsed from the record's spec: the interpreter reads generated IDs with it
	decimal bool            // the layout's text is decimal
	wide    bool            // and runs to 2^64-1 (interp.Wide)
}

// Cases returns the cases of the records rs, a corpus (conformance.Load's),
// in its order, each layout's after its "layout" record. Records of kinds
// the driver does not send ("layout", "mask") make none. A case of the
// same name as an earlier one (a published vector that is also a sample
// ID, say) is left out.
func Cases(rs []conformance.Record) ([]Case, error) {
	infos := map[string]*layoutInfo{}
	for _, r := range rs {
		if r.Kind != "layout" {
			continue
		}
		if r.Version > conformance.FormatVersion {
			return nil, fmt.Errorf("testee: the corpus is of format %d; this driver reads %d", r.Version, conformance.FormatVersion)
		}
		l, err := layouts.Parse(r.File, []byte(r.Spec))
		if err != nil {
			return nil, fmt.Errorf("testee: %s: %w", r.Layout, err)
		}
		infos[r.Layout] = &layoutInfo{head: r, l: l}
	}
	for _, info := range infos {
		info.decimal, info.wide = info.head.Text == "decimal", interp.Wide(info.l)
	}
	var cs []Case
	seen := map[string]bool{}
	add := func(c Case) {
		if !seen[c.Name] {
			seen[c.Name] = true
			cs = append(cs, c)
		}
	}
	for i := range rs {
		r := &rs[i]
		info := infos[r.Layout]
		if info == nil {
			if r.Kind == "layout" {
				continue
			}
			return nil, fmt.Errorf("testee: a %s record of %s, which has no layout record", r.Kind, r.Layout)
		}
		for _, c := range recordCases(info, r) {
			add(c)
		}
	}
	return cs, nil
}

// recordCases returns the cases of one record.
func recordCases(info *layoutInfo, r *conformance.Record) []Case {
	L := r.Layout
	var cs []Case
	name := func(op, subject string) string { return L + " " + op + " " + subject }
	switch r.Kind {
	case "id":
		parses := [][2]string{{"text", r.Text}, {"base62", r.Base62}, {"crockford", r.Crockford}, {"crockford", strings.ToLower(r.Crockford)}, {"hex", r.Hex}, {"hex", strings.ToUpper(r.Hex)}}
		for _, p := range parses {
			want := wantHex(r.Hex)
			if p[0] == "text" && info.decimal {
				// The text of an ID whose top bit is set, in a layout
				// whose top bit is a constant zero, is 20 digits: no
				// text of it.
				if kind := conformance.DecimalError(p[1], info.wide); kind != "" {
					want = wantError(kind)
				}
			}
			cs = append(cs, Case{Name: name("parse/"+p[0], strconv.Quote(p[1])), Record: r, Request: Request{Op: "parse", Layout: L, Form: p[0], Text: p[1]}, check: want})
		}
		for _, f := range [][2]string{{"text", r.Text}, {"base62", r.Base62}, {"crockford", r.Crockford}, {"hex", r.Hex}} {
			cs = append(cs, Case{Name: name("format/"+f[0], r.Hex), Record: r, Request: Request{Op: "format", Layout: L, Form: f[0], Hex: r.Hex}, check: wantText(f[1])})
		}
		cs = append(cs,
			Case{Name: name("fields", r.Hex), Record: r, Request: Request{Op: "fields", Layout: L, Hex: r.Hex}, check: wantFields(r.Fields, r.Valid)},
			Case{Name: name("time", r.Hex), Record: r, Request: Request{Op: "time", Layout: L, Hex: r.Hex}, check: wantTime(r.UnixNs)},
		)
	case "alias":
		// Text the form reads though its writer never writes it
		// (Crockford's I, L and O for 1, 1 and 0, and lower case): a
		// reader that refuses the aliases shows here.
		cs = append(cs, Case{Name: name("parse/"+r.Form, strconv.Quote(r.Input)), Record: r, Request: Request{Op: "parse", Layout: L, Form: r.Form, Text: r.Input}, check: wantHex(r.Hex)})
	case "bad":
		cs = append(cs, Case{Name: name("parse/"+r.Form, strconv.Quote(r.Input)), Record: r, Request: Request{Op: "parse", Layout: L, Form: r.Form, Text: r.Input}, check: wantError(r.Error)})
	case "bound":
		cs = append(cs, Case{Name: name("bounds", r.At), Record: r, Request: Request{Op: "bounds", Layout: L, At: r.At}, check: wantBounds(r.Min, r.Max, r.Error)})
	case "name":
		n := ""
		if r.Name != nil {
			n = *r.Name
		}
		cs = append(cs, Case{Name: name("name", r.Namespace+" "+strconv.Quote(n)), Record: r, Request: Request{Op: "name", Layout: L, Namespace: r.Namespace, Name: &n}, check: wantHex(r.Hex)})
	case "order":
		for i := 1; i < len(r.IDs); i++ {
			a, b := r.IDs[i-1], r.IDs[i]
			cs = append(cs,
				Case{Name: name("compare", a+" "+b), Record: r, Request: Request{Op: "compare", Layout: L, A: a, B: b}, check: wantCmp(-1)},
				Case{Name: name("compare", b+" "+a), Record: r, Request: Request{Op: "compare", Layout: L, A: b, B: a}, check: wantCmp(1)},
			)
		}
		for _, a := range r.IDs[:min(1, len(r.IDs))] {
			cs = append(cs, Case{Name: name("compare", a+" "+a), Record: r, Request: Request{Op: "compare", Layout: L, A: a, B: a}, check: wantCmp(0)})
		}
	case "sequence":
		req := Request{Op: "generate", Layout: L, N: len(r.Clock), Clock: r.Clock}
		if info.head.Node > 0 {
			one := int64(1)
			req.Node = &one
		}
		cs = append(cs, Case{Name: name("generate", r.Scenario), Record: r, Request: req, check: wantSequence(info, r)})
	}
	return cs
}

// wantHex wants the ID whose bytes are h (hex).
func wantHex(h string) func(Response, *run) string {
	return func(res Response, _ *run) string {
		switch {
		case !res.OK:
			return "error " + res.Error + ", want " + h
		case res.Hex != h:
			return "hex " + res.Hex + ", want " + h
		}
		return ""
	}
}

// wantError wants a refusal, of the error kind kind unless the testee's
// errors carry no kind.
func wantError(kind string) func(Response, *run) string {
	return func(res Response, rn *run) string {
		switch {
		case res.OK:
			return "ok (hex " + res.Hex + "), want " + kind
		case res.Error != kind && !rn.caps.UntypedErrors:
			return "error " + res.Error + ", want " + kind
		}
		return ""
	}
}

// wantText wants the text s.
func wantText(s string) func(Response, *run) string {
	return func(res Response, _ *run) string {
		switch {
		case !res.OK:
			return "error " + res.Error + ", want " + strconv.Quote(s)
		case res.Text != s:
			return "text " + strconv.Quote(res.Text) + ", want " + strconv.Quote(s)
		}
		return ""
	}
}

// wantFields wants the fields fs and, when the record says, the validity.
func wantFields(fs map[string]string, valid *bool) func(Response, *run) string {
	return func(res Response, _ *run) string {
		if !res.OK {
			return "error " + res.Error
		}
		var wrong []string
		for _, k := range sortedKeys(fs) {
			if got, ok := res.Fields[k]; !ok {
				wrong = append(wrong, k+" missing, want "+fs[k])
			} else if got != fs[k] {
				wrong = append(wrong, k+" "+got+", want "+fs[k])
			}
		}
		for _, k := range sortedKeys(res.Fields) {
			if _, ok := fs[k]; !ok {
				wrong = append(wrong, k+" is no field of the layout")
			}
		}
		if valid != nil && (res.Valid == nil || *res.Valid != *valid) {
			wrong = append(wrong, fmt.Sprintf("valid %s, want %t", boolText(res.Valid), *valid))
		}
		return strings.Join(wrong, "; ")
	}
}

// wantTime wants the time ns, or none when ns is "".
func wantTime(ns string) func(Response, *run) string {
	return func(res Response, _ *run) string {
		switch {
		case !res.OK:
			return "error " + res.Error
		case res.UnixNs != ns && ns == "":
			return "unix_ns " + res.UnixNs + ", want none (the layout has no time)"
		case res.UnixNs != ns:
			return "unix_ns " + orNone(res.UnixNs) + ", want " + ns
		}
		return ""
	}
}

// wantBounds wants the bounds lo and hi. Where the record has no ID on one
// side (no tick satisfies it: MaxAt before the first tick, MinAt after
// the last), it wants the error kind kind, ErrTime, with the other side:
// {"ok":false,"error":"ErrTime","min":H}.
func wantBounds(lo, hi, kind string) func(Response, *run) string {
	return func(res Response, rn *run) string {
		var wrong []string
		switch {
		case kind == "" && !res.OK:
			return "error " + res.Error
		case kind != "" && res.OK:
			wrong = append(wrong, "ok, want error "+kind)
		case kind != "" && res.Error != kind && !rn.caps.UntypedErrors:
			wrong = append(wrong, "error "+res.Error+", want "+kind)
		}
		if res.Min != lo {
			wrong = append(wrong, "min "+orNone(res.Min)+", want "+orNone(lo))
		}
		if res.Max != hi {
			wrong = append(wrong, "max "+orNone(res.Max)+", want "+orNone(hi))
		}
		return strings.Join(wrong, "; ")
	}
}

// wantCmp wants the comparison c.
func wantCmp(c int) func(Response, *run) string {
	return func(res Response, _ *run) string {
		switch {
		case !res.OK:
			return "error " + res.Error
		case res.Cmp == nil:
			return fmt.Sprintf("no cmp, want %d", c)
		case *res.Cmp != c:
			return fmt.Sprintf("cmp %d, want %d", *res.Cmp, c)
		}
		return ""
	}
}

// wantSequence judges the IDs a generator made for a "sequence" record r:
// as many as the clock has readings (a frozen or stepping-back clock may
// instead end them with ErrClockStalled or ErrClockBackwards), each of
// the layout's length with its constants right, strictly increasing where
// the layout's generator is monotonic and never repeated where it is not,
// and of the readings' ticks: every ID's under a steady clock, the first
// one's under another. A testee that takes no clock is given none
// (rn.caps.Clock false): then its IDs' times must lie within the run's
// span of the system clock, and only a steady record is sent.
func wantSequence(info *layoutInfo, r *conformance.Record) func(Response, *run) string {
	l := info.l
	return func(res Response, rn *run) string {
		if !res.OK {
			stopped := r.Scenario != conformance.Steady && rn.caps.Clock && (res.Error == "ErrClockStalled" || res.Error == "ErrClockBackwards")
			if !stopped || len(res.IDs) == 0 {
				return fmt.Sprintf("error %s after %d IDs", res.Error, len(res.IDs))
			}
		} else if len(res.IDs) != len(r.Clock) {
			return fmt.Sprintf("%d IDs, want %d", len(res.IDs), len(r.Clock))
		}
		// The first problem of each kind, so that a wrong time does not
		// hide IDs out of order.
		var problems []string
		found := map[string]bool{}
		report := func(kind, format string, args ...any) {
			if !found[kind] {
				found[kind] = true
				problems = append(problems, fmt.Sprintf(format, args...))
			}
		}
		seen := map[string]bool{}
		var prev []byte
		for i, h := range res.IDs {
			b, err := hex.DecodeString(h)
			if err != nil || len(b) != l.Bytes() {
				report("hex", "ID %d, %q, is not %d bytes in hex", i, h, l.Bytes())
				continue
			}
			if _, err := interp.Unpack(l, b); err != nil {
				report("valid", "ID %d, %s: %v", i, h, err)
			}
			switch {
			case info.head.Monotonic && prev != nil && bytes.Compare(b, prev) <= 0:
				report("order", "ID %d, %s, is not above ID %d, %s", i, h, i-1, hex.EncodeToString(prev))
			case seen[h]:
				report("repeat", "ID %d, %s, repeats an earlier one", i, h)
			}
			seen[h] = true
			prev = b
			ns, err := interp.UnixNanos(l, b)
			switch {
			case err != nil:
				report("time", "ID %d, %s: %v", i, h, err)
			case !rn.caps.Clock:
				if ns.Cmp(rn.from) < 0 || ns.Cmp(rn.to) > 0 {
					report("time", "ID %d, %s, is of time %s, outside the run's %s to %s", i, h, ns, rn.from, rn.to)
				}
			case i == 0 || r.Scenario == conformance.Steady:
				if want := r.Times[i]; ns.String() != want {
					report("time", "ID %d, %s, is of time %s, want %s (the tick of the clock's reading %s)", i, h, ns, want, r.Clock[i])
				}
			}
		}
		return strings.Join(problems, "; ")
	}
}

// run is the state of one run that judging needs.
type run struct {
	caps     Capabilities
	from, to *big.Int // the span of the system clock, for a testee without a clock
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func boolText(b *bool) string {
	if b == nil {
		return "none"
	}
	return strconv.FormatBool(*b)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
