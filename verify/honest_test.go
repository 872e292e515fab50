package verify_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

// An honest generator keeps to its layout's family's rules; verify must
// never fail it. make returns the lines of run number run, each run from
// its own seed.
type honest struct {
	name   string
	layout string
	n      int
	make   func(run, n int) []string
}

// clockAt returns a fake clock that starts at start plus the run's own
// offset and moves step a call.
func clockAt(run int, step time.Duration) func() time.Time {
	t := start.Add(time.Duration(run) * time.Second)
	return func() time.Time {
		t = t.Add(step)
		return t
	}
}

func honestGenerators() []honest {
	var out []honest
	// idforge's own Go generators, one an ID a millisecond and in a
	// burst, at 40 and 10,000 IDs.
	for _, n := range []int{40, 10_000} {
		for _, step := range []time.Duration{time.Millisecond, time.Microsecond} {
			rate := "one a millisecond"
			if step < time.Millisecond {
				rate = "a burst"
			}
			out = append(out,
				honest{fmt.Sprintf("idforge uuid.NewV7, %s", rate), "uuidv7", n, func(run, n int) []string {
					g := must(uuid.NewGenerator(uuid.WithClock(clockAt(run, step)), uuid.WithEntropy(seeded(uint64(run)))))
					return linesOf(n, func(int) string { return must(g.NewV7()).String() })
				}},
				honest{fmt.Sprintf("idforge uuid.NewV6, %s", rate), "uuidv6", n, func(run, n int) []string {
					g := must(uuid.NewGenerator(uuid.WithClock(clockAt(run, step)), uuid.WithEntropy(seeded(uint64(run)))))
					return linesOf(n, func(int) string { return must(g.NewV6()).String() })
				}},
				honest{fmt.Sprintf("idforge uuid.NewV1, %s", rate), "uuidv1", n, func(run, n int) []string {
					g := must(uuid.NewGenerator(uuid.WithClock(clockAt(run, step)), uuid.WithEntropy(seeded(uint64(run)))))
					return linesOf(n, func(int) string { return must(g.NewV1()).String() })
				}},
				honest{fmt.Sprintf("idforge ulid, %s", rate), "ulid", n, func(run, n int) []string {
					g := must(ulid.NewGenerator(ulid.WithClock(clockAt(run, step)), ulid.WithEntropy(seeded(uint64(run)))))
					return linesOf(n, func(int) string { return must(g.Next()).String() })
				}},
				honest{fmt.Sprintf("idforge ksuid, %s", rate), "ksuid", n, func(run, n int) []string {
					g := must(ksuid.NewGenerator(ksuid.WithClock(clockAt(run, step)), ksuid.WithEntropy(seeded(uint64(run)))))
					return linesOf(n, func(int) string { return must(g.Next()).String() })
				}},
				honest{fmt.Sprintf("idforge snowflake, %s", rate), "snowflake", n, func(run, n int) []string {
					g := must(snowflake.NewGenerator(int64(run%1024), snowflake.WithClock(clockAt(run, step))))
					return linesOf(n, func(int) string { return must(g.Next()).String() })
				}},
			)
		}
		// idforge's SQL makes each ID in a call of its own, its counter
		// seeded afresh: IDs random within a millisecond, the counter's
		// top bit always clear.
		out = append(out, honest{"idforge SQL uuidv7_new(), one call a row, 40 a millisecond", "uuidv7", n, func(run, n int) []string {
			r := rand.New(seeded(uint64(run)))
			return linesOf(n, func(i int) string {
				c := r.Uint64() & (1<<25 - 1)
				return v7(ms0+uint64(run)*1000+uint64(i/40), uint16(c>>14), c<<48|r.Uint64()&(1<<48-1)).String()
			})
		}})
	}
	out = append(out,
		honest{"ten random UUIDv7s in one millisecond (npm ksuid's way)", "uuidv7", 10, func(run, n int) []string {
			return randomV7(uint64(run), func(int) uint64 { return ms0 + uint64(run) })(n)
		}},
		honest{"random UUIDv7s, one a 999 µs", "uuidv7", 1000, func(run, n int) []string {
			return randomV7(uint64(run), func(i int) uint64 {
				return uint64(start.Add(time.Duration(run)*time.Second + time.Duration(i)*999*time.Microsecond).UnixMilli())
			})(n)
		}},
		honest{"a UUIDv1 that takes a new clock_seq when its clock steps back", "uuidv1", 100, func(run, n int) []string {
			r := rand.New(seeded(uint64(run)))
			seq, node := uint16(r.IntN(1<<14)), r.Uint64()&(1<<48-1)|1<<40
			return linesOf(n, func(i int) string {
				t := gregorian + uint64(run)*1e7 + uint64(i)*10
				if i >= n/2 {
					t -= 5e6 // half a second back
					if i == n/2 {
						seq = (seq + 1 + uint16(r.IntN(1<<14-1))) & (1<<14 - 1)
					}
				}
				return v1At(t, seq, node).String()
			})
		}},
		subms(30), subms(250), subms(1000),
		honest{"a sub-millisecond fraction, one ID a millisecond, each read 100 to 300 µs into its millisecond (google/uuid beside a sleep)", "uuidv7", 2000, func(run, n int) []string {
			r := rand.New(seeded(uint64(run)))
			return linesOf(n, func(i int) string {
				ms := ms0 + uint64(run)*1000 + uint64(i)
				frac := (100_000 + r.Uint64N(200_000)) * 4096 / 1e6
				return v7(ms, uint16(frac), r.Uint64()).String()
			})
		}},
		honest{"a ULID with a random increment (oklog/ulid's monotonic reader), a burst", "ulid", 10_000, func(run, n int) []string {
			r := rand.New(seeded(uint64(run)))
			var hi, lo, ms uint64
			return linesOf(n, func(i int) string {
				now := ms0 + uint64(run)*1000 + uint64(i/500)
				if now != ms {
					ms, hi, lo = now, uint64(r.Uint32()&0xffff), r.Uint64()
				} else {
					var carry uint64
					lo, carry = addCarry(lo, 1+r.Uint64N(1<<32))
					hi += carry
				}
				var b [16]byte
				binary.BigEndian.PutUint64(b[:8], ms<<16|hi)
				binary.BigEndian.PutUint64(b[8:], lo)
				return ulid.ULID(b).String()
			})
		}},
	)
	return out
}

// subms is a UUIDv7 generator that holds a sub-millisecond fraction in
// rand_a, stepped by one when the clock has not moved on (google/uuid,
// Go 1.27, PostgreSQL 18), making an ID every ns nanoseconds: at 30 it
// counts by one, running ahead of the clock; at 250, about one step of
// the fraction, it mostly does.
func subms(ns uint64) honest {
	return honest{fmt.Sprintf("a sub-millisecond fraction stepped by one when the clock stands still (google/uuid, Go 1.27, PostgreSQL 18), %d ns an ID", ns), "uuidv7", 100_000, func(run, n int) []string {
		r := rand.New(seeded(uint64(run)))
		var last uint64
		return linesOf(n, func(i int) string {
			t := uint64(start.UnixNano()) + uint64(run)*1e9 + uint64(i)*ns
			t = t/1e6<<12 | (t%1e6)*4096/1e6
			if t <= last {
				t = last + 1
			}
			last = t
			return v7(t>>12, uint16(t&0xfff), r.Uint64()).String()
		})
	}}
}

func addCarry(a, b uint64) (uint64, uint64) {
	s := a + b
	if s < a {
		return s, 1
	}
	return s, 0
}

// runsOf is how many runs of n IDs TestHonest makes: 1,000 for small
// inputs; for large ones 20, or IDFORGE_VERIFY_RUNS (CI gives 1000; a
// tenth of that for 100,000 IDs).
func runsOf(t *testing.T, n int) int {
	if n <= 1000 {
		return 1000
	}
	if s := os.Getenv("IDFORGE_VERIFY_RUNS"); s != "" {
		r, err := strconv.Atoi(s)
		if err != nil || r <= 0 {
			t.Fatalf("IDFORGE_VERIFY_RUNS=%q: want a number of runs", s)
		}
		if n > 10_000 {
			return max(r/10, 1) // a tenth as many runs of ten times the IDs
		}
		return r
	}
	if testing.Short() {
		return 5
	}
	return 20
}

// TestHonest: no false alarm. Each honest generator, run after run from
// a seed of its own at the default false-positive rate (1e-6 a run),
// passes every run: a failure here is verify crying wolf.
func TestHonest(t *testing.T) {
	for _, h := range honestGenerators() {
		t.Run(fmt.Sprintf("%s, %d IDs", h.name, h.n), func(t *testing.T) {
			runs := runsOf(t, h.n)
			l := builtin(t, h.layout)
			failed := 0
			for run := range runs {
				in := strings.Join(h.make(run, h.n), "\n") + "\n"
				r, err := verify.Run(l, strings.NewReader(in), verify.Options{Now: func() time.Time { return now.Add(time.Duration(run) * time.Second) }})
				if err != nil {
					t.Fatal(err)
				}
				if r.Failed {
					failed++
					if failed <= 2 {
						var b strings.Builder
						r.WriteText(&b)
						t.Errorf("run %d fails %v:\n%s", run, r.Classes(), b.String())
					}
				}
			}
			t.Logf("%d of %d runs failed", failed, runs)
		})
	}
}

// TestAheadWhenRead: IDs piped from a live generator for several
// seconds are judged against the clock when each line arrives, not when
// verify started (the docs' own piped example failed so).
func TestAheadWhenRead(t *testing.T) {
	clock := start
	g := must(uuid.NewGenerator(uuid.WithClock(func() time.Time { return clock }), uuid.WithEntropy(seeded(7))))
	c, err := verify.New(builtin(t, "uuidv7"), verify.Options{Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	for range 10_000 { // ten seconds, an ID a millisecond, each read as it is made
		clock = clock.Add(time.Millisecond)
		c.Line([]byte(must(g.NewV7()).String()))
	}
	if r := c.Report(); r.Failed {
		var b strings.Builder
		r.WriteText(&b)
		t.Errorf("a live stream fails %v:\n%s", r.Classes(), b.String())
	}
	// The same IDs' successor, an hour ahead of the clock when it
	// arrives, is ahead.
	clock = clock.Add(time.Millisecond)
	c.Line([]byte(v7(uint64(clock.Add(time.Hour).UnixMilli()), 0, 0).String()))
	if r := c.Report(); !containsClass(r, verify.ClassAhead) {
		t.Errorf("an ID an hour ahead is not found: %v", r.Classes())
	}
}

func containsClass(r *verify.Report, c verify.Class) bool {
	for _, x := range r.Classes() {
		if x == c {
			return true
		}
	}
	return false
}

// TestDeclaredWrap: a counter that the layout says wraps (xid's runs on
// across seconds and wraps at 2^24) may go from its top to zero within a
// tick; any other step down within the tick still fails. A run of 1,000
// xids starts within 1,000 of the top once in 16,777 runs, so the
// false-alarm runs met it.
func TestDeclaredWrap(t *testing.T) {
	xid := func(counter uint32) string {
		return fmt.Sprintf("%08x%06x%04x%06x", uint32(now.Unix())-5, 0xabcdef, 0x1234, counter&(1<<24-1))
	}
	wrapping := lines(1000, func(i int) string { return xid(1<<24 - 500 + uint32(i)) })
	r, text := check(t, "xid", wrapping, verify.Options{From: "hex"})
	if r.Failed {
		t.Errorf("an xid counter wrapping at its top fails %v:\n%s", failures(r), text)
	}
	if !strings.Contains(text, "wrapped from its top to zero (1)") {
		t.Errorf("the wrap is not said:\n%s", text)
	}
	back := lines(1000, func(i int) string {
		if i == 600 {
			return xid(3)
		}
		return xid(1000 + uint32(i))
	})
	if r, text := check(t, "xid", back, verify.Options{From: "hex"}); !containsClass(r, verify.ClassOutOfOrder) {
		t.Errorf("an xid counter stepping back to 3 is not out of order: %v\n%s", r.Classes(), text)
	}
}
