package verify_test

import (
	"bytes"
	"encoding/binary"
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

// broken are generators written wrong on purpose, each with the check
// that must catch it and words its finding must hold.
func broken() []struct {
	name   string
	layout string
	text   string
	fails  []string
	words  string
} {
	ms0 := uint64(start.UnixMilli())
	type in = struct {
		name   string
		layout string
		text   string
		fails  []string
		words  string
	}
	// A method-1 v7: 1,000 IDs a millisecond, a 12-bit counter in rand_a
	// that starts at random each millisecond.
	counterV7 := func(seed uint64, ms func(i int) uint64, fix func(i int, u uuid.UUID) uuid.UUID) string {
		r := rand.New(seeded(seed))
		var ctr uint16
		var last uint64
		return lines(n, func(i int) string {
			m := ms(i)
			if i == 0 || m != last {
				ctr = uint16(r.IntN(2048))
			} else {
				ctr++
			}
			last = m
			u := v7(m, ctr, r.Uint64())
			if fix != nil {
				u = fix(i, u)
			}
			return u.String()
		})
	}
	perMs := func(i int) uint64 { return ms0 + uint64(i/1000) }
	return []in{
		{"time shifted one bit", "uuidv7",
			counterV7(10, func(i int) uint64 { return perMs(i) << 1 }, nil),
			[]string{"time/ahead"}, "ahead of the wall clock"},
		{"version nibble wrong", "uuidv7",
			counterV7(11, perMs, func(i int, u uuid.UUID) uuid.UUID {
				if i%10 == 3 {
					u[6] = u[6]&0x0f | 0x60 // a 6 where the 7 goes
				}
				return u
			}),
			[]string{"structure/constant"}, "ver is not 7 in 10000 IDs"},
		{"counter wraps below its predecessor", "uuidv7",
			func() string {
				r := rand.New(seeded(12))
				var ctr uint16
				return lines(n, func(i int) string {
					if i%1000 == 0 {
						ctr = uint16(r.IntN(4096)) // no top bit clear: it wraps
					} else {
						ctr = (ctr + 1) & 0xfff
					}
					return v7(perMs(i), ctr, r.Uint64()).String()
				})
			}(),
			[]string{"order/within a tick", "counter/rollover"}, "the counter rolled over below its predecessor"},
		{"stuck random bit", "uuidv7",
			counterV7(13, perMs, func(_ int, u uuid.UUID) uuid.UUID {
				u[12] |= 0x10 // rand_b bit 28, always 1
				return u
			}),
			[]string{"randomness/monobit"}, "rand_b bit 28 is 1 in 100000 of 100000"},
		{"biased random bit", "uuidv7",
			func() string {
				r := rand.New(seeded(14))
				return counterV7(15, perMs, func(_ int, u uuid.UUID) uuid.UUID {
					if r.IntN(10) == 0 {
						u[15] |= 1 // rand_b bit 0 is 1 in 55% of IDs
					}
					return u
				})
			}(),
			[]string{"randomness/monobit"}, "rand_b bit 0"},
		{"clock steps back", "uuidv7",
			counterV7(16, func(i int) uint64 {
				if i >= n/2 {
					return perMs(i) - 2000 // two seconds back, half way
				}
				return perMs(i)
			}, nil),
			[]string{"order/across ticks", "time/steps back", "counter/step back"}, "stepped back 1 time, by up to 1.999s"},
		{"a ULID's entropy stuck, one a millisecond", "ulid",
			func() string {
				r := rand.New(seeded(17))
				return lines(n, func(i int) string {
					var b [16]byte
					binary.BigEndian.PutUint64(b[:8], (ms0+uint64(i))<<16)
					binary.BigEndian.PutUint64(b[8:], r.Uint64())
					b[6], b[7] = byte(r.Uint32()), byte(r.Uint32())
					b[9] &^= 0x04 // entropy bit 50, always 0
					return ulid.ULID(b).String()
				})
			}(),
			[]string{"randomness/monobit, counter starts"}, "entropy bit 50 at a tick's first ID is 1 in 0 of 100000"},
	}
}

// TestBrokenGenerators: each broken generator is caught, by the check
// that names its fault.
func TestBrokenGenerators(t *testing.T) {
	for _, g := range broken() {
		t.Run(g.name, func(t *testing.T) {
			r, text := check(t, g.layout, g.text, verify.Options{})
			if !r.Failed {
				t.Fatalf("passes:\n%s", text)
			}
			got := failures(r)
			for _, want := range g.fails {
				found := false
				for _, f := range got {
					found = found || f == want
				}
				if !found {
					t.Errorf("fails %v, not %s:\n%s", got, want, text)
				}
			}
			if !strings.Contains(text, g.words) {
				t.Errorf("the report does not say %q:\n%s", g.words, text)
			}
			t.Log("\n" + text)
		})
	}
}
