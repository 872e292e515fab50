package verify_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

// The tests below run verify on IDs from generators, good and broken. Every
// input is deterministic: the clocks are fakes that step by a fixed amount
// a call, the random bytes come from ChaCha8 under a fixed seed. So a test
// that passes passes on every run; the randomness checks' false-positive
// rate (1e-6 for a run) is the chance that one of these fixed inputs was
// unlucky once, when the test was written, not on each run.

// start is when the fake clocks start; now is the wall clock the checks
// compare with, an hour later.
var (
	start = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	now   = start.Add(time.Hour)
)

// fakeClock returns a clock that reads start, then step later at each call.
func fakeClock(step time.Duration) func() time.Time {
	t := start
	return func() time.Time {
		t = t.Add(step)
		return t
	}
}

// seeded returns a deterministic source of random bytes.
func seeded(seed uint64) *rand.ChaCha8 {
	var s [32]byte
	s[0] = byte(seed)
	s[1] = byte(seed >> 8)
	return rand.NewChaCha8(s)
}

func builtin(t testing.TB, name string) *layouts.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// lines makes n lines with next.
func lines(n int, next func(i int) string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(next(i))
		b.WriteByte('\n')
	}
	return b.String()
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// check verifies input as layout and returns the report and its text.
func check(t *testing.T, layout, input string, opts verify.Options) (*verify.Report, string) {
	t.Helper()
	if opts.Now == nil {
		opts.Now = func() time.Time { return now }
	}
	r, err := verify.Run(builtin(t, layout), strings.NewReader(input), opts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	return r, b.String()
}

// failures lists the checks that failed, as "group/name".
func failures(r *verify.Report) []string {
	var out []string
	for _, c := range r.Checks {
		if c.Status == verify.Fail {
			out = append(out, c.Group+"/"+c.Name)
		}
	}
	return out
}

const n = 100_000

// good returns IDs of idforge's own generators, made on fake clocks from
// seeded randomness.
func good() map[string]struct {
	layout string
	text   string
	method verify.Method
} {
	type in = struct {
		layout string
		text   string
		method verify.Method
	}
	v7 := must(uuid.NewGenerator(uuid.WithClock(fakeClock(50*time.Microsecond)), uuid.WithEntropy(seeded(1))))
	v4 := must(uuid.NewGenerator(uuid.WithEntropy(seeded(2))))
	ul := must(ulid.NewGenerator(ulid.WithClock(fakeClock(50*time.Microsecond)), ulid.WithEntropy(seeded(3))))
	ks := must(ksuid.NewGenerator(ksuid.WithClock(fakeClock(50*time.Microsecond)), ksuid.WithEntropy(seeded(4))))
	sf := must(snowflake.NewGenerator(7, snowflake.WithClock(fakeClock(100*time.Microsecond))))
	slow := must(uuid.NewGenerator(uuid.WithClock(fakeClock(3*time.Millisecond)), uuid.WithEntropy(seeded(5))))
	return map[string]in{
		"uuid.NewV7":             {"uuidv7", lines(n, func(int) string { return must(v7.NewV7()).String() }), verify.MethodCounter},
		"uuid.NewV7, one a 3 ms": {"uuidv7", lines(n, func(int) string { return must(slow.NewV7()).String() }), verify.MethodOnePerTick},
		"uuid.NewV4":             {"uuidv4", lines(n, func(int) string { return must(v4.NewV4()).String() }), ""},
		"ulid":                   {"ulid", lines(n, func(int) string { return must(ul.Next()).String() }), verify.MethodMonotonicRandom},
		"ksuid":                  {"ksuid", lines(n, func(int) string { return must(ks.Next()).String() }), verify.MethodCounter},
		"snowflake 7":            {"snowflake", lines(n, func(int) string { return must(sf.Next()).String() }), verify.MethodCounter},
	}
}

// TestGoodGenerators: idforge's own generators pass with the default
// thresholds, and the method each shows is named.
func TestGoodGenerators(t *testing.T) {
	for name, g := range good() {
		t.Run(name, func(t *testing.T) {
			r, text := check(t, g.layout, g.text, verify.Options{})
			if r.Failed {
				t.Errorf("fails %v:\n%s", failures(r), text)
			}
			if r.IDs != n {
				t.Errorf("%d IDs, want %d", r.IDs, n)
			}
			if r.Method != g.method {
				t.Errorf("method %q, want %q\n%s", r.Method, g.method, text)
			}
			if r.RandomTests == 0 && g.layout != "snowflake" {
				t.Errorf("no randomness tests ran:\n%s", text)
			}
			t.Log("\n" + text)
		})
	}
}

// v7 makes a UUIDv7 from its fields, with the right version and variant.
func v7(ms uint64, a uint16, b uint64) uuid.UUID {
	return must(uuid.PackV7(uuid.V7Fields{UnixMs: ms, RandA: a & 0xfff, RandB: b & (1<<62 - 1)}))
}
