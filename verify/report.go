package verify

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Status is a check's outcome.
type Status string

// The outcomes of a check.
const (
	// Pass: the input keeps to the layout.
	Pass Status = "ok"
	// Fail: it does not; the report fails.
	Fail Status = "FAIL"
	// Note: worth knowing, not a fault (a method other than the layout's,
	// text that reads but is not canonical).
	Note Status = "note"
	// Skip: the check could not run (too few IDs, no time in the layout).
	Skip Status = "skip"
)

// Check is one check's outcome.
type Check struct {
	// Group is structure, order, time, randomness or counter.
	Group string `json:"group"`
	// Name names the check within its group.
	Name   string `json:"name"`
	Status Status `json:"status"`
	// Message says what was found, in a sentence.
	Message string `json:"message"`
	// Count is how many IDs (or lines, pairs or bits) the finding is
	// about, where it counts any.
	Count int64 `json:"count,omitempty"`
	// Lines are the first few lines the finding is about.
	Lines []int64 `json:"lines,omitempty"`
}

// Method is an RFC 9562 §6.2 method as the input shows it.
type Method string

// The methods verify tells apart, from IDs that share a tick.
const (
	// MethodCounter: a fixed-length counter in the bits after the time
	// (method 1), random bits below it.
	MethodCounter Method = "counter"
	// MethodMonotonicRandom: every bit after the time counts up by one
	// within a tick (method 2, as ULID's monotonic generators do).
	MethodMonotonicRandom Method = "monotonic-random"
	// MethodClock: the bits after the time grow by varying steps, a finer
	// clock (method 3, a sub-millisecond fraction in rand_a).
	MethodClock Method = "finer-clock"
	// MethodRandom: no order within a tick.
	MethodRandom Method = "random"
	// MethodOnePerTick: no two IDs share a tick, so the time alone orders
	// them.
	MethodOnePerTick Method = "one-per-tick"
	// MethodUnknown: too few IDs share a tick to tell, or they fit no
	// method.
	MethodUnknown Method = "unknown"
)

// Report is what a Checker found.
type Report struct {
	Layout string `json:"layout"`
	// Text is the form the lines were read in ("UUID", "Base62", ...).
	Text  string `json:"text"`
	Lines int64  `json:"lines"`
	IDs   int64  `json:"ids"`
	// First and Last are the earliest and latest time of an ID, for a
	// layout with a time.
	First *time.Time `json:"first,omitempty"`
	Last  *time.Time `json:"last,omitempty"`
	// Method is the RFC 9562 §6.2 method the input shows, for a layout
	// with a time.
	Method Method `json:"method,omitempty"`
	// CounterBits is the width of the counter the input shows, for
	// MethodCounter and MethodMonotonicRandom, or of the finer clock, for
	// MethodClock.
	CounterBits int `json:"counter_bits,omitempty"`
	// FalsePositiveRate bounds the chance that a good generator fails the
	// randomness checks; RandomTests is how many there were, each at
	// FalsePositiveRate/RandomTests.
	FalsePositiveRate float64 `json:"false_positive_rate"`
	RandomTests       int     `json:"random_tests"`
	Checks            []Check `json:"checks"`
	// Failed says that a check failed: `idforge verify` exits 1.
	Failed bool `json:"failed"`
}

// Lines returns how many lines the checker has read.
func (c *Checker) Lines() int64 { return c.lines }

// Report returns what the checker has found so far.
func (c *Checker) Report() *Report {
	r := &Report{Layout: c.l.Model.Name, Text: c.text.Title, Lines: c.lines, IDs: c.ids, FalsePositiveRate: c.opts.Alpha}
	add := func(group, name string, st Status, t *tally, format string, args ...any) {
		ch := Check{Group: group, Name: name, Status: st, Message: fmt.Sprintf(format, args...)}
		if t != nil {
			ch.Count, ch.Lines = t.n, t.lines
		}
		r.Checks = append(r.Checks, ch)
		r.Failed = r.Failed || st == Fail
	}
	c.structure(add)
	if c.timed && c.ids > 0 {
		first, last := c.timeAt(c.minTick), c.timeAt(c.maxTick)
		r.First, r.Last = &first, &last
	}
	method, width := c.method()
	if c.timed {
		r.Method, r.CounterBits = method, width
	}
	c.order(add, method)
	c.times(add)
	r.RandomTests = c.randomness(add, method, width)
	c.counter(add, method, width)
	return r
}

type adder func(group, name string, st Status, t *tally, format string, args ...any)

func (c *Checker) structure(add adder) {
	if c.unreadable.n > 0 {
		verb := "do not read"
		if c.unreadable.n == 1 {
			verb = "does not read"
		}
		add("structure", "text", Fail, &c.unreadable, "%s %s as an ID of %s in %s text (first: %q)",
			plural(c.unreadable.n, "line"), verb, c.l.Model.Name, c.text.Title, c.unreadableEx[0])
	} else {
		add("structure", "text", Pass, nil, "every line reads as an ID of %s in %s text", c.l.Model.Name, c.text.Title)
	}
	switch {
	case c.ids == 0:
	case c.nonCanonical.n > 0:
		add("structure", "canonical", Note, &c.nonCanonical, "%d of %s read as IDs but are not exactly the %s text idforge writes (case, spaces)",
			c.nonCanonical.n, plural(c.ids, "line"), c.text.Title)
	case c.text.Name == c.l.Text.Name:
		add("structure", "canonical", Pass, nil, "every line is exactly the canonical %s text", c.text.Title)
	default:
		add("structure", "canonical", Note, nil, "every line is exactly the %s text, which is not %s's canonical %s", c.text.Title, c.l.Model.Name, c.l.Text.Title)
	}
	for i := range c.consts {
		k := &c.consts[i]
		if k.bad.n > 0 {
			add("structure", "constant", Fail, &k.bad, "%s is not %s in %s", k.name, constText(k), plural(k.bad.n, "ID"))
		} else if c.ids > 0 {
			add("structure", "constant", Pass, nil, "%s is %s in every ID", k.name, constText(k))
		}
	}
}

func constText(k *constCheck) string {
	if k.Width < 4 {
		return fmt.Sprintf("0b%0*b", k.Width, k.Value)
	}
	return fmt.Sprint(k.Value)
}

func (c *Checker) order(add adder, method Method) {
	if c.dups.n > 0 {
		var pairs []string
		for i, l := range c.dups.lines {
			if i < len(c.dupOf) {
				pairs = append(pairs, fmt.Sprintf("line %d repeats line %d", l, c.dupOf[i]))
			}
		}
		add("order", "duplicates", Fail, &c.dups, "%s (%s)", plural(c.dups.n, "duplicate"), strings.Join(pairs, ", "))
	} else if c.ids > 0 {
		how := fmt.Sprintf("every ID held in an exact set of %d", c.ids)
		if c.setFull {
			how = fmt.Sprintf("the first %d IDs held in an exact set, each later one compared with the one before it", c.opts.MaxSet)
		} else if c.set == nil {
			how = "each ID compared with the one before it"
		}
		add("order", "duplicates", Pass, nil, "none (%s)", how)
	}
	if !c.timed {
		add("order", "increasing", Skip, nil, "%s has no time: its IDs are not made in order", c.l.Model.Name)
		return
	}
	if c.ids < 2 {
		return
	}
	if !c.sortable {
		add("order", "across ticks", Skip, nil, "%s's bytes do not sort by time: only its time's order is checked (clock steps back)", c.l.Model.Name)
	} else if c.acrossDown.n > 0 {
		add("order", "across ticks", Fail, &c.acrossDown, "%s of %d below its predecessor, in an earlier tick", plural(c.acrossDown.n, "ID"), c.acrossPairs)
	} else {
		add("order", "across ticks", Pass, nil, "every ID in a later tick than its predecessor is above it (%s)", plural(c.acrossPairs, "pair"))
	}
	switch {
	case c.withinPairs == 0:
		add("order", "within a tick", Pass, nil, "no two consecutive IDs share a tick")
	case c.withinDown.n == 0:
		add("order", "within a tick", Pass, nil, "every ID in the same tick as its predecessor is above it (%s)", plural(c.withinPairs, "pair"))
	case method == MethodRandom && c.randomWithin && !c.opts.Strict:
		add("order", "within a tick", Note, &c.withinDown, "%s of %d below its predecessor in the same tick: the IDs are random within a tick, which %s allows (RFC 9562 makes order within a tick optional; -strict demands it)",
			plural(c.withinDown.n, "ID"), c.withinPairs, c.l.Model.Name)
	case method == MethodCounter || method == MethodMonotonicRandom:
		add("order", "within a tick", Fail, &c.withinDown, "%s of %d below its predecessor in the same tick: the counter rolled over below its predecessor",
			plural(c.withinDown.n, "ID"), c.withinPairs)
	default:
		add("order", "within a tick", Fail, &c.withinDown, "%s of %d below its predecessor in the same tick", plural(c.withinDown.n, "ID"), c.withinPairs)
	}
}

func (c *Checker) times(add adder) {
	if !c.timed || c.ids == 0 {
		return
	}
	format := func(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }
	if c.hasSince || c.hasUntil {
		win := fmt.Sprintf("%s to %s", orOpen(c.opts.Since, format), orOpen(c.opts.Until, format))
		if bad := c.before.n + c.after.n; bad > 0 {
			t := c.before
			if t.n == 0 {
				t = c.after
			}
			t.n = bad
			add("time", "window", Fail, &t, "%s outside %s (%d before, %d after)", plural(bad, "ID"), win, c.before.n, c.after.n)
		} else {
			add("time", "window", Pass, nil, "every ID's time is inside %s", win)
		}
	} else {
		add("time", "window", Pass, nil, "the IDs span %s to %s", format(c.timeAt(c.minTick)), format(c.timeAt(c.maxTick)))
	}
	if c.hasAhead {
		if c.ahead.n > 0 {
			add("time", "ahead", Fail, &c.ahead, "%s ahead of the wall clock by more than %s (the latest at %s)",
				plural(c.ahead.n, "ID"), c.opts.Ahead, format(c.timeAt(c.maxTick)))
		} else {
			add("time", "ahead", Pass, nil, "no ID is ahead of the wall clock by more than %s", c.opts.Ahead)
		}
	}
	if c.stepBack.n > 0 {
		add("time", "steps back", Fail, &c.stepBack, "the clock stepped back %s, by up to %s: those IDs' times are below their predecessors'",
			plural(c.stepBack.n, "time"), c.ticks(c.maxBack))
	} else {
		add("time", "steps back", Pass, nil, "no ID's time is below its predecessor's")
	}
}

func orOpen(t time.Time, format func(time.Time) string) string {
	if t.IsZero() {
		return "(open)"
	}
	return format(t)
}

// timeAt returns the instant of a tick.
func (c *Checker) timeAt(tick uint64) time.Time {
	return c.l.Clock.Time(new(big.Int).SetUint64(tick))
}

// ticks returns n ticks as a duration, for a person.
func (c *Checker) ticks(n uint64) time.Duration {
	s := new(big.Rat).Mul(c.l.Clock.Tick(), new(big.Rat).SetInt(new(big.Int).SetUint64(n)))
	s.Mul(s, big.NewRat(1e9, 1))
	f, _ := s.Float64()
	if f > math.MaxInt64 {
		return time.Duration(math.MaxInt64)
	}
	return time.Duration(f)
}

// bitTest is one monobit test: a bit position in IDs, counted over n of
// them.
type bitTest struct {
	name string // "rand_b bit 17"
	ones int64
	n    int64
}

// randomness runs the monobit and chi-square tests and returns how many
// it ran.
func (c *Checker) randomness(add adder, method Method, width int) int {
	var tests, seedTests []bitTest
	const minIDs = 20 // fewer, and even a stuck bit cannot be told from luck
	taken := c.counterBits(method, width)
	var skipped int64
	if c.ids >= minIDs {
		for _, run := range c.randRuns {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				if taken[b] {
					skipped++
					continue
				}
				tests = append(tests, bitTest{c.bitName(b), onesAt(c.hist, c.size, b), c.ids})
			}
		}
	}
	if method == MethodRandom && c.ids >= minIDs {
		// The bits after the time are random in every ID: test those the
		// layout does not already call random (a counter's).
		inRand := map[int]bool{}
		for _, run := range c.randRuns {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				inRand[b] = true
			}
		}
		for _, run := range c.tailRuns {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				if !inRand[b] {
					tests = append(tests, bitTest{c.bitName(b), onesAt(c.hist, c.size, b), c.ids})
				}
			}
		}
	}
	if skipped > 0 {
		add("randomness", "counter bits", Note, nil, "%d bits that %s declares random hold the input's wider counter or finer clock: not tested as random", skipped, c.l.Model.Name)
	}
	seeds := c.seedsTested(method, width)
	if seeds && c.seeds >= minIDs {
		for _, run := range c.counterSeeds() {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				seedTests = append(seedTests, bitTest{c.bitName(b) + " at a tick's first ID", onesAt(c.seedHist, c.size, b), c.seeds})
			}
		}
	}
	type chiTest struct {
		name    string
		buckets []int64
	}
	var chis []chiTest
	for i, run := range c.randRuns {
		k := min(chiBits, run.Width)
		for k > 0 && float64(c.ids)/float64(int64(1)<<k) < 5 {
			k-- // at least 5 IDs a bucket
		}
		if k == 0 || taken[run.Shift] {
			continue
		}
		fold := make([]int64, 1<<k)
		for v, n := range c.chi[i] {
			fold[v&(1<<k-1)] += n
		}
		chis = append(chis, chiTest{c.runName(resolved.Run{Shift: run.Shift, Width: k}), fold})
	}
	m := len(tests) + len(seedTests) + len(chis)
	if m == 0 {
		if skipped > 0 {
			return 0 // every random bit holds the counter: said above
		}
		if len(c.randRuns) == 0 && !seeds {
			add("randomness", "bits", Skip, nil, "%s declares no random bits that this input shows", c.l.Model.Name)
		} else {
			add("randomness", "bits", Skip, nil, "too few IDs to test random bits (%d; at least %d)", c.ids, minIDs)
		}
		return 0
	}
	each := c.opts.Alpha / float64(m)
	for _, family := range []struct {
		name, of string
		tests    []bitTest
	}{{"monobit", "IDs", tests}, {"monobit, counter starts", "ticks' first IDs", seedTests}} {
		if len(family.tests) == 0 {
			continue
		}
		var bad []string
		var nbad int64
		for _, t := range family.tests {
			if p := monobitP(t.ones, t.n); p < each {
				nbad++
				if len(bad) < c.opts.Examples {
					bad = append(bad, fmt.Sprintf("%s is 1 in %d of %d (p = %.2g)", t.name, t.ones, t.n, p))
				}
			}
		}
		n := family.tests[0].n
		d := zFor(each) / (2 * math.Sqrt(float64(n)))
		desc := fmt.Sprintf("%s, each at p < %.3g", plural(int64(len(family.tests)), "bit"), each)
		switch {
		case nbad > 0:
			add("randomness", family.name, Fail, &tally{n: nbad}, "%d of %s stuck or biased: %s", nbad, desc, strings.Join(bad, "; "))
		case d >= 0.5:
			add("randomness", family.name, Pass, nil, "%s: none stuck (at %d %s, too few to find a stuck bit)", desc, n, family.of)
		default:
			add("randomness", family.name, Pass, nil, "%s: none stuck or biased (at %d %s, a bit that is 1 in under %.1f%% or over %.1f%% of them fails)",
				desc, n, family.of, 100*(0.5-d), 100*(0.5+d))
		}
	}
	for _, t := range chis {
		var n int64
		for _, b := range t.buckets {
			n += b
		}
		exp := float64(n) / float64(len(t.buckets))
		var x float64
		for _, b := range t.buckets {
			d := float64(b) - exp
			x += d * d / exp
		}
		p := chiSquareP(x, len(t.buckets)-1)
		st := Pass
		if p < each {
			st = Fail
		}
		add("randomness", "chi-square", st, nil, "%s in %d buckets: X² = %.1f, %d degrees of freedom, p = %.3g (fails below %.3g)",
			t.name, len(t.buckets), x, len(t.buckets)-1, p, each)
	}
	return m
}

// counterBits returns the bits of an ID (from the least significant)
// that the input's counter or finer clock of width bits holds: the top
// width bits after the time.
func (c *Checker) counterBits(method Method, width int) map[int]bool {
	if method != MethodCounter && method != MethodMonotonicRandom && method != MethodClock {
		return nil
	}
	taken := map[int]bool{}
	for _, run := range c.tailRuns {
		for b := run.Shift + run.Width - 1; b >= run.Shift && width > 0; b-- {
			taken[b] = true
			width--
		}
	}
	return taken
}

// seedsTested says whether the counter's first value in each tick is
// tested as random: only where the input shows the layout's own counter.
func (c *Checker) seedsTested(method Method, width int) bool {
	k := c.l.Counter
	if c.seedHist == nil || len(c.tailRuns) == 0 {
		return false
	}
	if method == MethodOnePerTick {
		return true // every ID is its tick's first: the counter's start
	}
	if (method != MethodCounter && method != MethodMonotonicRandom) || width != k.Width {
		return false
	}
	top := c.tailRuns[0]
	for _, run := range k.Runs {
		if run.Lo+run.Width == k.Width {
			return run.Shift+run.Width == top.Shift+top.Width
		}
	}
	return false
}

// bitName names bit b (from the least significant) of an ID: its field
// and the bit of the field's value.
func (c *Checker) bitName(b int) string {
	for _, f := range c.l.Fields {
		for _, run := range f.Runs {
			if b >= run.Shift && b < run.Shift+run.Width {
				lo := run.Lo
				if !f.Split() {
					lo = 0
					for _, r := range f.Runs {
						if r.Shift < run.Shift {
							lo += r.Width
						}
					}
				}
				return fmt.Sprintf("%s bit %d", f.Name, lo+b-run.Shift)
			}
		}
	}
	return fmt.Sprintf("bit %d", b)
}

// runName names a run of bits by its fields' bits: "rand_b[0:48]".
func (c *Checker) runName(run resolved.Run) string {
	top := c.bitName(run.Shift + run.Width - 1)
	bottom := c.bitName(run.Shift)
	name, hi, _ := strings.Cut(top, " bit ")
	_, lo, _ := strings.Cut(bottom, " bit ")
	var h int
	fmt.Sscan(hi, &h)
	return fmt.Sprintf("%s[%s:%d]", name, lo, h+1)
}

// method tells, from the IDs that share a tick, which RFC 9562 §6.2
// method made them, and the counter's (or finer clock's) width.
func (c *Checker) method() (Method, int) {
	if !c.timed {
		return "", 0
	}
	n := len(c.pairs) / 2
	switch {
	case c.withinPairs == 0 && c.ids >= 2:
		return MethodOnePerTick, 0
	case n < 16:
		return MethodUnknown, 0
	}
	w := c.tailBits
	up := 0
	exact := make([]int, w+1) // exact[k]: pairs whose top k bits count up by one
	grew := make([]int, w+1)  // grew[k]: pairs whose top k bits grow
	for i := 0; i < len(c.pairs); i += 2 {
		a, b := c.pairs[i], c.pairs[i+1]
		if d, ok := b.sub(a); ok && !d.isZero() {
			up++
		}
		for k := 1; k <= w; k++ {
			d, ok := b.top(w, k).sub(a.top(w, k))
			if ok && d.isOne() {
				exact[k]++
			}
			if ok && !d.isZero() {
				grew[k]++
			}
		}
	}
	best := 1
	for k := 2; k <= w; k++ {
		if exact[k] > exact[best] {
			best = k
		}
	}
	if 10*exact[best] >= 9*n && best == w && c.startsZero(best) {
		return MethodCounter, best // every bit after the time is a counter from zero, as Snowflake's
	}
	if 10*exact[best] >= 9*n && c.startsLow(best) {
		// It counts by one, but starts each tick near zero: a finer clock
		// read often enough to step by one (a sub-millisecond fraction).
		return MethodClock, best
	}
	switch {
	case 10*exact[best] >= 9*n && best == w:
		return MethodMonotonicRandom, best
	case 10*exact[best] >= 9*n:
		return MethodCounter, best
	case 10*up >= 9*n:
		for k := 1; k <= w; k++ {
			if 10*grew[k] >= 9*n {
				return MethodClock, k
			}
		}
		return MethodClock, w
	case 10*up >= 3*n && 10*up <= 7*n:
		return MethodRandom, 0
	}
	return MethodUnknown, 0
}

// counter reports the method, how a counter starts each tick, and its
// rollovers.
func (c *Checker) counter(add adder, method Method, width int) {
	if !c.timed {
		return
	}
	declared := "no counter"
	if k := c.l.Counter; k != nil {
		declared = fmt.Sprintf("a %d-bit counter that starts %s and on overflow %ss", k.Width, startWord(k.Init), k.Overflow)
	}
	tick := "tick"
	switch d, _ := c.l.Clock.Nanos(); d {
	case 1e6:
		tick = "millisecond"
	case 1e9:
		tick = "second"
	}
	where := c.tailWhere(width)
	switch method {
	case MethodCounter:
		below := ", random bits below it"
		if width == c.tailBits {
			below = ""
		}
		add("counter", "method", Note, nil, "a %d-bit counter in %s%s (RFC 9562 §6.2 method 1); %s declares %s%s",
			width, where, below, c.l.Model.Name, declared, c.startsText(width))
	case MethodMonotonicRandom:
		add("counter", "method", Note, nil, "every bit after the time counts up by one within a %s (%d bits in %s: RFC 9562 §6.2 method 2, monotonic random); %s declares %s%s",
			tick, width, where, c.l.Model.Name, declared, c.startsText(width))
	case MethodClock:
		add("counter", "method", Note, nil, "the top %d bits after the time (%s) grow by varying steps within a %s, a finer clock (RFC 9562 §6.2 method 3, as a sub-millisecond fraction); %s declares %s",
			width, where, tick, c.l.Model.Name, declared)
	case MethodRandom:
		add("counter", "method", Note, nil, "the bits after the time are random: IDs of one %s are in no order (no monotonic guarantee); %s declares %s",
			tick, c.l.Model.Name, declared)
	case MethodOnePerTick:
		add("counter", "method", Note, nil, "no two IDs share a %s: the time alone orders them, and the counter is not seen at work", tick)
	default:
		add("counter", "method", Skip, nil, "%d of %d consecutive pairs share a %s: too few to tell the method, or no method fits them", c.withinPairs, max(c.ids-1, 0), tick)
	}
	if method == MethodCounter || method == MethodMonotonicRandom {
		if c.withinDown.n > 0 {
			add("counter", "rollover", Fail, &c.withinDown, "the counter rolled over below its predecessor %s within a %s", plural(c.withinDown.n, "time"), tick)
		} else {
			add("counter", "rollover", Pass, nil, "the counter never rolled over within a %s", tick)
		}
	}
	if c.stepBack.n > 0 {
		add("counter", "step back", Fail, &c.stepBack, "where the clock stepped back, the generator went back with it (by up to %s) rather than holding its last time", c.ticks(c.maxBack))
	}
}

func startWord(i layouts.Init) string {
	switch i {
	case layouts.InitZero:
		return "at zero"
	case layouts.InitSeeded:
		return "at random with its top bit clear"
	case layouts.InitRandom:
		return "at random"
	}
	return "where it left off"
}

// startsZero says that the input's counter of width bits starts at
// zero in every tick the sample holds.
func (c *Checker) startsZero(width int) bool {
	for _, s := range c.starts {
		if !s.top(c.tailBits, width).isZero() {
			return false
		}
	}
	return len(c.starts) >= 16
}

// startsLow says that the input's counter of width bits starts in the
// lowest sixteenth of its range in half the ticks or more, as a fraction
// of the tick does (a fast generator's first ID in a millisecond comes
// soon after it starts; a pause moves some) and a counter started at
// random does not (it starts there in one tick of 16, or of 8 with its
// top bit clear).
func (c *Checker) startsLow(width int) bool {
	if len(c.starts) < 16 || width < 4 {
		return false
	}
	low := 0
	for _, s := range c.starts {
		if s.top(c.tailBits, width).top(width, 4).isZero() {
			low++
		}
	}
	return 2*low >= len(c.starts)
}

// startsText says how the input's counter of width bits starts each tick.
func (c *Checker) startsText(width int) string {
	if len(c.starts) < 16 {
		return ""
	}
	zero, clear := 0, 0
	for _, s := range c.starts {
		v := s.top(c.tailBits, width)
		if v.isZero() {
			zero++
		}
		if top := v.top(width, 1); top.isZero() {
			clear++
		}
	}
	n := len(c.starts)
	switch {
	case zero == n:
		return "; the input's starts at zero each tick"
	case clear == n:
		return "; the input's starts with its top bit clear each tick"
	}
	return "; the input's starts anywhere"
}

// tailWhere names the fields the top n bits after the time lie in.
func (c *Checker) tailWhere(n int) string {
	if n == 0 {
		n = c.tailBits
	}
	var names []string
	for _, run := range c.tailRuns {
		if n <= 0 {
			break
		}
		w := min(n, run.Width)
		name := c.runName(resolved.Run{Shift: run.Shift + run.Width - w, Width: w})
		names = append(names, name)
		n -= w
	}
	return strings.Join(names, " and ")
}

// WriteText writes the report for a person: each group's checks, one a
// line, and the verdict.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s of %s, read as %s text\n", plural(r.IDs, "ID"), r.Layout, r.Text)
	group := ""
	for _, ch := range r.Checks {
		if ch.Group != group {
			group = ch.Group
			if group == "randomness" && r.RandomTests > 0 {
				fmt.Fprintf(&b, "%s (false-positive rate of the whole run at most %g: %s)\n", group, r.FalsePositiveRate, plural(int64(r.RandomTests), "test"))
			} else {
				fmt.Fprintf(&b, "%s\n", group)
			}
		}
		fmt.Fprintf(&b, "  %-4s  %s: %s", ch.Status, ch.Name, ch.Message)
		if len(ch.Lines) > 0 {
			var ls []string
			for _, l := range ch.Lines {
				ls = append(ls, fmt.Sprint(l))
			}
			more := ""
			if ch.Count > int64(len(ch.Lines)) {
				more = ", ..."
			}
			fmt.Fprintf(&b, " [line %s%s]", strings.Join(ls, ", "), more)
		}
		b.WriteString("\n")
	}
	if r.Failed {
		b.WriteString("verdict: FAIL\n")
	} else {
		b.WriteString("verdict: ok\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// plural writes a count and its noun, "1 ID" or "2 IDs".
func plural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
