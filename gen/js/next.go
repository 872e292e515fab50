package js

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
)

// generator writes the generator: a function whose closure keeps a
// generator's state and that returns its next method, newGenerator, and
// newId with, for a layout with a node, setNode.
func (w *writer) generator() {
	p := w.p
	g := plan(p)
	start := w.b.Len()
	nw := words(p.Bits)
	counter := p.Clock != nil && p.Counter != nil
	nodeKeep := p.Node != nil && !g.nodeFixed
	if nodeKeep {
		w.f(`
/** The bits of an ID that are fresh random bits, as drawn, when no node is given. */
const RANDOM_MASK = %s;
`, lang.Lit(g.keep))
	}
	if counter {
		cw := words(p.Counter.Width)
		w.f(`
/** The counter's largest value's top word: its other words are all ones. */
const COUNTER_TOP = %s;
`, wordMask(p.Counter.Width-32*(cw-1)))
	}

	nodeParam, nodeDoc := "", ""
	if p.Node != nil {
		nodeParam, nodeDoc = "node, ", "\n * @param {bigint | number | undefined} node"
	}
	w.f(`
/**
 * %s%s
 * @param {{clock?: () => bigint} | undefined} options
 * @param {[Uint32Array, (L: object, count: number) => number]} [source]
 *   the random pool and its draw: the process's (SHARED), or those of
 *   newGenerator's options.random
 * @returns {() => number[]}
 */
function generator(%soptions, [pool, draw] = SHARED) {
`, docText("", fmt.Sprintf("Returns a generator of IDs of layout %s: a function that returns the next ID's words, and keeps its state in its closure. %s newGenerator, newId and newText make theirs with it.", p.L.Name, portable.OrderDoc(p))), nodeDoc, nodeParam)
	fixedBig := constStart(p)
	switch {
	case p.Node == nil:
	case p.NeedsNode, p.Node.V.MAC:
		fixedBig += " | " + lang.Place("v", p.Node.Runs, p.Node.Width)
	default:
		fixedBig += fmt.Sprintf(" | (v === undefined ? 0n : %s)", lang.Place("v", p.Node.Runs, p.Node.Width))
	}
	if p.ClockSeq != nil {
		fixedBig += " | " + lang.Place("seq", p.ClockSeq.Runs, p.ClockSeq.Width)
	}
	if p.Random != nil && p.Random.V.Once {
		fixedBig += " | " + lang.Place("once", p.Random.Runs, p.Random.Width)
	}
	// The fixed bits are constants unless the generator sets some when it is made.
	constFixed := fixedBig == constStart(p)
	switch {
	case p.Node == nil:
	case p.NeedsNode:
		w.f("  if (node === undefined) throw fail(L, 'ErrRange', 'a generator needs its node, %d bits');\n", p.Node.Width)
		w.f("  const v = integer(L, 'node', node, %d);\n", p.Node.Width)
	case p.Node.V.MAC:
		w.f("  // Unless given, the node is random with the multicast bit set (RFC 9562 §6.10), so it is no real MAC address.\n")
		w.f("  const v = node === undefined ? randomBigInt(L, %d, pool, draw) & %s | 1n << 40n : integer(L, 'node', node, %d);\n", (p.Node.Width+7)/8, lang.Lit(portable.Mask(p.Node.Width)), p.Node.Width)
	default:
		w.f("  const v = node === undefined ? undefined : integer(L, 'node', node, %d);\n", p.Node.Width)
		w.f("  /** The bits of each ID drawn fresh, as words: the random bits, and the node unless one was given. */\n")
		w.f("  const keep = wordsOf(v === undefined ? RANDOM_MASK : RANDOM_MASK & ~%s, %d);\n", lang.Lit(portable.RoleMask(p.Node)), nw)
	}
	if p.ClockSeq != nil {
		w.f("  const seq = randomBigInt(L, %d, pool, draw) & %s; // the clock sequence, random once\n", (p.ClockSeq.Width+7)/8, lang.Lit(portable.Mask(p.ClockSeq.Width)))
	}
	if p.Random != nil && p.Random.V.Once {
		w.f("  const once = randomBigInt(L, %d, pool, draw) & %s; // random once: drawn when the generator is made\n", (p.Random.Width+7)/8, lang.Lit(portable.Mask(p.Random.Width)))
	}
	if !constFixed {
		w.f("  /** The constant bits and the values fixed when the generator was made, in place, as words. */\n")
		w.f("  const fixed = wordsOf(%s, %d);\n", fixedBig, nw)
	}
	ms := false
	if p.Clock != nil {
		var epoch, step *big.Int
		epoch, step, ms = msClock(p)
		w.f("  /** The clock: Date.now, in milliseconds, or options.clock, in nanoseconds as a BigInt. */\n  const clock = options?.clock ?? Date.now;\n")
		if !ms {
			w.f(`  /** The clock's last reading, and its tick. */
  let read;
  let readTick = -1n;
  /** A tick, and its words, kept while the IDs' tick stays the same. */
  let wordsTick = -1n;
  let timeWords = [];
`)
		}
		none := "-1n"
		if ms {
			none = "-1"
		}
		switch {
		case counter && p.Counter.V.Init == layouts.InitRunning:
			w.f("  /** The last ID's counter, as words, or null before the first. */\n  let counter = null;\n")
		case counter:
			w.f("  /** The last ID's tick, or %[1]s before the first, and its counter, as words. */\n  let last = %[1]s;\n  let counter = null;\n", none)
		case p.ClockSeq != nil:
			w.f("  /** The last ID's tick, or %[1]s before the first. */\n  let last = %[1]s;\n", none)
		}
		if ms {
			w.f(`
  /** Returns the clock's tick, a number; a reading that is no time in the layout's range is ErrTime. */
  function clockTick() {
    return msTick(L, clock(), %s, %s, %s);
  }
`, epoch, step, strings.TrimSuffix(lang.Lit(p.Clock.MaxTick), "n"))
		} else {
			w.f(`
  /**
   * Returns the clock's tick, a BigInt, worked out again only when the
   * clock's reading changes; a reading that is no time in the layout's range
   * is ErrTime.
   */
  function clockTick() {
    const t = clock();
    if (t !== read) {
      readTick = tickOf(L, CLOCK, t);
      read = t;
    }
    return readTick;
  }

  /** Returns the words of tick, worked out again only when the tick changes. */
  function tickWords(tick) {
    if (tick !== wordsTick) {
      wordsTick = tick;
      timeWords = wordsOf(tick, %d);
    }
    return timeWords;
  }
`, words(p.Time.Width))
		}
		if counter && p.Counter.V.Overflow == layouts.OverflowWait {
			w.f(`
  /**
   * Returns the clock's tick once it is past tick after, for a counter that
   * ran out: the layout's counter waits for the next tick, which next(),
   * being synchronous, cannot do on the system clock without blocking the
   * event loop. So it fails at once there: ErrClockStalled if the clock is
   * still on the tick (make the ID again once it has moved on, after a
   * setTimeout say), ErrClockBackwards if it is behind it. A clock of
   * options (a test's, which moves on as it is read) it reads again, a
   * million times at most, as Go's generator waits for its clock.
   */
  function waitPast(after) {
    let now = clockTick();
    for (let i = 0; i < 1e6 && now <= after && clock !== Date.now; i++) now = clockTick();
    if (now > after) return now;
    if (now < after) throw fail(L, 'ErrClockBackwards', 'the counter ran out and the clock is behind the last tick used');
    throw fail(L, 'ErrClockStalled', 'the counter ran out within the tick: make the ID again on a later tick (next() does not block to wait)');
  }
`)
		}
	}
	if counter {
		w.seed(p, g.keep.Sign() != 0)
	}

	// next.
	w.f(`
  /**
   * %s
   */
  return function next() {
`, docText("  ", strings.TrimSpace("Returns a new ID's words. "+portable.NextDoc(p))))
	if g.keep.Sign() != 0 {
		w.f("    const at = draw(L, %d);\n", nw)
	}
	tick := ""
	if p.Clock != nil {
		tick = w.tick(p, ms)
	}

	// The ID's words: the random bits kept, the fixed ones, the time and the counter.
	t := newTerms(nw)
	random := indexed("pool", "at")
	for i := range nw {
		keep := wordOf(g.keep, nw, i)
		switch {
		case nodeKeep:
			t[i] = append(t[i], fmt.Sprintf("%s & keep[%d]", random(i), i))
		case keep == 0xffffffff:
			t[i] = append(t[i], random(i))
		case keep != 0:
			t[i] = append(t[i], fmt.Sprintf("%s & 0x%x", random(i), keep))
		}
		switch {
		case !constFixed:
			t[i] = append(t[i], fmt.Sprintf("fixed[%d]", i))
		case wordOf(p.ConstValue, nw, i) != 0:
			t[i] = append(t[i], fmt.Sprintf("0x%x", wordOf(p.ConstValue, nw, i)))
		}
	}
	switch {
	case ms && p.Time.Width <= 32:
		t.add(p.Time.Runs, 1, p.Time.Width, func(int) string { return tick })
	case ms:
		w.f("    const t0 = Math.floor(%[1]s / 0x100000000); // the tick's top bits\n    const t1 = %[1]s >>> 0; // and its low 32\n", tick)
		t.add(p.Time.Runs, 2, p.Time.Width, func(i int) string { return fmt.Sprintf("t%d", i) })
	case p.Clock != nil:
		w.f("    const t = tickWords(%s);\n", tick)
		t.add(p.Time.Runs, words(p.Time.Width), p.Time.Width, indexed("t", ""))
	}
	if counter {
		t.add(p.Counter.Runs, words(p.Counter.Width), p.Counter.Width, indexed("counter", ""))
	}
	w.f("    return %s;\n  };\n}\n", t.literal("    "))

	// The options the generator can use: a clock, for a layout with a
	// time, and a source of random bytes, for one that draws any.
	body := w.b.String()[start:]
	var allowed []string
	if p.Clock != nil {
		allowed = append(allowed, "clock")
	}
	if strings.Contains(body, "draw(L") || strings.Contains(body, "randomBigInt(L") {
		allowed = append(allowed, "random")
	}
	w.allowed = allowed
	w.defaults(allowed)
}

// generatorOptions returns the options newGenerator takes for the layout
// of plan p ("clock", "random"), as generator works them out.
func generatorOptions(p *portable.Plan) []string {
	s := &writer{p: p}
	s.generator()
	return s.allowed
}

// defaults writes newGenerator, and newId and newText with the generator
// they share (and setNode, for a layout with a node).
func (w *writer) defaults(allowed []string) {
	p := w.p
	param, doc := "node", "node, the generator's node: a BigInt or a safe integer number"
	switch {
	case p.Node == nil:
		param, doc = "", ""
	case p.NeedsNode:
		doc += fmt.Sprintf(" of %d bits (required)", p.Node.Width)
	case p.Node.V.MAC:
		doc += fmt.Sprintf(" of %d bits; random, with the multicast bit set, if left out", p.Node.Width)
	default:
		doc += fmt.Sprintf(" of %d bits; random bits for each ID if left out", p.Node.Width)
	}
	params := "options"
	if param != "" {
		params = param + ", options"
	}
	var opts []string
	var quoted []string
	for _, o := range allowed {
		quoted = append(quoted, jsString(o))
		switch o {
		case "clock":
			opts = append(opts, "options.clock, a function returning nanoseconds since the Unix epoch as a BigInt, replaces the system clock (for tests).")
		case "random":
			opts = append(opts, "options.random, a function that fills the Uint8Array it is given with random bytes (as crypto.getRandomValues does), replaces Web Crypto as the source of the random bits (for tests, or a platform without Web Crypto).")
		}
	}
	takes := ""
	if doc != "" {
		takes = " It takes " + doc + "."
	}
	own := "a clock"
	switch {
	case len(allowed) == 2:
		own = "a clock or a source of random bytes"
	case len(allowed) == 1 && allowed[0] == "random":
		own = "a source of random bytes"
	case len(allowed) == 0:
		own = "a state"
	}
	optDoc := "It takes no options."
	if len(opts) > 0 {
		optDoc = strings.Join(opts, " ")
	}
	w.f(`
/**
 * %[6]s
 * @returns {{next(): %[4]s}}
 */
export function newGenerator(%[3]s, ...rest) {%[2]s
  const o = generatorOptions(L, options, rest, [%[7]s], %[8]s);
  const next = generator(%[5]so%[9]s);
  return { next: () => make(next()) };
}
`, p.L.Name, "", params, p.Type, map[bool]string{true: param + ", ", false: ""}[param != ""],
		docText("", fmt.Sprintf("Returns a new generator of IDs of layout %s.%s A generator keeps the state that orders its IDs: newId keeps one for the whole process, which is what most programs want; make another only for %s of its own. %s An option the generator cannot use, or an argument past the options, is ErrOption.", p.L.Name, takes, own, optDoc)),
		strings.Join(quoted, ", "), jsString(params), map[bool]string{true: ", o.random && ownRandom(o.random)", false: ""}[slices.Contains(allowed, "random")])
	w.f(`
/** The generator newId and newText share, made by the first call%s. */
let shared;
`, map[bool]string{true: " or by setNode", false: ""}[p.Node != nil])
	order := "each is greater than the one before"
	if !p.L.Monotonic() || !p.L.TimeSortable() {
		order = "see newGenerator"
	}
	if p.NeedsNode {
		w.f(`
/** Returns the generator newId and newText share; before setNode, ErrNoGenerator. */
function sharedGenerator() {
  if (shared === undefined) throw fail(L, 'ErrNoGenerator', 'newId needs its node: call setNode(node) first');
  return shared;
}
`)
	} else {
		w.f(`
/** Returns the generator newId and newText share, made on the first call. */
function sharedGenerator() {
  return shared ?? (shared = generator());
}
`)
	}
	made := "the first call makes it"
	switch {
	case p.NeedsNode:
		made = "the layout has a node, which setNode gives: before it, newId is ErrNoGenerator"
	case p.Node != nil:
		made = "setNode or the first call makes it (without a node, " + map[bool]string{true: "a random one with the multicast bit set", false: "random bits in its place"}[p.Node.V.MAC] + ")"
	}
	w.f(`
/**
 * Returns the next ID of the process's generator of layout %[1]s: the IDs
 * of newId and newText come from one generator, so %[2]s; %[3]s.
 * @returns {%[4]s}
 */
export function newId() {
  return make(sharedGenerator()());
}

/**
 * Returns the text of the next ID of newId's generator, as
 * newId().toString() would: a bundle that needs no more than that leaves
 * the %[4]s class out.
 * @returns {string}
 */
export function newText() {
  return %[5]s;
}
`, p.L.Name, order, made, p.Type, encodeCall(p, p.Text, "sharedGenerator()()"))
	if p.Node == nil {
		return
	}
	w.f(`
/** The node of the generator newId and newText share, or undefined if it has none. */
let sharedNode;

/**
 * Sets the node of the generator newId and newText share: a BigInt or a
 * safe integer number of %[1]d bits. Call it once, before the first newId;
 * calling it again with the same node does nothing, with another it is
 * ErrRange, as it is once newId has made IDs%[2]s.
 * @param {bigint | number} node
 */
export function setNode(node) {
  const v = integer(L, 'node', node, %[1]d);
  if (shared === undefined) {
    shared = generator(v);
    sharedNode = v;
  } else if (v !== sharedNode) {
    throw fail(L, 'ErrRange', 'newId has ' + (sharedNode === undefined ? 'no node' : 'node ' + sharedNode) + ' already');
  }
}
`, p.Node.Width, map[bool]string{true: "", false: " without a node"}[p.NeedsNode])
	w.leaseSpace()
}

// leaseSpace writes LEASE_SPACE, what the lease client (lease.js) needs of
// a layout whose node can be leased: the space's key, as Go's lease.Space
// writes it, the node's width, the clock's epoch and tick, and
// newGenerator. A bundle that never leases leaves it out.
func (w *writer) leaseSpace() {
	p := w.p
	key, bits, ok := portable.LeaseSpace(p)
	if !ok || p.Clock == nil {
		return
	}
	w.f(`
/**
 * The node space of layout %[1]s, for lease.js's acquire: its key, as
 * every language's lease client and Go's package lease write it, the node's
 * width, the clock (its epoch in nanoseconds since the Unix epoch, a tick
 * being num / den nanoseconds) and newGenerator.
 */
export const LEASE_SPACE = { key: %[2]s, nodeBits: %[3]d, epoch: %[4]s, num: %[5]s, den: %[6]s, newGenerator };
`, p.L.Name, jsString(key), bits, lang.Lit(p.Clock.EpochNs), lang.Lit(p.Clock.TickNum), lang.Lit(p.Clock.TickDen))
}

// seed writes the function that returns a new counter's words. shared says
// whether it takes its random bits from next's draw (whose other bits the ID
// takes) rather than drawing its own.
func (w *writer) seed(p *portable.Plan, shared bool) {
	c := p.Counter
	cw := words(c.Width)
	switch c.V.Init {
	case layouts.InitZero:
		w.f(`
  /** Returns a counter of zero, as words. */
  function seed() {
    return [%s];
  }
`, strings.TrimSuffix(strings.Repeat("0, ", cw), ", "))
		return
	}
	runs := c.Runs
	if c.V.Init == layouts.InitSeeded {
		runs = portable.Below(runs, c.Width-1) // the top bit clear
	}
	t := newTerms(cw)
	t.gather(runs, words(p.Bits), indexed("pool", "at"))
	doc := "the random bits drawn at at, in the counter's places"
	param, draw := "at", ""
	if !shared {
		doc = "fresh random bits, drawn as an ID's, in the counter's places"
		param, draw = "", fmt.Sprintf("\n    const at = draw(L, %d);", words(p.Bits))
	}
	widths := make([]int, cw) // the bits each of the counter's words holds
	for i := range widths {
		widths[i] = 32
	}
	widths[0] = c.Width - 32*(cw-1)
	if c.V.Init == layouts.InitSeeded {
		doc += ", its top bit clear"
		widths[0]--
	}
	w.f(`
  /** Returns a new counter, as words: %s. */
  function seed(%s) {%s
    return %s;
  }
`, doc, param, draw, t.literalOf("    ", widths))
}

// countOn returns the statement that adds one to the counter's words, or,
// when the counter is at its largest, runs out: written in place for a
// counter of one word, else with the runtime's increment. When out is ""
// the statement ends with "else", which the caller completes with the block
// of what to do when the counter runs out.
func countOn(p *portable.Plan, out string) string {
	if words(p.Counter.Width) == 1 {
		if out != "" {
			return "counter[0] = counter[0] < COUNTER_TOP ? counter[0] + 1 : 0;"
		}
		return "if (counter[0] < COUNTER_TOP) {\n      counter[0]++;\n    } else"
	}
	if out != "" {
		return "if (!increment(counter, COUNTER_TOP)) " + out
	}
	return "if (!increment(counter, COUNTER_TOP))"
}

// tick writes the part of next that moves the clock and the counter on,
// and returns the expression of the ID's tick.
func (w *writer) tick(p *portable.Plan, ms bool) string {
	seed := "seed()"
	if p.Counter != nil && p.Counter.V.Init != layouts.InitZero && plan(p).keep.Sign() != 0 {
		seed = "seed(at)"
	}
	overflow := "throw fail(L, 'ErrTime', 'no tick after the last');"
	last, one := "CLOCK.max", "1n"
	if ms {
		last, one = strings.TrimSuffix(lang.Lit(p.Clock.MaxTick), "n"), "1"
	}
	switch {
	case p.Counter != nil && p.Counter.V.Init == layouts.InitRunning:
		w.f(`    const tick = clockTick();
    // A running counter counts on across ticks, wrapping; the tick follows the clock.
    if (counter === null) counter = %s;
    else %s
`, seed, countOn(p, "counter.fill(0);"))
		return "tick"
	case p.Counter != nil:
		w.f(`    const now = clockTick();
    if (now > last) {
      last = now;
      counter = %s;
    } else %s {
      // The same tick, or the clock went back, and the counter ran out:
`, seed, countOn(p, ""))
		if p.Counter.V.Overflow == layouts.OverflowWait {
			w.f("      last = waitPast(last); // wait for the next tick\n")
		} else {
			w.f("      if (last === %s) %s\n      last++; // borrow the next tick\n", last, overflow)
		}
		w.f("      counter = %s;\n    }\n", seed)
		return "last"
	case p.ClockSeq != nil:
		w.f(`    let tick = clockTick();
    if (tick <= last) {
      // The same tick, or the clock went back: step the tick itself (RFC 9562 §6.2).
      if (last === %s) %s
      tick = last + %s;
    }
    last = tick;
`, last, overflow, one)
		return "tick"
	}
	w.f("    const tick = clockTick();\n")
	return "tick"
}
