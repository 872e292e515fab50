package verify_test

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/storage"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
)

var update = flag.Bool("update", false, "rewrite docs/verify.md's table of the IDs each fault needs")

// A fault is a generator written wrong the way the field's generators
// are, and the class verify must name for it. make returns n IDs' lines.
type fault struct {
	class  verify.Class
	layout string
	what   string // the generator, for the docs
	opts   verify.Options
	make   func(n int) []string
}

// ms0 is the fake clocks' start, in Unix milliseconds.
var ms0 = uint64(start.UnixMilli())

// v7gen is a UUIDv7 generator as the field writes them: count IDs a
// millisecond, a 12-bit counter in rand_a started by startAt (random with
// its top bit clear when nil), random rand_b; fix may change each ID.
type v7gen struct {
	perMs   int
	seed    uint64
	startAt func(r *rand.Rand) uint16
	ms      func(i int) uint64
	fix     func(i int, u uuid.UUID, r *rand.Rand) uuid.UUID
}

func (g v7gen) lines(n int) []string {
	r := rand.New(seeded(g.seed))
	ms := g.ms
	if ms == nil {
		ms = func(i int) uint64 { return ms0 + uint64(i/g.perMs) }
	}
	var ctr uint16
	var last uint64
	out := make([]string, n)
	for i := range n {
		m := ms(i)
		if i == 0 || m != last {
			if g.startAt != nil {
				ctr = g.startAt(r)
			} else {
				ctr = uint16(r.IntN(2048))
			}
		} else {
			ctr++
		}
		last = m
		u := v7(m, ctr, r.Uint64())
		if g.fix != nil {
			u = g.fix(i, u, r)
		}
		out[i] = u.String()
	}
	return out
}

func v1At(ticks uint64, seq uint16, node uint64) uuid.UUID {
	return must(uuid.PackV1(uuid.V1Fields{Timestamp: ticks, ClockSeq: seq, Node: node}))
}

// gregorian is 2026-03-01 in UUIDv1's 100-ns ticks since 1582-10-15.
var gregorian = uint64(start.UnixNano()/100) + 0x01B21DD213814000

// faults is the catalogue's generators, one or more a class.
func faults() []fault {
	return []fault{
		{verify.ClassUnreadable, "uuidv7", "every 50th ID cut one character short", verify.Options{}, v7gen{perMs: 1000, seed: 1, fix: nil}.cut(50)},
		{verify.ClassWrongVersion, "uuidv7", "a 6 in the version nibble of one ID in ten", verify.Options{}, v7gen{perMs: 1000, seed: 2, fix: func(i int, u uuid.UUID, _ *rand.Rand) uuid.UUID {
			if i%10 == 3 {
				u[6] = u[6]&0x0f | 0x60
			}
			return u
		}}.lines},
		{verify.ClassWrongVariant, "uuidv7", "variant 0b11 (Microsoft's) in one ID in ten", verify.Options{}, v7gen{perMs: 1000, seed: 3, fix: func(i int, u uuid.UUID, _ *rand.Rand) uuid.UUID {
			if i%10 == 3 {
				u[8] |= 0xc0
			}
			return u
		}}.lines},
		{verify.ClassWrongConstant, "snowflake", "Snowflakes with the sign bit set in one ID in ten, read as hex", verify.Options{From: "hex"}, func(n int) []string {
			g := must(snowflake.NewGenerator(7, snowflake.WithClock(fakeClock(100*time.Microsecond))))
			return linesOf(n, func(i int) string {
				id := uint64(must(g.Next()))
				if i%10 == 3 {
					id |= 1 << 63
				}
				return fmt.Sprintf("%016x", id)
			})
		}},
		{verify.ClassGUIDByteOrder, "uuidv7", "UUIDv7s written in a .NET Guid's byte order (Guid.ToByteArray)", verify.Options{}, v7gen{perMs: 1000, seed: 4, fix: func(_ int, u uuid.UUID, _ *rand.Rand) uuid.UUID {
			slices.Reverse(u[0:4])
			slices.Reverse(u[4:6])
			slices.Reverse(u[6:8])
			return u
		}}.lines},
		{verify.ClassV1OrderAsV6, "uuidv6", "a UUIDv1's fields under a version 6", verify.Options{}, func(n int) []string {
			r := rand.New(seeded(5))
			seq, node := uint16(r.IntN(1<<14)), r.Uint64()&(1<<48-1)|1<<40
			return linesOf(n, func(i int) string {
				u := v1At(gregorian+uint64(i)*100, seq, node)
				u[6] = u[6]&0x0f | 0x60
				return u.String()
			})
		}},
		{verify.ClassDuplicate, "uuidv7", "one ID in a hundred made twice", verify.Options{}, func(n int) []string {
			ids := v7gen{perMs: 1000, seed: 6}.lines(n)
			for i := 99; i < n; i += 100 {
				ids[i] = ids[i-1]
			}
			return ids
		}},
		{verify.ClassSharedNode, "snowflake", "two Snowflake generators given node 7, five IDs a millisecond each, one after the other", verify.Options{}, func(n int) []string {
			a := must(snowflake.NewGenerator(7, snowflake.WithClock(fakeClock(190*time.Microsecond))))
			b := must(snowflake.NewGenerator(7, snowflake.WithClock(fakeClock(190*time.Microsecond))))
			return linesOf(n, func(i int) string {
				if i%10 < 5 {
					return must(a.Next()).String()
				}
				return must(b.Next()).String()
			})
		}},
		{verify.ClassCounterWraps, "snowflake", "a Snowflake sequence that runs past 4,095 to zero within a millisecond, 5,000 IDs a millisecond (@sapphire/snowflake 3.5.5)", verify.Options{}, func(n int) []string {
			return linesOf(n, func(i int) string {
				ms := uint64(start.UnixMilli()-1288834974657) + uint64(i/5000)
				return fmt.Sprint(ms<<22 | 7<<12 | uint64(i%5000)&0xfff)
			})
		}},
		{verify.ClassCounterWraps, "uuidv7", "a 12-bit counter started anywhere, wrapping to zero (gofrs/uuid v5.4.0)", verify.Options{}, v7gen{perMs: 1000, seed: 7, startAt: func(r *rand.Rand) uint16 { return uint16(r.IntN(4096)) }, fix: func(_ int, u uuid.UUID, _ *rand.Rand) uuid.UUID {
			return u
		}}.wrap12},
		{verify.ClassOutOfOrder, "uuidv7", "IDs random within a millisecond, under -strict", verify.Options{Strict: true}, randomV7(8, func(i int) uint64 { return ms0 + uint64(i/100) })},
		{verify.ClassCounterRestarts, "uuidv7", "a 12-bit counter in rand_a from zero each millisecond", verify.Options{}, v7gen{perMs: 1000, seed: 9, startAt: func(*rand.Rand) uint16 { return 0 }}.lines},
		{verify.ClassCounterRestarts, "uuidv7", "uuidv7's 26-bit counter from zero each millisecond", verify.Options{}, func(n int) []string {
			r := rand.New(seeded(10))
			return linesOf(n, func(i int) string {
				c := uint64(i % 1000) // the counter: rand_a and the top 14 bits of rand_b
				return v7(ms0+uint64(i/1000), uint16(c>>14), c<<48|r.Uint64()&(1<<48-1)).String()
			})
		}},
		{verify.ClassStepsBack, "uuidv7", "the time going back 2 s with the clock, half way", verify.Options{}, v7gen{perMs: 1000, seed: 11, ms: func(i int) uint64 {
			if i >= 20 && i%40 == 20 {
				return ms0 + uint64(i/1000) - 2000
			}
			return ms0 + uint64(i/1000)
		}}.lines},
		{verify.ClassStoreOrder, "uuidv7", "UUIDv7s as SQL Server's uniqueidentifier sorts them (ORDER BY, stored without a profile)", verify.Options{StoreOrder: true}, func(n int) []string {
			ids := v7gen{perMs: 10, seed: 31}.lines(n)
			sqlserver := must(storage.Lookup("sqlserver"))
			slices.SortFunc(ids, func(a, b string) int {
				x, y := must(uuid.Parse(a)), must(uuid.Parse(b))
				return sqlserver.Compare(x[:], y[:])
			})
			return ids
		}},
		{verify.ClassStepBackSameClockSeq, "uuidv1", "a UUIDv1 whose clock steps back 1 s, keeping its clock sequence", verify.Options{}, func(n int) []string {
			r := rand.New(seeded(12))
			seq, node := uint16(r.IntN(1<<14)), r.Uint64()&(1<<48-1)|1<<40
			return linesOf(n, func(i int) string {
				t := gregorian + uint64(i)*1000
				if i%20 == 10 {
					t -= 1e7
				}
				return v1At(t, seq, node).String()
			})
		}},
		{verify.ClassAhead, "uuidv7", "local time two hours east of Greenwich written as UTC", verify.Options{}, v7gen{perMs: 1000, seed: 13, ms: func(i int) uint64 { return ms0 + uint64(i/1000) + 2*3600*1000 }}.lines},
		{verify.ClassRunsAhead, "uuidv7", "CPython 3.14's uuid7 after a step back: each ID the last time + 1 ms, a 42-bit counter counting on", verify.Options{}, func(n int) []string {
			r := rand.New(seeded(14))
			ctr := r.Uint64() & (1<<41 - 1)
			return linesOf(n, func(i int) string {
				ctr++
				return v7(ms0+uint64(i), uint16(ctr>>30), (ctr&(1<<30-1))<<32|uint64(r.Uint32())).String()
			})
		}},
		{verify.ClassCarryIntoTime, "ulid", "a ULID whose random increment, up to 2^70, carries into the time when it overflows", verify.Options{}, func(n int) []string {
			r := rand.New(seeded(15))
			var hi uint64 // time<<16 | entropy's top 16 bits
			var lo uint64
			return linesOf(n, func(i int) string {
				ms := ms0 + uint64(i/1000)
				if ms > hi>>16 {
					hi, lo = ms<<16|uint64(r.Uint32()&0xffff), r.Uint64()
				} else {
					inc := new(big.Int).SetUint64(r.Uint64())
					inc.Lsh(inc, 6) // up to 2^70
					v := new(big.Int).SetUint64(hi)
					v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(lo)).Add(v, inc).Add(v, big.NewInt(1))
					lo = new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0))).Uint64()
					hi = new(big.Int).Rsh(v, 64).Uint64() // the carry reaches the time
				}
				var b [16]byte
				binary.BigEndian.PutUint64(b[:8], hi)
				binary.BigEndian.PutUint64(b[8:], lo)
				return ulid.ULID(b).String()
			})
		}},
		{verify.ClassSecondsAsMs, "uuidv7", "unix_ts_ms that is Unix seconds × 1000, 200 IDs a second", verify.Options{}, v7gen{perMs: 1, seed: 16, ms: func(i int) uint64 { return (ms0 + uint64(i)*5) / 1000 * 1000 }}.lines},
		{verify.ClassImplausibleTime, "uuidv1", "a UUIDv1 counting 100-ns ticks from 1970, not 1582 (its times read as 1613)", verify.Options{}, func(n int) []string {
			r := rand.New(seeded(17))
			seq, node := uint16(r.IntN(1<<14)), r.Uint64()&(1<<48-1)|1<<40
			return linesOf(n, func(i int) string { return v1At(uint64(start.UnixNano()/100)+uint64(i)*100, seq, node).String() })
		}},
		{verify.ClassTopBitFlipped, "uuidv7", "UUIDv7s with their top bit flipped (DuckDB 1.3.0)", verify.Options{}, v7gen{perMs: 1000, seed: 18, fix: func(_ int, u uuid.UUID, _ *rand.Rand) uuid.UUID {
			u[0] ^= 0x80
			return u
		}}.lines},
		{verify.ClassOutsideWindow, "uuidv7", "IDs of 2026-03-01 checked with -since 2026-06-01", verify.Options{Since: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)}, v7gen{perMs: 1000, seed: 19}.lines},
		{verify.ClassBiasedBit, "uuidv7", "rand_b bit 28 stuck at 1", verify.Options{}, v7gen{perMs: 1000, seed: 20, fix: func(_ int, u uuid.UUID, _ *rand.Rand) uuid.UUID {
			u[12] |= 0x10
			return u
		}}.lines},
		{verify.ClassBiasedBit, "uuidv7", "rand_b bit 0 is 1 in 55% of IDs", verify.Options{}, v7gen{perMs: 1000, seed: 21, fix: func(_ int, u uuid.UUID, r *rand.Rand) uuid.UUID {
			if r.IntN(10) == 0 {
				u[15] |= 1
			}
			return u
		}}.lines},
		{verify.ClassUneven, "uuidv7", "rand_b's low byte the larger of two random bytes", verify.Options{}, v7gen{perMs: 1000, seed: 22, fix: func(_ int, u uuid.UUID, r *rand.Rand) uuid.UUID {
			u[15] = max(byte(r.Uint32()), byte(r.Uint32()))
			return u
		}}.lines},
		{verify.ClassTooUniform, "uuidv7", "rand_b's low 32 bits from a 32-bit LCG (Numerical Recipes' constants)", verify.Options{}, lcgV7(23)},
		{verify.ClassSerialCorrelation, "uuidv7", "rand_b's low nibble one more than its predecessor's", verify.Options{}, func(n int) []string {
			return v7gen{perMs: 1000, seed: 24, fix: func(i int, u uuid.UUID, _ *rand.Rand) uuid.UUID {
				u[15] = u[15]&0xf0 | byte(i)&0x0f
				return u
			}}.lines(n)
		}},
		{verify.ClassRepeatedRandom, "uuidv7", "a process forked with its random state: the child, a second later, repeats the parent's random bits", verify.Options{}, func(n int) []string {
			parent := v7gen{perMs: 1000, seed: 25}.lines(n / 2)
			child := v7gen{perMs: 1000, seed: 25, ms: func(i int) uint64 { return ms0 + 1000 + uint64(i/1000) }}.lines(n - n/2)
			return append(parent, child...)
		}},
		{verify.ClassRepeatedRandom, "ulid", "ULIDs from a generator re-seeded alike each second (math/rand seeded by the second)", verify.Options{}, func(n int) []string {
			var r *rand.Rand
			return linesOf(n, func(i int) string {
				ms := ms0 + uint64(i)
				if i%1000 == 0 {
					r = rand.New(seeded(26)) // the same seed at each re-seeding
				}
				var b [16]byte
				binary.BigEndian.PutUint64(b[:8], ms<<16|uint64(r.Uint32()&0xffff))
				binary.BigEndian.PutUint64(b[8:], r.Uint64())
				return ulid.ULID(b).String()
			})
		}},
	}
}

func linesOf(n int, next func(i int) string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = next(i)
	}
	return out
}

// cut returns a maker whose every k-th ID is one character short.
func (g v7gen) cut(k int) func(int) []string {
	return func(n int) []string {
		ids := g.lines(n)
		for i := k - 1; i < n; i += k {
			ids[i] = ids[i][:len(ids[i])-1]
		}
		return ids
	}
}

// wrap12 makes IDs whose 12-bit counter wraps to zero within a tick.
func (g v7gen) wrap12(n int) []string {
	r := rand.New(seeded(g.seed))
	var ctr uint16
	return linesOf(n, func(i int) string {
		if i%g.perMs == 0 {
			ctr = g.startAt(r)
		} else {
			ctr = (ctr + 1) & 0xfff
		}
		return v7(ms0+uint64(i/g.perMs), ctr, r.Uint64()).String()
	})
}

// randomV7 makes UUIDv7s whose bits after the time are all random.
func randomV7(seed uint64, ms func(i int) uint64) func(int) []string {
	return func(n int) []string {
		r := rand.New(seeded(seed))
		return linesOf(n, func(i int) string { return v7(ms(i), uint16(r.Uint32()), r.Uint64()).String() })
	}
}

// lcgV7 makes UUIDv7s whose low 32 random bits come from a 32-bit LCG,
// one output an ID.
func lcgV7(seed uint32) func(int) []string {
	return func(n int) []string {
		r := rand.New(seeded(uint64(seed)))
		x := seed
		return linesOf(n, func(i int) string {
			x = x*1664525 + 1013904223
			return v7(ms0+uint64(i/1000), uint16(r.IntN(2048)+i%1000), r.Uint64()<<32|uint64(x)).String()
		})
	}
}

// sizes are the input sizes each fault is tried at, smallest first.
var sizes = []int{10, 20, 40, 100, 200, 400, 1000, 2000, 4000, 10_000, 20_000, 40_000, 100_000}

// TestCatalogue: every class of the catalogue has a fault that makes it,
// and verify names that class for it at 100,000 IDs or fewer; the number
// of IDs each needs is the table docs/verify.md shows (go test -update
// rewrites it).
func TestCatalogue(t *testing.T) {
	var rows []string
	covered := map[verify.Class]bool{}
	for _, f := range faults() {
		covered[f.class] = true
		need := 0
		var last string
		for _, n := range sizes {
			opts := f.opts
			opts.Now = func() time.Time { return now }
			r, text := check(t, f.layout, strings.Join(f.make(n), "\n")+"\n", opts)
			last = text
			if slices.Contains(r.Classes(), f.class) {
				need = n
				break
			}
		}
		if need == 0 {
			t.Errorf("%s (%s): not found at %d IDs:\n%s", f.class, f.what, sizes[len(sizes)-1], last)
			continue
		}
		rows = append(rows, fmt.Sprintf("| `%s` | %s | %s | %s |", f.class, f.what, f.layout, commas(need)))
	}
	for _, c := range verify.Classes() {
		if !covered[c.Class] {
			t.Errorf("class %s has no fault in the catalogue's tests", c.Class)
		}
	}
	table := "| class | the fault, as the test makes it | layout | IDs to find it |\n|---|---|---|---|\n" + strings.Join(rows, "\n") + "\n"
	path := filepath.Join("..", "docs", "verify.md")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skip("docs/verify.md is not beside this package")
	}
	re := regexp.MustCompile(`(?s)(<!-- catalogue: go test ./verify -run TestCatalogue -update -->\n).*?(<!-- end catalogue -->)`)
	if !re.Match(src) {
		t.Fatal("docs/verify.md has no catalogue table markers")
	}
	want := re.ReplaceAll(src, []byte("${1}"+strings.ReplaceAll(table, "$", "$$")+"${2}"))
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if string(want) != string(src) {
		t.Errorf("docs/verify.md's catalogue table is stale (go test ./verify -run TestCatalogue -update):\n%s", table)
	}
}

// commas writes n with thousands separators.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
