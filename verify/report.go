package verify

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
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
	// Class names the fault a failing check shows, from the catalogue
	// (Classes); "" for a check that did not fail.
	Class Class `json:"class,omitempty"`
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
	// MethodCounter: a fixed-length counter in the bits after the time,
	// random bits below it (method 1, a fixed bit-length dedicated
	// counter).
	MethodCounter Method = "counter"
	// MethodMonotonicRandom: the bits after the time grow within a tick
	// by a small positive step, one or a random one (method 2, monotonic
	// random, as ULID's monotonic generators and oklog/ulid's random
	// increment do).
	MethodMonotonicRandom Method = "monotonic-random"
	// MethodClock: the bits after the time grow by varying steps and
	// start each tick near zero, a finer clock (method 3, replace
	// leftmost random bits with increased clock precision, as a
	// sub-millisecond fraction in rand_a).
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
	// Ticks is how many distinct ticks the input's IDs show, for a
	// layout with a time: what the order and counter checks can judge
	// depends on it more than on the IDs.
	Ticks int64 `json:"ticks,omitempty"`
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
	// FalsePositiveRate bounds the chance that a good generator fails
	// any of the statistical checks (randomness, and the order, time and
	// counter checks that weigh chance); RandomTests is how many tests
	// there were, each at FalsePositiveRate/RandomTests (Bonferroni).
	FalsePositiveRate float64 `json:"false_positive_rate"`
	RandomTests       int     `json:"random_tests"`
	Checks            []Check `json:"checks"`
	// Failed says that a check failed: `idforge verify` exits 1.
	Failed bool `json:"failed"`
}

// Classes returns the classes of the failing checks, each once, in the
// report's order.
func (r *Report) Classes() []Class {
	var out []Class
	for _, c := range r.Checks {
		if c.Status == Fail && !slices.Contains(out, c.Class) {
			out = append(out, c.Class)
		}
	}
	return out
}

// draft is a check on its way into a report. A statistical one counts
// tests toward the run's false-positive rate and is judged, by judge,
// once the threshold each test gets is known.
type draft struct {
	Check
	tests int
	judge func(each float64) (Status, Class, string)
}

// drafts gathers a report's checks in order.
type drafts []draft

func (d *drafts) add(group, name string, st Status, class Class, t *tally, format string, args ...any) {
	ch := Check{Group: group, Name: name, Status: st, Message: fmt.Sprintf(format, args...)}
	if st == Fail {
		ch.Class = class
	}
	if t != nil {
		ch.Count, ch.Lines = t.n, t.lines
	}
	*d = append(*d, draft{Check: ch})
}

// stat adds a check of tests statistical tests, judged once the
// threshold of each is known.
func (d *drafts) stat(group, name string, tests int, t *tally, judge func(each float64) (Status, Class, string)) {
	ch := Check{Group: group, Name: name}
	if t != nil {
		ch.Count, ch.Lines = t.n, t.lines
	}
	*d = append(*d, draft{Check: ch, tests: tests, judge: judge})
}

// Lines returns how many lines the checker has read.
func (c *Checker) Lines() int64 { return c.lines }

// Report returns what the checker has found so far.
func (c *Checker) Report() *Report {
	r := &Report{Layout: c.l.Model.Name, Text: c.text.Title, Lines: c.lines, IDs: c.ids, FalsePositiveRate: c.opts.Alpha}
	var d drafts
	c.structure(&d)
	if c.timed && c.ids > 0 {
		first, last := c.timeAt(c.minTick), c.timeAt(c.maxTick)
		r.First, r.Last, r.Ticks = &first, &last, c.tickCount
	}
	m := c.method()
	if c.timed {
		r.Method, r.CounterBits = m.method, m.width
	}
	if c.opts.StoreOrder {
		c.storeOrder(&d)
		c.times(&d, m)
		d.add("randomness", "checks", Skip, "", nil, "the lines are in a store's order, not the order made: the counter and randomness checks do not apply")
	} else {
		c.order(&d, m)
		c.times(&d, m)
		c.randomness(&d, m)
		c.counter(&d, m)
	}
	for _, x := range d {
		r.RandomTests += x.tests
	}
	each := c.opts.Alpha / float64(max(r.RandomTests, 1))
	for _, x := range d {
		if x.judge != nil {
			st, class, msg := x.judge(each)
			x.Status, x.Message = st, msg
			if st == Fail {
				x.Class = class
			}
		}
		r.Checks = append(r.Checks, x.Check)
		r.Failed = r.Failed || x.Status == Fail
	}
	return r
}

func (c *Checker) structure(d *drafts) {
	if c.unreadable.n > 0 {
		verb := "do not read"
		if c.unreadable.n == 1 {
			verb = "does not read"
		}
		d.add("structure", "text", Fail, ClassUnreadable, &c.unreadable, "%s %s as an ID of %s in %s text (first: %q)",
			plural(c.unreadable.n, "line"), verb, c.l.Model.Name, c.text.Title, c.unreadableEx[0])
	} else {
		d.add("structure", "text", Pass, "", nil, "every line reads as an ID of %s in %s text", c.l.Model.Name, c.text.Title)
	}
	switch {
	case c.ids == 0:
	case c.nonCanonical.n > 0:
		d.add("structure", "canonical", Note, "", &c.nonCanonical, "%d of %s read as IDs but are not exactly the %s text idforge writes (case, spaces)",
			c.nonCanonical.n, plural(c.ids, "line"), c.text.Title)
	case c.text.Name == c.l.Text.Name:
		d.add("structure", "canonical", Pass, "", nil, "every line is exactly the canonical %s text", c.text.Title)
	default:
		d.add("structure", "canonical", Note, "", nil, "every line is exactly the %s text, which is not %s's canonical %s", c.text.Title, c.l.Model.Name, c.l.Text.Title)
	}
	bad := false
	for i := range c.consts {
		k := &c.consts[i]
		if k.bad.n > 0 {
			bad = true
			d.add("structure", "constant", Fail, constClass(k.name), &k.bad, "%s is not %s in %s", k.name, constText(k), plural(k.bad.n, "ID"))
		} else if c.ids > 0 {
			d.add("structure", "constant", Pass, "", nil, "%s is %s in every ID", k.name, constText(k))
		}
	}
	if bad && c.size == 16 && c.constsHold(guidOrder) {
		d.add("structure", "byte order", Fail, ClassGUIDByteOrder, nil, "with bytes 0-3, 4-5 and 6-7 each reversed, the constants hold in all of the first %s: the IDs are in the mixed-endian byte order of a .NET Guid (Guid.ToByteArray) or a SQL Server uniqueidentifier, not RFC 9562's",
			plural(int64(len(c.sample)), "ID"))
	}
	if c.v1Rule && c.sortable && c.l.Model.Name == "uuidv6" && (c.early.n > 0 || c.ahead.n > 0 || c.stepBack.n > 0) && c.readsAsV1() {
		d.add("structure", "field order", Fail, ClassV1OrderAsV6, nil, "read in UUIDv1's field order (time_low first), the first %s have plausible times in order: a UUIDv1's time under a version 6", plural(int64(len(c.sample)), "ID"))
	}
}

// constClass names the class of a wrong constant: a UUID's version or
// variant, or another.
func constClass(name string) Class {
	switch name {
	case "ver", "version":
		return ClassWrongVersion
	case "var", "variant":
		return ClassWrongVariant
	}
	return ClassWrongConstant
}

// guidOrder reorders a UUID's bytes as a .NET Guid holds them: the first
// three fields little-endian.
func guidOrder(id []byte) []byte {
	g := append([]byte(nil), id...)
	slices.Reverse(g[0:4])
	slices.Reverse(g[4:6])
	slices.Reverse(g[6:8])
	return g
}

// constsHold says that, reordered, every sampled ID keeps the layout's
// constants.
func (c *Checker) constsHold(order func([]byte) []byte) bool {
	if len(c.sample) == 0 {
		return false
	}
	for _, id := range c.sample {
		g := order(id)
		for _, k := range c.consts {
			if bitsAt(g, k.Shift, k.Width) != k.Value {
				return false
			}
		}
	}
	return true
}

// readsAsV1 says that the sampled IDs, read as UUIDv1s, have plausible
// times that do not go down.
func (c *Checker) readsAsV1() bool {
	l, err := layouts.Builtin("uuidv1")
	if err != nil {
		return false
	}
	v1, err := resolved.New(l)
	if err != nil || len(c.sample) < 2 {
		return false
	}
	from, to := resolved.Plausible()
	var last uint64
	for i, id := range c.sample {
		tick := valueOf(id, v1.Time.Runs)
		t := v1.Clock.Time(new(big.Int).SetUint64(tick))
		if t.Before(from) || !t.Before(to) || i > 0 && tick < last {
			return false
		}
		last = tick
	}
	return true
}

func constText(k *constCheck) string {
	if k.Width < 4 {
		return fmt.Sprintf("0b%0*b", k.Width, k.Value)
	}
	return fmt.Sprint(k.Value)
}

// sharedNodeLayout says that the layout has a node and a sequence from
// zero: repeats or descents within a tick are then what two generators
// given one node number make.
func (c *Checker) sharedNodeLayout() bool {
	return c.l.Node != nil && c.l.Counter != nil && c.l.Counter.Init == layouts.InitZero
}

// storeOrder judges IDs in a store's order (Options.StoreOrder): no
// duplicates, and times that never go down.
func (c *Checker) storeOrder(d *drafts) {
	c.duplicates(d)
	switch {
	case !c.timed:
		d.add("order", "store order", Skip, "", nil, "%s has no time: no store keeps its IDs in time order", c.l.Model.Name)
	case c.ids < 2:
	case c.storeDown.n > 0:
		d.add("order", "store order", Fail, ClassStoreOrder, &c.storeDown, "%s of %d dated before the ID on the line before, the first on line %d, after line %d: the store's order is not the time order",
			plural(c.storeDown.n, "ID"), c.ids, c.storeFirst[1], c.storeFirst[0])
	default:
		d.add("order", "store order", Pass, "", nil, "the times never go down: the store's order is the time order (%s)", plural(c.ids-1, "pair"))
	}
}

func (c *Checker) order(d *drafts, m shown) {
	c.duplicates(d)
	c.orderMade(d, m)
}

// duplicates reports IDs made twice.
func (c *Checker) duplicates(d *drafts) {
	if c.dups.n > 0 {
		var pairs []string
		for i, l := range c.dups.lines {
			if i < len(c.dupOf) {
				pairs = append(pairs, fmt.Sprintf("line %d repeats line %d", l, c.dupOf[i]))
			}
		}
		d.add("order", "duplicates", Fail, ClassDuplicate, &c.dups, "%s (%s)", plural(c.dups.n, "duplicate"), strings.Join(pairs, ", "))
	} else if c.ids > 0 {
		how := fmt.Sprintf("every ID held in an exact set of %d", c.ids)
		if c.setFull {
			how = fmt.Sprintf("the first %d IDs held in an exact set, each later one compared with the one before it", c.opts.MaxSet)
		} else if c.set == nil {
			how = "each ID compared with the one before it"
		}
		d.add("order", "duplicates", Pass, "", nil, "none (%s)", how)
	}
}

// orderMade checks that the IDs increase in the order made.
func (c *Checker) orderMade(d *drafts, m shown) {
	if !c.timed {
		d.add("order", "increasing", Skip, "", nil, "%s has no time: its IDs are not made in order", c.l.Model.Name)
		return
	}
	if c.ids < 2 {
		return
	}
	switch {
	case !c.sortable:
		d.add("order", "across ticks", Skip, "", nil, "%s's bytes do not sort by time: only its time's order is checked (clock steps back)", c.l.Model.Name)
	case c.acrossDown.n > 0:
		class := ClassStepsBack
		if c.v1Rule {
			class = ClassStepBackSameClockSeq
		}
		d.add("order", "across ticks", Fail, class, &c.acrossDown, "%s of %d below its predecessor, in an earlier tick", plural(c.acrossDown.n, "ID"), c.acrossPairs)
	case c.newSeq > 0:
		d.add("order", "across ticks", Pass, "", nil, "every ID in a later tick than its predecessor is above it, but where the clock stepped back with a new clock sequence (%s)", plural(c.acrossPairs, "pair"))
	default:
		d.add("order", "across ticks", Pass, "", nil, "every ID in a later tick than its predecessor is above it (%s)", plural(c.acrossPairs, "pair"))
	}
	down, n := c.withinDown.n, c.withinPairs
	switch {
	case n == 0:
		d.add("order", "within a tick", Pass, "", nil, "no two consecutive IDs share a tick")
	case !c.sortable:
	case down == 0 && c.declaredWraps > 0:
		d.add("order", "within a tick", Pass, "", nil, "every ID in the same tick as its predecessor is above it (%s), but where the counter wrapped from its top to zero (%d), as %s declares", plural(n, "pair"), c.declaredWraps, c.l.Model.Name)
	case down == 0:
		d.add("order", "within a tick", Pass, "", nil, "every ID in the same tick as its predecessor is above it (%s)", plural(n, "pair"))
	case !c.randomWithin || c.opts.Strict:
		class, why := ClassOutOfOrder, ""
		switch {
		case c.sharedNodeLayout() && 2*c.wrapped > down:
			class, why = ClassCounterWraps, fmt.Sprintf(": in %d of them the sequence ran past its top to zero, reusing the tick", c.wrapped)
		case c.sharedNodeLayout():
			class, why = ClassSharedNode, ": the sequence goes back, as two generators given one node number make it"
		case c.opts.Strict:
			why = " (-strict demands order within a tick)"
		}
		d.add("order", "within a tick", Fail, class, &c.withinDown, "%s of %d below its predecessor in the same tick%s", plural(down, "ID"), n, why)
	default:
		// Order within a tick is optional here: descents fail only where
		// the IDs are ordered far beyond chance, so that the generator
		// orders them, and yet some go down: a counter rolled over.
		p := binomialLowerP(down, n, 0.5)
		d.stat("order", "within a tick", 1, &c.withinDown, func(each float64) (Status, Class, string) {
			switch {
			case p < each:
				return Fail, ClassCounterWraps, fmt.Sprintf("%s of %d below its predecessor in the same tick, where chance would put half (p = %.2g): the generator orders IDs within a tick, and its counter rolled over below its predecessor", plural(down, "ID"), n, p)
			case m.method == MethodRandom:
				return Note, "", fmt.Sprintf("%s of %d below its predecessor in the same tick: the IDs are random within a tick, which %s allows (RFC 9562 makes order within a tick optional; -strict demands it)", plural(down, "ID"), n, c.l.Model.Name)
			}
			return Note, "", fmt.Sprintf("%s of %d below its predecessor in the same tick: cannot tell from %s a counter that rolled over from IDs random within a tick, which %s allows (-strict demands order)", plural(down, "ID"), n, plural(n, "pair"), c.l.Model.Name)
		})
	}
}

func (c *Checker) times(d *drafts, m shown) {
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
			d.add("time", "window", Fail, ClassOutsideWindow, &t, "%s outside %s (%d before, %d after)", plural(bad, "ID"), win, c.before.n, c.after.n)
		} else {
			d.add("time", "window", Pass, "", nil, "every ID's time is inside %s", win)
		}
	} else {
		d.add("time", "window", Pass, "", nil, "the IDs span %s to %s (%s)", format(c.timeAt(c.minTick)), format(c.timeAt(c.maxTick)), plural(c.tickCount, "tick"))
	}
	if c.hasEarly {
		from, _ := resolved.Plausible()
		if c.early.n > 0 {
			d.add("time", "plausible", Fail, ClassImplausibleTime, &c.early, "%s dated before %d, the earliest at %s: no live generator made them (a misread or wrapped time; -since earlier lets them in)",
				plural(c.early.n, "ID"), from.Year(), format(c.timeAt(c.minTick)))
		} else {
			d.add("time", "plausible", Pass, "", nil, "no ID is dated before %d", from.Year())
		}
	}
	if c.hasAhead {
		switch {
		case c.ahead.n > 0 && c.topBitFlipped():
			d.add("time", "ahead", Fail, ClassTopBitFlipped, &c.ahead, "%s ahead of the clock when read, the first at %s; with the ID's top bit clear it reads %s: the top bit is flipped (as DuckDB 1.3.0's uuidv7 made them)",
				plural(c.ahead.n, "ID"), format(c.timeAt(c.tickOf(c.aheadID))), format(c.timeAt(c.tickOf(clearTop(c.aheadID)))))
		case c.ahead.n > 0:
			d.add("time", "ahead", Fail, ClassAhead, &c.ahead, "%s ahead of the clock by more than %s when their lines were read (the latest at %s)",
				plural(c.ahead.n, "ID"), c.opts.Ahead, format(c.timeAt(c.maxTick)))
		default:
			d.add("time", "ahead", Pass, "", nil, "no ID is ahead of the clock by more than %s when its line was read", c.opts.Ahead)
		}
	}
	if c.opts.StoreOrder {
		return // the checks below read each ID beside the one made before it
	}
	switch {
	case c.v1Rule && c.sameSeq.n > 0:
		d.add("time", "steps back", Fail, ClassStepBackSameClockSeq, &c.sameSeq, "the clock stepped back %s with the same clock sequence, by up to %s: RFC 9562 §5.1 asks for a new clock sequence at each step back",
			plural(c.sameSeq.n, "time"), c.ticks(c.maxBack))
	case c.v1Rule && c.newSeq > 0:
		d.add("time", "steps back", Pass, "", nil, "the clock stepped back %s, by up to %s, each time with a new clock sequence, as RFC 9562 §5.1 asks", plural(c.newSeq, "time"), c.ticks(c.maxBack))
	case c.stepBack.n > 0:
		d.add("time", "steps back", Fail, ClassStepsBack, &c.stepBack, "the clock stepped back %s, by up to %s: those IDs' times are below their predecessors'",
			plural(c.stepBack.n, "time"), c.ticks(c.maxBack))
	default:
		d.add("time", "steps back", Pass, "", nil, "no ID's time is below its predecessor's")
	}
	if c.perSecond > 1 && c.wholeSeconds && c.tickCount >= 2 {
		// A clock of a millisecond or finer reads a whole second by
		// chance once in perSecond ticks.
		p := math.Exp(-float64(c.tickCount) * math.Log(float64(c.perSecond)))
		ticks := c.tickCount
		d.stat("time", "resolution", 1, nil, func(each float64) (Status, Class, string) {
			if p < each {
				return Fail, ClassSecondsAsMs, fmt.Sprintf("every one of the %s is a whole second: the time is seconds times %d, not a finer clock", plural(ticks, "tick"), c.perSecond)
			}
			return Note, "", fmt.Sprintf("every one of the %s is a whole second: cannot tell from so few ticks a clock of seconds from chance", plural(ticks, "tick"))
		})
	}
	if c.freshStart && c.nextTick > 0 {
		// The bits after the time are fresh at a tick's first ID: they
		// land within 2^(w-16) above the predecessor's with a chance of
		// 2^-16, and wrap to below 2^(w-8) with one under 2^-8 (each
		// twice that for a counter seeded with its top bit clear).
		n := c.nextTick
		pAhead := binomialUpperP(c.runAhead.n, n, math.Ldexp(1, 1-nearBits))
		pCarry := binomialUpperP(c.carried.n, n, math.Ldexp(1, 1-carryBits))
		d.stat("time", "runs ahead", 1, &c.runAhead, func(each float64) (Status, Class, string) {
			if pAhead < each {
				return Fail, ClassRunsAhead, fmt.Sprintf("%d of %d IDs a tick after their predecessor count on from the predecessor's bits after the time (p = %.2g): the time runs ahead one tick an ID, as a generator that takes the next tick whenever the clock is behind it does (CPython 3.14's uuid7, cpython#138862)", c.runAhead.n, n, pAhead)
			}
			if c.countsOn > 0 && binomialUpperP(c.countsOn, n, math.Ldexp(1, 1-nearBits)) < each {
				return Note, "", fmt.Sprintf("no ID alone in its tick counts on from its predecessor, but %d of %d IDs a tick after their predecessor do: the counter counts on across ticks instead of starting afresh at each, which keeps order but makes the next tick's IDs guessable", c.countsOn, n)
			}
			return Pass, "", fmt.Sprintf("the IDs a tick after their predecessor start the bits after the time afresh (%d of %d count on from the predecessor's, as chance allows)", c.runAhead.n+c.countsOn, n)
		})
		d.stat("time", "carry", 1, &c.carried, func(each float64) (Status, Class, string) {
			if m.method == MethodClock {
				// The bits a finer clock holds are time: they carry into
				// the tick as any clock's digits do.
				return Pass, "", fmt.Sprintf("the top %d bits after the time are a finer clock, which carries into the tick as a clock does (%d of %d IDs a tick after their predecessor start near zero)", m.width, c.carried.n, n)
			}
			if pCarry < each && c.l.Model.IsUUID() {
				// RFC 9562 §6.2: on a counter's overflow a UUID generator
				// may move its timestamp ahead and start the counter again.
				return Note, "", fmt.Sprintf("%d of %d IDs a tick after their predecessor wrap the bits after the time to near zero: a count that ran past its top took the next tick, which RFC 9562 §6.2 allows a UUID generator (it may move the timestamp ahead on overflow)", c.carried.n, n)
			}
			if pCarry < each {
				return Fail, ClassCarryIntoTime, fmt.Sprintf("%d of %d IDs a tick after their predecessor wrap the bits after the time to near zero (p = %.2g): an increment that overflowed carried into the time", c.carried.n, n, pCarry)
			}
			return Pass, "", fmt.Sprintf("no increment carries into the time (%d of %d IDs a tick after their predecessor start near zero below it, as chance allows)", c.carried.n, n)
		})
	}
}

// topBitFlipped says that the first ID ahead of the clock has its top bit
// set, and reads a plausible time without it.
func (c *Checker) topBitFlipped() bool {
	if c.aheadID == nil || c.aheadID[0]&0x80 == 0 {
		return false
	}
	from, to := resolved.Plausible()
	t := c.timeAt(c.tickOf(clearTop(c.aheadID)))
	return !t.Before(from) && t.Before(to)
}

func clearTop(id []byte) []byte {
	g := append([]byte(nil), id...)
	g[0] &^= 0x80
	return g
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

// randomness runs the tests of random bits: each bit's frequency, each
// bit against its predecessor's, a chi-square of each run's low bits
// (both tails) and of its bits beside the predecessor's, and repeats of
// the random parts.
func (c *Checker) randomness(d *drafts, m shown) {
	const minIDs = 20 // fewer, and even a stuck bit cannot be told from luck
	taken := c.counterBits(m)
	var tests, serials, seedTests []bitTest
	var skipped int64
	add := func(b int) {
		tests = append(tests, bitTest{c.bitName(b), onesAt(c.hist, c.size, b), c.ids})
		serials = append(serials, bitTest{c.bitName(b), c.ids - 1 - onesAt(c.xorHist, c.size, b), c.ids - 1})
	}
	if c.ids >= minIDs {
		for _, run := range c.randRuns {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				if taken[b] {
					skipped++
					continue
				}
				add(b)
			}
		}
	}
	if m.method == MethodRandom && c.ids >= minIDs {
		// The bits after the time are random in every ID: test those the
		// layout does not already call random (a counter's), but for a
		// seeded counter's top bit, which the layout keeps clear.
		inRand := map[int]bool{}
		for _, run := range c.randRuns {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				inRand[b] = true
			}
		}
		guard, hasGuard := c.counterGuard()
		for _, run := range c.tailRuns {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				if !inRand[b] && !(hasGuard && b == guard) {
					add(b)
				}
			}
		}
	}
	if skipped > 0 {
		d.add("randomness", "counter bits", Note, "", nil, "%d bits that %s declares random hold the input's wider counter or finer clock: not tested as random", skipped, c.l.Model.Name)
	}
	seeds := c.seedsTested(m)
	if seeds && c.seeds >= minIDs {
		for _, run := range c.counterSeeds() {
			for b := run.Shift; b < run.Shift+run.Width; b++ {
				seedTests = append(seedTests, bitTest{c.bitName(b) + " at a tick's first ID", onesAt(c.seedHist, c.size, b), c.seeds})
			}
		}
	}
	if len(tests)+len(seedTests) == 0 {
		switch {
		case skipped > 0: // every random bit holds the counter: said above
		case len(c.randRuns) == 0 && !seeds:
			d.add("randomness", "bits", Skip, "", nil, "%s declares no random bits that this input shows", c.l.Model.Name)
		case seeds && c.ids >= minIDs:
			d.add("randomness", "bits", Skip, "", nil, "too few ticks to test the counter's start as random (%d; at least %d)", c.seeds, minIDs)
		default:
			d.add("randomness", "bits", Skip, "", nil, "too few IDs to test random bits (%d; at least %d)", c.ids, minIDs)
		}
	}
	c.monobit(d, "monobit", "IDs", tests, ClassBiasedBit)
	c.monobit(d, "monobit, counter starts", "ticks' first IDs", seedTests, "")
	c.monobit(d, "serial", "pairs of consecutive IDs", serials, ClassSerialCorrelation)
	for i, run := range c.randRuns {
		if taken[run.Shift] {
			continue
		}
		c.chiSquare(d, i, run)
	}
	c.repeats(d, m, skipped)
}

// bitTest is one frequency test: a bit position in IDs, 1 (or, for the
// serial test, equal to its predecessor's) in ones of n.
type bitTest struct {
	name string // "rand_b bit 17"
	ones int64
	n    int64
}

// monobit adds a family of frequency tests, one test a bit, as one
// check. A family of the counter's starts names its own class: a counter
// held at zero, or a biased bit.
func (c *Checker) monobit(d *drafts, name, of string, tests []bitTest, class Class) {
	if len(tests) == 0 {
		return
	}
	d.stat("randomness", name, len(tests), nil, func(each float64) (Status, Class, string) {
		var bad []string
		var nbad int64
		zero := true
		for _, t := range tests {
			if p := monobitP(t.ones, t.n); p < each {
				nbad++
				zero = zero && t.ones == 0
				if len(bad) < c.opts.Examples {
					bad = append(bad, fmt.Sprintf("%s is 1 in %d of %d (p = %.2g)", t.name, t.ones, t.n, p))
				}
			}
		}
		n := tests[0].n
		dev := zFor(each) / (2 * math.Sqrt(float64(n)))
		desc := fmt.Sprintf("%s, each at p < %.3g", plural(int64(len(tests)), "bit"), each)
		verb, is := "stuck or biased", "is 1"
		if class == ClassSerialCorrelation {
			is = "equals its predecessor's"
			verb = "following their predecessor's"
			for i := range bad {
				bad[i] = strings.Replace(bad[i], " is 1 in ", " equals its predecessor's in ", 1)
			}
		}
		switch {
		case nbad > 0:
			cl := class
			if cl == "" {
				cl = ClassBiasedBit
				if zero && 2*nbad >= int64(len(tests)) {
					cl = ClassCounterRestarts
				}
			}
			return Fail, cl, fmt.Sprintf("%d of %s %s: %s", nbad, desc, verb, strings.Join(bad, "; "))
		case dev >= 0.5:
			return Pass, "", fmt.Sprintf("%s: none %s (at %d %s, too few to find a stuck bit)", desc, verb, n, of)
		}
		return Pass, "", fmt.Sprintf("%s: none %s (at %d %s, a bit that %s in under %.1f%% or over %.1f%% of them fails)",
			desc, verb, n, of, is, 100*(0.5-dev), 100*(0.5+dev))
	})
}

// chiSquare adds the chi-square tests of random run i: its low bits in
// as many buckets as hold 5 IDs each (both tails once 100 fill each), and
// its low 4 bits beside the predecessor's.
func (c *Checker) chiSquare(d *drafts, i int, run resolved.Run) {
	k := min(chiBits, run.Width)
	for k > 0 && float64(c.ids)/float64(int64(1)<<k) < 5 {
		k-- // at least 5 IDs a bucket
	}
	if k > 0 {
		fold := make([]int64, 1<<k)
		for v, n := range c.chi[i] {
			fold[v&(1<<k-1)] += n
		}
		x, dof := chiStat(fold)
		upper := chiSquareP(x, dof)
		both := float64(c.ids)/float64(len(fold)) >= 100
		lower := 1.0
		if both {
			lower = chiSquareLowerP(x, dof)
		}
		name := c.runName(resolved.Run{Shift: run.Shift, Width: k})
		d.stat("randomness", "chi-square", 1, nil, func(each float64) (Status, Class, string) {
			tails := fmt.Sprintf("fails beyond p = %.3g in either tail", each/2)
			if !both {
				tails = fmt.Sprintf("fails below %.3g; too few IDs for the lower tail, under 100 a bucket", each)
			}
			msg := fmt.Sprintf("%s in %d buckets: X² = %.1f, %d degrees of freedom, p = %.3g (%s)", name, len(fold), x, dof, upper, tails)
			switch {
			case both && upper < each/2 || !both && upper < each:
				return Fail, ClassUneven, msg + ": unevenly spread"
			case both && lower < each/2:
				return Fail, ClassTooUniform, msg + fmt.Sprintf(": P(X² this low) = %.3g, more even than chance allows", lower)
			}
			return Pass, "", msg
		})
	}
	w := min(serialBits, run.Width)
	cells := c.serial[i]
	var n int64
	for _, v := range cells {
		n += v
	}
	if float64(n)/float64(len(cells)) < 5 {
		return
	}
	x, dof := chiStat(cells)
	p := chiSquareP(x, dof)
	name := c.runName(resolved.Run{Shift: run.Shift, Width: w})
	d.stat("randomness", "serial chi-square", 1, nil, func(each float64) (Status, Class, string) {
		msg := fmt.Sprintf("%s beside the predecessor's, in %d cells: X² = %.1f, %d degrees of freedom, p = %.3g (fails below %.3g)", name, len(cells), x, dof, p, each)
		if p < each {
			return Fail, ClassSerialCorrelation, msg + ": each ID's bits follow from its predecessor's"
		}
		return Pass, "", msg
	})
}

// chiStat returns the chi-square statistic of counts against an even
// spread, and its degrees of freedom.
func chiStat(counts []int64) (float64, int) {
	var n int64
	for _, b := range counts {
		n += b
	}
	exp := float64(n) / float64(len(counts))
	var x float64
	for _, b := range counts {
		d := float64(b) - exp
		x += d * d / exp
	}
	return x, len(counts) - 1
}

// repeats adds the tests of repeated random parts: the random bits of
// every ID, and the bits after the time at each tick's first ID, which
// a forked or re-seeded generator repeats. Chance repeats are a Poisson
// count with the birthday bound's mean.
func (c *Checker) repeats(d *drafts, m shown, taken int64) {
	test := func(name, what string, t *tally, n int64, bits int) {
		if n < 2 || bits <= 0 {
			return
		}
		lambda := float64(n) * float64(n-1) / 2 * math.Ldexp(1, -min(bits, 64))
		p := poissonUpperP(t.n, lambda)
		d.stat("randomness", name, 1, t, func(each float64) (Status, Class, string) {
			if p < each {
				return Fail, ClassRepeatedRandom, fmt.Sprintf("%s repeat in %s of %d, where chance allows %.2g (p = %.2g): the generator's random state was copied (a fork) or seeded alike", what, plural(t.n, "ID"), n, lambda, p)
			}
			return Pass, "", fmt.Sprintf("%s repeat in %d of %d, as chance allows", what, t.n, n)
		})
	}
	if c.randSet != nil {
		test("repeats", fmt.Sprintf("the %d random bits", c.randBits), &c.randRepeats, min(c.randSeen, int64(c.opts.MaxSet)), c.randBits-int(taken))
	}
	if c.seedSet != nil && c.l.Counter != nil {
		bits := c.tailBits - 1
		if m.method == MethodClock || m.start == startZero {
			bits -= m.width
		}
		test("repeats, tick starts", "the bits after the time at a tick's first ID", &c.seedRepeats, min(c.tickCount, int64(c.opts.MaxSet)), bits)
	}
}

// counterGuard returns the bit a seeded counter keeps clear at each
// tick's start: its top bit.
func (c *Checker) counterGuard() (int, bool) {
	k := c.l.Counter
	if k == nil || k.Init != layouts.InitSeeded {
		return 0, false
	}
	for _, run := range k.Runs {
		if run.Lo+run.Width == k.Width {
			return run.Shift + run.Width - 1, true
		}
	}
	return 0, false
}

// counterBits returns the bits of an ID (from the least significant)
// that the input's counter or finer clock holds: the top bits after the
// time.
func (c *Checker) counterBits(m shown) map[int]bool {
	if m.method != MethodCounter && m.method != MethodMonotonicRandom && m.method != MethodClock {
		return nil
	}
	width := m.width
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
func (c *Checker) seedsTested(m shown) bool {
	k := c.l.Counter
	if c.seedHist == nil || len(c.tailRuns) == 0 {
		return false
	}
	if m.method == MethodOnePerTick {
		// Every ID is its tick's first: the counter's start, unless the
		// family lets those bits hold a finer clock instead (RFC 9562
		// §6.2 method 3, a sub-millisecond fraction in a UUIDv7's rand_a),
		// which one ID a tick cannot tell from a counter: a fraction read
		// at a steady phase of each millisecond is no biased counter.
		return !c.l.Model.IsUUID()
	}
	if (m.method != MethodCounter && m.method != MethodMonotonicRandom) || m.width != k.Width {
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

// start is how the input's counter starts each tick.
type start uint8

const (
	startUnknown  start = iota // too few ticks to tell
	startZero                  // at zero, in nine ticks of ten or more
	startLow                   // in the lowest sixteenth of its range, in half the ticks or more
	startTopClear              // with its top bit clear, every tick
	startAnywhere
)

// shown is the RFC 9562 §6.2 method the input shows: the method, the
// width of its counter or finer clock, and how that starts each tick.
type shown struct {
	method Method
	width  int
	start  start
}

// randomStart says that the layout's bits after the time start each tick
// at random: random bits, or a counter seeded at random.
func (c *Checker) randomStart() bool {
	k := c.l.Counter
	return c.randomWithin && (k == nil || k.Init == layouts.InitRandom || k.Init == layouts.InitSeeded)
}

// method tells, from the IDs that share a tick, which RFC 9562 §6.2
// method made them, and the counter's (or finer clock's) width.
func (c *Checker) method() shown {
	if !c.timed {
		return shown{}
	}
	n := len(c.pairs) / 2
	switch {
	case c.withinPairs == 0 && c.ids >= 2:
		return shown{method: MethodOnePerTick}
	case n < minPairs:
		return shown{method: MethodUnknown}
	}
	w := c.tailBits
	up, small := 0, 0
	exact := make([]int, w+1) // exact[k]: pairs whose top k bits count up by one
	grew := make([]int, w+1)  // grew[k]: pairs whose top k bits grow
	for i := 0; i < len(c.pairs); i += 2 {
		a, b := c.pairs[i], c.pairs[i+1]
		if d, ok := b.sub(a); ok && !d.isZero() {
			up++
			if d.top(w, min(nearBits, w)).isZero() {
				small++
			}
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
	most := func(k int) bool { return 10*k >= 9*n }
	best := 1
	for k := 2; k <= w; k++ {
		if exact[k] > exact[best] {
			best = k
		}
	}
	if most(exact[best]) {
		s := c.startOf(best)
		switch {
		case s == startZero && c.randomStart() && c.endsHigh(best):
			// It counts by one from zero to its top and on into the next
			// tick: a finer clock read at its resolution, each ID a step
			// after the last (PostgreSQL's and google/uuid's sub-millisecond
			// fraction in a burst).
			return shown{MethodClock, best, s}
		case s == startZero, c.l.Counter != nil && c.l.Counter.Init == layouts.InitZero:
			return shown{MethodCounter, best, s}
		case best == w:
			return shown{MethodMonotonicRandom, best, s}
		case s == startLow:
			// It counts by one, but starts each tick near zero: a finer
			// clock read often enough to step by one.
			return shown{MethodClock, best, s}
		}
		return shown{MethodCounter, best, s}
	}
	switch {
	case most(small):
		// All the bits after the time grow by a small step: a random
		// increment (method 2, as oklog/ulid's monotonic reader).
		return shown{MethodMonotonicRandom, w, c.startOf(w)}
	case most(up):
		k := w
		for j := 1; j <= w; j++ {
			if most(grew[j]) {
				k = j
				break
			}
		}
		// A finer clock starts each tick near zero; an increment grows
		// from wherever a tick's random start put it (method 2).
		if s := c.startOf(k); s == startLow || s == startZero {
			return shown{MethodClock, k, s}
		}
		return shown{MethodMonotonicRandom, w, c.startOf(w)}
	case 10*up >= 3*n && 10*up <= 7*n:
		return shown{method: MethodRandom}
	}
	return shown{method: MethodUnknown}
}

// minPairs is how many same-tick pairs the method is told from.
const minPairs = 16

// startOf tells how the top width bits after the time start each tick.
func (c *Checker) startOf(width int) start {
	if len(c.starts) < minPairs || width < 1 {
		return startUnknown
	}
	zero, low, clear := 0, 0, 0
	for _, s := range c.starts {
		v := s.top(c.tailBits, width)
		if v.isZero() {
			zero++
		}
		if width >= 4 && v.top(width, 4).isZero() {
			low++
		}
		if v.top(width, 1).isZero() {
			clear++
		}
	}
	n := len(c.starts)
	switch {
	case 10*zero >= 9*n:
		return startZero
	case 2*low >= n:
		return startLow
	case clear == n:
		return startTopClear
	}
	return startAnywhere
}

// endsHigh says that the top width bits after the time are in the top
// sixteenth of their range in the last ID of half the ticks or more: a
// count that runs to its top and on into the next tick, as a finer clock
// does (a counter from zero ends each tick at the tick's count of IDs).
func (c *Checker) endsHigh(width int) bool {
	if len(c.ends) < minPairs || width < 4 {
		return false
	}
	high := 0
	top := tail{^uint64(0), ^uint64(0)}.mask(4)
	for _, e := range c.ends {
		if e.top(c.tailBits, width).top(width, 4) == top {
			high++
		}
	}
	return 2*high >= len(c.ends)
}

// counter reports the method and how a counter starts each tick.
func (c *Checker) counter(d *drafts, m shown) {
	if !c.timed {
		return
	}
	declared := "no counter"
	if k := c.l.Counter; k != nil {
		declared = fmt.Sprintf("a %d-bit counter that starts %s and on overflow %ss", k.Width, startWord(k.Init), k.Overflow)
	}
	tick := "tick"
	switch ns, _ := c.l.Clock.Nanos(); ns {
	case 1e6:
		tick = "millisecond"
	case 1e9:
		tick = "second"
	}
	where := c.tailWhere(m.width)
	name := c.l.Model.Name
	switch m.method {
	case MethodCounter:
		below := ", random bits below it"
		if m.width == c.tailBits {
			below = ""
		}
		d.add("counter", "method", Note, "", nil, "a %d-bit counter in %s%s (RFC 9562 §6.2 method 1, a fixed bit-length dedicated counter)%s; %s declares %s",
			m.width, where, below, startsText(m.start), name, declared)
	case MethodMonotonicRandom:
		step := "by one"
		if c.tailStepsVary(m) {
			step = "by a small random step"
		}
		d.add("counter", "method", Note, "", nil, "every bit after the time (%d bits in %s) grows %s within a %s (RFC 9562 §6.2 method 2, monotonic random)%s; %s declares %s",
			m.width, where, step, tick, startsText(m.start), name, declared)
	case MethodClock:
		d.add("counter", "method", Note, "", nil, "the top %d bits after the time (%s) grow by the clock within a %s and start it near zero, a finer clock (RFC 9562 §6.2 method 3, increased clock precision, as a sub-millisecond fraction); %s declares %s",
			m.width, where, tick, name, declared)
	case MethodRandom:
		d.add("counter", "method", Note, "", nil, "the bits after the time are random: IDs of one %s are in no order (no monotonic guarantee); %s declares %s",
			tick, name, declared)
	case MethodOnePerTick:
		d.add("counter", "method", Note, "", nil, "no two IDs share a %s (%s): the time alone orders them, and the counter is not seen at work", tick, plural(c.tickCount, "tick"))
	default:
		d.add("counter", "method", Skip, "", nil, "%d of %d consecutive pairs share a %s: cannot tell the method from fewer than %d such pairs, or no method fits them", c.withinPairs, max(c.ids-1, 0), tick, minPairs)
	}
	if (m.method == MethodCounter || m.method == MethodMonotonicRandom) && m.start == startZero && c.randomStart() {
		if m.width >= 8 {
			d.add("counter", "start", Fail, ClassCounterRestarts, nil, "the input's %d-bit counter restarts at zero each %s, where %s declares %s: its IDs within a %s are guessable, and RFC 9562 §6.2's seeding is not done",
				m.width, tick, name, declared, tick)
		} else {
			d.add("counter", "start", Note, "", nil, "the input's %d-bit counter starts at zero each %s, where %s declares %s", m.width, tick, name, declared)
		}
	}
}

// tailStepsVary says that the monotonic-random input steps by more than
// one in some pairs.
func (c *Checker) tailStepsVary(m shown) bool {
	for i := 0; i < len(c.pairs); i += 2 {
		if d, ok := c.pairs[i+1].sub(c.pairs[i]); ok && !d.isOne() && !d.isZero() {
			return true
		}
	}
	return false
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

// startsText says how the input's counter starts each tick.
func startsText(s start) string {
	switch s {
	case startZero:
		return "; it starts at zero each tick"
	case startLow:
		return "; it starts near zero each tick"
	case startTopClear:
		return "; it starts with its top bit clear each tick"
	case startAnywhere:
		return "; it starts anywhere"
	}
	return ""
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
			fmt.Fprintf(&b, "%s\n", group)
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
	if r.RandomTests > 0 {
		verb := "weigh"
		if r.RandomTests == 1 {
			verb = "weighs"
		}
		fmt.Fprintf(&b, "false-positive rate of the whole run at most %g (%s that %s chance, each at %.3g)\n",
			r.FalsePositiveRate, plural(int64(r.RandomTests), "test"), verb, r.FalsePositiveRate/float64(r.RandomTests))
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
