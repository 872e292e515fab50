package fuzz

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
)

// RandomSpec derives a valid layout spec from data, for tests that must hold
// for any layout a user can write: the same data gives the same spec, and
// every input gives one that layouts.Parse accepts. The specs vary what the
// built-in ones show: a width of 64, 96, 128 or 160 bits; a time of up to 64
// bits, with any epoch and unit, that holds the next twenty years, whole or
// sliced over up to three segments (as role slices or as one named split
// field), at the top or anywhere;
// constants; a node; a counter, alone or sharing a segment with random
// bits; random bits, as integers or as a bytes field; and, now and then, a
// canonical text in one of the declared encodings.
func RandomSpec(data []byte) string {
	in := NewBits(data)
	pick := func(n int) int { return int(in.Take(8).Int64()) % n }
	total := []int{64, 96, 128, 160}[pick(4)]

	type seg struct {
		name, content string
		width         int
	}
	var top, rest []seg
	budget := total

	// A constant at the top, as a sign bit or a version.
	if pick(2) == 0 {
		w := 1 + pick(4)
		top = append(top, seg{"c0", fmt.Sprintf("= %d", pick(1<<w)), w})
		budget -= w
	}

	// The time, sliced into up to three segments: an epoch and a unit, and
	// a width that holds the next twenty years at least (a clock that has
	// overflowed is an error in a spec), taking the next unit and epoch when
	// the picked ones need more bits than the layout has room for.
	units := []string{"s", "ms", "10ms", "us", "100ns", "ns", "2^-10s", "2^-24s", "3s", "250ms", "ms/4096", "us/3"}
	epochs := []string{"unix", "gregorian", "2020-01-01T00:00:00Z", "2011-08-24T21:07:01.721Z", "2000-01-01T00:00:00.000000123Z"}
	room := min(64, budget-8)
	ui, ei := pick(len(units)), pick(len(epochs))
	args, need := "", 0
	for i := 0; ; i++ {
		args = epochs[(ei+i/len(units))%len(epochs)] + " " + units[(ui+i)%len(units)]
		if need = clockBits(args); need <= room {
			break
		}
	}
	tw := need + pick(room-need+1)
	parts := 1 + pick(3)
	named := pick(2) == 0
	atTop := pick(2) == 0
	cuts := []int{tw} // slice bounds, most significant first
	for range parts - 1 {
		if c := 1 + pick(tw-1); !slices.Contains(cuts, c) {
			cuts = append(cuts, c)
		}
	}
	slices.Sort(cuts)
	slices.Reverse(cuts)
	cuts = append(cuts, 0)
	var times []seg
	for i := range len(cuts) - 1 {
		hi, lo := cuts[i], cuts[i+1]
		var content string
		switch {
		case len(cuts) == 2:
			content = "time " + args
		case named:
			content = fmt.Sprintf("stamp[%d:%d]", lo, hi)
			if i == 0 {
				content += " time " + args
			}
		default:
			content = fmt.Sprintf("time[%d:%d]", lo, hi)
			if i == 0 {
				content += " " + args
			}
		}
		times = append(times, seg{fmt.Sprintf("t%d", i), content, hi - lo})
	}
	if pick(2) == 0 && len(times) > 1 { // least significant slice first, as UUIDv1 has it
		times[0], times[len(times)-1] = times[len(times)-1], times[0]
	}
	if atTop {
		top = append(top, times...)
	} else {
		rest = append(rest, times...)
	}
	budget -= tw

	// A node, a constant and a counter, each maybe.
	if w := pick(17); w > 0 && w < budget-8 {
		rest = append(rest, seg{"node", "node", w})
		budget -= w
	}
	if pick(2) == 0 && budget > 12 {
		rest = append(rest, seg{"kind", fmt.Sprintf("= %d", pick(16)), 4})
		budget -= 4
	}
	if cw := 1 + pick(24); cw < budget-4 {
		inits := []string{"zero wait", "seeded borrow", "random borrow", "zero borrow"}
		if rw := pick(2) * pick(min(30, budget-cw)); rw > 0 {
			rest = append(rest, seg{"cr", fmt.Sprintf("counter[0:%d] %s + random", cw, inits[pick(len(inits))]), cw + rw})
			budget -= cw + rw
		} else {
			rest = append(rest, seg{"seq", "counter " + inits[pick(len(inits))], cw})
			budget -= cw
		}
	}
	// Shuffle the middle, then fill with random bits: a bytes field when
	// the fill is whole bytes on a byte boundary, else integers of up to 64.
	for i := len(rest) - 1; i > 0; i-- {
		j := pick(i + 1)
		rest[i], rest[j] = rest[j], rest[i]
	}
	segs := append(top, rest...)
	used := total - budget
	for n := 0; budget > 0; n++ {
		w := min(budget, 64)
		content := "random"
		if used%8 == 0 && budget%8 == 0 && budget > 64 || pick(3) == 0 && used%8 == 0 && budget%8 == 0 {
			w, content = budget, "random bytes"
		}
		segs = append(segs, seg{fmt.Sprintf("r%d", n), content, w})
		budget -= w
		used += w
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# A layout derived from fuzz input.\nlayout random%d %d\n", total, total)
	for _, s := range segs {
		fmt.Fprintf(&b, "  %-5s %3d  %s\n", s.name, s.width, s.content)
	}
	// Now and then, a canonical text in one of the declared encodings
	// (input that has run out picks none, so older inputs keep their spec).
	if pick(4) == 1 {
		names := encodings.Names()
		fmt.Fprintf(&b, "  text %s\n", names[pick(len(names))])
	}
	return b.String()
}

// clockBits returns the fewest bits a clock of the given epoch and unit
// ("unix ms") needs to hold the next twenty years, or 65 when 64 bits do
// not.
func clockBits(args string) int {
	horizon := time.Now().AddDate(20, 0, 0)
	for w := 1; w <= 64; w++ {
		spec := fmt.Sprintf("layout t %d\n  ts %d time %s\n", (w+7)/8*8, w, args)
		if pad := (w+7)/8*8 - w; pad > 0 {
			spec += fmt.Sprintf("  r %d random\n", pad)
		}
		l, err := layouts.Parse("t.layout", []byte(spec))
		if err != nil {
			continue // overflowed already
		}
		if end, ok := l.Overflow(); !ok || end.After(horizon) {
			return w
		}
	}
	return 65
}
