package layouts_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
)

// uuidSpec is a 128-bit UUIDv8-like spec with the version and variant lines
// given.
func uuidSpec(ver, variant string) string {
	return "layout u 128\n  a 48 time unix ms\n  " + ver + "\n  b 12 random\n  " + variant + "\n  c 62 random\n"
}

// RFC 9562's rules hold for every layout that is a UUID, by its version
// field's name or by its shape.
func TestUUIDRules(t *testing.T) {
	tests := []struct {
		name  string
		spec  string
		line  int    // of the error, 0 for none
		field string // of the error
	}{
		{"v8", uuidSpec("ver 4 = 8", "var 2 = 0b10"), 0, ""},
		{"version 14", uuidSpec("version 4 = 14", "var 2 = 0b10"), 0, ""},
		{"variant 0b11 beside a version", uuidSpec("ver 4 = 8", "var 2 = 0b11"), 5, "var"},
		{"variant 0b00 beside a version", uuidSpec("ver 4 = 8", "variant 2 = 0"), 5, "variant"},
		{"version 0", uuidSpec("ver 4 = 0", "var 2 = 0b10"), 3, "ver"},
		{"version 15", uuidSpec("version 4 = 15", "var 2 = 0b10"), 3, "version"},
		{"version 0 by shape", uuidSpec("v 4 = 0", "var 2 = 0b10"), 3, "v"},
		{"version 15 by shape", uuidSpec("k 4 = 15", "x 2 = 0b10"), 3, "k"},
		{"version not constant", uuidSpec("ver 4 random", "var 2 = 0b10"), 3, "ver"},
		{"no variant beside a version", "layout u 128\n  a 48 time unix ms\n  ver 4 = 8\n  c 76 random bytes\n", 4, "c"},
		{"version out of place", "layout u 128\n  a 44 time unix ms\n  ver 4 = 8\n  b 16 random\n  var 2 = 0b10\n  c 62 random\n", 3, "ver"},
		// Not UUIDs: no version field, or 64 bits.
		{"no version field", uuidSpec("k 4 = 0", "x 2 = 0b11"), 0, ""},
		{"64 bits", "layout s 64\n  a 48 time unix ms\n  ver 4 = 0\n  b 12 random\n", 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := layouts.Parse("u.layout", []byte(tc.spec))
			if tc.line == 0 {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			if !errors.Is(err, layouts.ErrVersion) {
				t.Fatalf("err = %v, want ErrVersion", err)
			}
			var e *layouts.Error
			if !errors.As(err, &e) || e.Line != tc.line || e.Field != tc.field {
				t.Errorf("error %v: want line %d field %s", err, tc.line, tc.field)
			}
			if l != nil {
				t.Error("a layout came with the error")
			}
		})
	}
	// A layout that passes and has the shape is a UUID whose version is 1 to 14.
	for v := range 16 {
		l, err := layouts.Parse("u.layout", []byte(uuidSpec("ver 4 = "+strconv.Itoa(v), "var 2 = 0b10")))
		if ok := err == nil; ok != (v >= 1 && v <= 14) || ok && !l.IsUUID() {
			t.Errorf("version %d: err %v", v, err)
		}
	}
}

// Every problem in a spec is reported in one run, in line order, and each
// still matches its kind.
func TestAllErrorsAtOnce(t *testing.T) {
	spec := `layout x 128
  t 48 time unix bogus
  ver 4 = 8
  b 12 sequence
  var 2 = 0b11
  c 60 random
  c 2 random
`
	_, err := layouts.Parse("x.layout", []byte(spec))
	var list layouts.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("err = %T %v, want an ErrorList", err, err)
	}
	want := []struct {
		line  int
		field string
		kind  error
	}{
		{2, "t", layouts.ErrUnit},
		{4, "b", layouts.ErrRole},
		{5, "var", layouts.ErrVersion},
		{7, "c", layouts.ErrName},
	}
	if len(list) != len(want) {
		t.Fatalf("%d errors, want %d:\n%v", len(list), len(want), err)
	}
	for i, w := range want {
		e := list[i]
		if e.Line != w.line || e.Field != w.field || !errors.Is(e, w.kind) || !errors.Is(err, w.kind) {
			t.Errorf("error %d: %v (kind %v), want line %d field %s kind %v", i, e, e.Kind, w.line, w.field, w.kind)
		}
	}
	for i, line := range strings.Split(err.Error(), "\n") {
		if want := "x.layout:" + strconv.Itoa(want[i].line) + ": " + want[i].field + ": "; !strings.HasPrefix(line, want) {
			t.Errorf("line %d of the message %q does not start with %q", i, line, want)
		}
	}
}

// A clock that has already overflowed is an error that says when; one that
// overflows within 10 years is a warning. Neither shows Go's monotonic
// clock reading.
func TestOverflow(t *testing.T) {
	spec := []byte("layout small 64\n  t 32 time unix ms\n  r 32 random\n")
	_, err := layouts.Parse("small.layout", spec)
	if !errors.Is(err, layouts.ErrOverflow) {
		t.Fatalf("a 32-bit ms clock from 1970: err = %v, want ErrOverflow", err)
	}
	var e *layouts.Error
	if !errors.As(err, &e) || e.Line != 2 || e.Field != "t" || !strings.Contains(e.Msg, "1970-02-19T17:02:47Z") || strings.Contains(err.Error(), "m=+") {
		t.Errorf("error %q: want line 2, field t, the overflow instant in RFC 3339", err)
	}

	// A 32-bit clock of seconds since 2000 overflows on 2136-02-07T06:28:16Z.
	spec = []byte("layout secs 64\n  t 32 time 2000-01-01T00:00:00Z s\n  r 32 counter seeded wait\n")
	end := time.Date(2136, 2, 7, 6, 28, 16, 0, time.UTC)
	for _, tc := range []struct {
		now      time.Time
		err      bool
		warnings int
	}{
		{end.AddDate(-11, 0, 0), false, 0},
		{end.AddDate(-9, 0, 0), false, 1},
		{end.Add(-time.Second), false, 1},
		{end, true, 0},
		{end.AddDate(1, 0, 0), true, 0},
	} {
		restore := layouts.SetNow(tc.now)
		l, err := layouts.Parse("secs.layout", spec)
		restore()
		if (err != nil) != tc.err || err != nil && !errors.Is(err, layouts.ErrOverflow) {
			t.Errorf("at %v: err = %v, want an overflow error: %v", tc.now, err, tc.err)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "overflowed at 2136-02-07T06:28:16Z") {
				t.Errorf("at %v: %q does not say when", tc.now, err)
			}
			continue
		}
		restore = layouts.SetNow(tc.now)
		ws := l.Warnings()
		restore()
		if len(ws) != tc.warnings {
			t.Errorf("at %v: warnings %v, want %d", tc.now, ws, tc.warnings)
		}
		for _, w := range ws {
			if w.Line != 2 || w.Field != "t" || !strings.HasPrefix(w.String(), "secs.layout:2: t: ") || !strings.Contains(w.Msg, "2136-02-07T06:28:16Z") {
				t.Errorf("warning %q: want line 2, field t and the instant", w)
			}
		}
	}
	// No built-in layout warns, but ObjectId and xid, whose running
	// counters wrap within a second at full speed, as the real ones do.
	all, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		ws := l.Warnings()
		if (l.Name == "objectid" || l.Name == "xid") && len(ws) == 1 && strings.Contains(ws[0].Msg, "running counter") {
			continue
		}
		if len(ws) != 0 {
			t.Errorf("%s: %v", l.Name, ws)
		}
	}
}

// A layout one of whose generators would repeat itself at full speed gets a
// warning that names the remedy; one with a counter, or enough random
// bits, does not.
func TestRepeatWarning(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		warns bool
		line  int
		want  string // in the message
	}{
		{"layout burst 64\n  t 48 time unix ms\n  r 16 random\n", true, 3, "seq 12 counter seeded borrow` in place of 12 of the random bits"},
		{"layout burst 64\n  t 48 time unix ms\n  seq 12 counter seeded borrow\n  r 4 random\n", false, 0, ""},
		{"layout few 64\n  t 56 time unix ms\n  r 8 random\n", true, 3, "8 random bits only"},
		{"layout bare 64\n  t 64 time unix ns\n", true, 2, "every ID it makes within one 1ns tick is the same"},
		{"layout fixed 64\n  a 64 = 7\n", true, 2, "every ID it makes is the same"},
		{"layout small 64\n  r 64 random\n", true, 2, "64 random bits only"},
		{"layout wide 128\n  r 128 random bytes\n", false, 0, ""},
		// 74 random bits beside a millisecond: a repeat after centuries.
		{"layout v7ish 128\n  t 48 time unix ms\n  ver 4 = 7\n  a 12 random\n  var 2 = 0b10\n  b 62 random\n", false, 0, ""},
		{"layout wraps 64\n  t 32 time unix s\n  c 16 counter running\n  r 16 random once\n", true, 3, "16-bit running counter"},
		{"layout hashed 64\n  h 64 hash[0:64] sha256\n", false, 0, ""},
	} {
		l, err := layouts.Parse("x.layout", []byte(tc.spec))
		if err != nil {
			t.Fatalf("%v\n%s", err, tc.spec)
		}
		w, ok := l.RepeatWarning()
		if ok != tc.warns {
			t.Errorf("%s: warns %v (%v), want %v", l.Name, ok, w, tc.warns)
			continue
		}
		if ok && (w.Line != tc.line || !strings.Contains(w.Msg, tc.want) || !strings.Contains(w.Msg, "one generator repeats itself")) {
			t.Errorf("%s: %v; want line %d and %q", l.Name, w, tc.line, tc.want)
		}
		if ok && !strings.Contains(w.Msg, "counter") {
			t.Errorf("%s: %v names no counter as the remedy", l.Name, w)
		}
		if got := slices.Contains(l.Warnings(), w); got != ok {
			t.Errorf("%s: Warnings %v lacks %v", l.Name, l.Warnings(), w)
		}
	}
}
