package js

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
)

// generator writes the generator: the random pool, the Generator class and
// newGenerator.
func (w *writer) generator() {
	p := w.p
	g := plan(p)
	nw := words(p.Bits)
	counter := p.Clock != nil && p.Counter != nil
	w.f(`
const webcrypto = globalThis.crypto ?? (await import('node:crypto')).webcrypto;

/**
 * Random words from crypto.getRandomValues, drawn 16 KiB at a time: one call
 * costs microseconds (about as much for 16 bytes as for 16 KiB), a word from
 * the pool nanoseconds.
 */
const pool = new Uint32Array(4096);
let poolAt = pool.length;

/** Returns the index in pool of count fresh random words, refilling the pool when it runs short. */
function draw(count) {
  if (poolAt + count > pool.length) {
    webcrypto.getRandomValues(pool);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += count;
  return at;
}
`)
	if p.ClockSeq != nil || p.Random != nil && p.Random.V.Once || p.Node != nil && p.Node.V.MAC && !p.NeedsNode {
		w.f(`
/** Returns size fresh random bytes as one big-endian BigInt. */
function randomBigInt(size) {
  const count = (size + 3) >>> 2;
  const at = draw(count);
  let n = 0n;
  for (let i = 0; i < count; i++) n = n << 32n | BigInt(pool[at + i]);
  return BigInt.asUintN(size * 8, n);
}
`)
	}
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

/**
 * Adds one to the counter's words c, in place, and returns true; or returns
 * false, leaving c as it is, when c is at its largest (its top word top,
 * every other all ones).
 */
function increment(c, top) {
  let i = c.length - 1;
  while (i >= 0 && c[i] === (i === 0 ? top : 0xffffffff)) i--;
  if (i < 0) return false;
  c[i]++;
  for (let j = i + 1; j < c.length; j++) c[j] = 0;
  return true;
}
`, wordMask(p.Counter.Width-32*(cw-1)))
	}

	// The class.
	w.f(`
/**
 * %s
 */
class Generator {
`, docText("", fmt.Sprintf("Makes IDs of layout %s. %s It is what newGenerator returns.", p.L.Name, portable.OrderDoc(p))))
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
	if !constFixed {
		w.f("  /** The constant bits and the values fixed when the generator was made, in place, as words. */\n  #fixed;\n")
	}
	if nodeKeep {
		w.f("  /** The bits of each ID drawn fresh, as words: the random bits, and the node unless one was given. */\n  #keep;\n")
	}
	if p.Clock != nil {
		w.f(`  /** The clock: Date.now, in milliseconds, or options.clock, in nanoseconds as a BigInt. */
  #clock;
  /** The clock's last reading, and its tick. */
  #read;
  #tick = -1n;
  /** A tick, and its words, kept while the IDs' tick stays the same. */
  #wordsTick = -1n;
  #timeWords = [];
`)
		switch {
		case counter && p.Counter.V.Init == layouts.InitRunning:
			w.f("  /** The last ID's counter, as words, or null before the first. */\n  #counter = null;\n")
		case counter:
			w.f("  /** The last ID's tick, or -1n before the first, and its counter, as words. */\n  #last = -1n;\n  #counter = null;\n")
		case p.ClockSeq != nil:
			w.f("  /** The last ID's tick, or -1n before the first. */\n  #last = -1n;\n")
		}
	}
	w.f(`
  /**
   * @param {bigint | number | undefined} node
   * @param {{clock?: () => bigint}} [options]
   */
  constructor(node, options = {}) {
`)
	if p.Clock != nil {
		w.f("    this.#clock = options.clock ?? Date.now;\n")
	} else {
		w.f("    void options;\n")
	}
	switch {
	case p.Node == nil:
		w.f("    if (node !== undefined) throw new IDError('ErrRange', 'the layout has no node');\n")
	case p.NeedsNode:
		w.f("    if (node === undefined) throw new IDError('ErrRange', 'a generator needs its node, %d bits');\n", p.Node.Width)
		w.f("    const v = integer('node', node, %d);\n", p.Node.Width)
	case p.Node.V.MAC:
		w.f("    // Unless given, the node is random with the multicast bit set (RFC 9562 §6.10), so it is no real MAC address.\n")
		w.f("    const v = node === undefined ? randomBigInt(%d) & %s | 1n << 40n : integer('node', node, %d);\n", (p.Node.Width+7)/8, lang.Lit(portable.Mask(p.Node.Width)), p.Node.Width)
	default:
		w.f("    const v = node === undefined ? undefined : integer('node', node, %d);\n", p.Node.Width)
		w.f("    this.#keep = wordsOf(v === undefined ? RANDOM_MASK : RANDOM_MASK & ~%s, WORDS);\n", lang.Lit(portable.RoleMask(p.Node)))
	}
	if p.ClockSeq != nil {
		w.f("    const seq = randomBigInt(%d) & %s; // the clock sequence, random once\n", (p.ClockSeq.Width+7)/8, lang.Lit(portable.Mask(p.ClockSeq.Width)))
	}
	if p.Random != nil && p.Random.V.Once {
		w.f("    const once = randomBigInt(%d) & %s; // random once: drawn when the generator is made\n", (p.Random.Width+7)/8, lang.Lit(portable.Mask(p.Random.Width)))
	}
	if !constFixed {
		w.f("    this.#fixed = wordsOf(%s, WORDS);\n", fixedBig)
	}
	w.f("  }\n")

	// next.
	w.f(`
  /**
   * %s
   * @returns {%s}
   */
  next() {
`, docText("  ", strings.TrimSpace("Returns a new ID. "+portable.NextDoc(p))), p.Type)
	if g.keep.Sign() != 0 {
		w.f("    const at = draw(WORDS);\n")
	}
	tick := ""
	if p.Clock != nil {
		tick = w.tick(p)
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
	if nodeKeep {
		w.f("    const keep = this.#keep;\n")
	}
	if !constFixed {
		w.f("    const fixed = this.#fixed;\n")
	}
	if p.Clock != nil {
		w.f("    const t = this.#words(%s);\n", tick)
		t.add(p.Time.Runs, words(p.Time.Width), p.Time.Width, indexed("t", ""))
	}
	if counter {
		w.f("    const c = this.#counter;\n")
		t.add(p.Counter.Runs, words(p.Counter.Width), p.Counter.Width, indexed("c", ""))
	}
	w.f("    return make(%s);\n  }\n", t.literal("    "))

	if counter {
		w.seed(p, g.keep.Sign() != 0)
	}
	if p.Clock != nil {
		w.f(`
  /** Returns the words of tick, worked out again only when the tick changes. */
  #words(tick) {
    if (tick !== this.#wordsTick) {
      this.#wordsTick = tick;
      this.#timeWords = wordsOf(tick, %d);
    }
    return this.#timeWords;
  }

  /**
   * Returns the clock's tick, worked out again only when the clock's reading
   * changes; a time outside the layout's range is ErrTime.
   */
  #now() {
    const t = this.#clock();
    if (t !== this.#read) {
      const ns = (typeof t === 'bigint' ? t : BigInt(t) * 1000000n) - EPOCH_NS;
      const tick = ns < 0n ? -1n : ticksIn(ns);
      if (tick < 0n || tick > MAX_TICK) throw new IDError('ErrTime', 'the clock reads a time outside the layout\'s range');
      this.#read = t;
      this.#tick = tick;
    }
    return this.#tick;
  }
`, words(p.Time.Width))
		if counter && p.Counter.V.Overflow == layouts.OverflowWait {
			w.f(`
  /**
   * Waits for the clock to pass tick last, spinning, for a second at most:
   * next() is synchronous. Then it is ErrClockStalled if the clock stood
   * still, and ErrClockBackwards if it is behind.
   */
  #waitPast(last) {
    const deadline = Date.now() + 1000;
    for (;;) {
      const now = this.#now();
      if (now > last) return now;
      if (Date.now() >= deadline) {
        if (now < last) throw new IDError('ErrClockBackwards', 'the clock is behind the last tick used, after a second\'s wait');
        throw new IDError('ErrClockStalled', 'the counter ran out and the clock stood still for a second');
      }
    }
  }
`)
		}
	}
	w.f("}\n")

	// newGenerator.
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
	w.f(`
/**
 * Returns a new generator of IDs of layout %[1]s.%[2]s A generator keeps the
 * state that orders its IDs; make one per process (or per node) and keep it.
 * options.clock, a function returning nanoseconds since the Unix epoch as a
 * BigInt, replaces the system clock (for tests).
 */
export function newGenerator(%[3]s) {
  return new Generator(%[4]s, options);
}
`, p.L.Name, paramDoc(doc), params, nodeArg(param))
}

// seed writes the method that returns a new counter's words. shared says
// whether it takes its random bits from next's draw (whose other bits the ID
// takes) rather than drawing its own.
func (w *writer) seed(p *portable.Plan, shared bool) {
	c := p.Counter
	cw := words(c.Width)
	switch c.V.Init {
	case layouts.InitZero:
		w.f(`
  /** Returns a counter of zero, as words. */
  #seed() {
    return [%s];
  }
`, strings.TrimSuffix(strings.Repeat("0, ", cw), ", "))
		return
	}
	t := newTerms(cw)
	t.gather(c.Runs, words(p.Bits), indexed("pool", "at"))
	doc := "the random bits drawn at at, in the counter's places"
	param, draw := "at", ""
	if !shared {
		doc = "fresh random bits, drawn as an ID's, in the counter's places"
		param, draw = "", "\n    const at = draw(WORDS);"
	}
	if c.V.Init == layouts.InitSeeded {
		doc += ", its top bit clear"
		top := c.Width - 32*(cw-1) // bits in the top word
		if top == 1 {
			t[0] = nil
		} else {
			t[0] = []string{fmt.Sprintf("(%s) & %s", strings.Join(t[0], " | "), wordMask(top-1))}
		}
	}
	w.f(`
  /** Returns a new counter, as words: %s. */
  #seed(%s) {%s
    return %s;
  }
`, doc, param, draw, t.literal("    "))
}

// tick writes the part of next that moves the clock and the counter on,
// and returns the expression of the ID's tick.
func (w *writer) tick(p *portable.Plan) string {
	seed := "this.#seed()"
	if p.Counter != nil && p.Counter.V.Init != layouts.InitZero && plan(p).keep.Sign() != 0 {
		seed = "this.#seed(at)"
	}
	overflow := "throw new IDError('ErrTime', 'the next tick is past the layout\\'s last');"
	switch {
	case p.Counter != nil && p.Counter.V.Init == layouts.InitRunning:
		w.f(`    const tick = this.#now();
    // A running counter counts on across ticks, wrapping; the tick follows the clock.
    if (this.#counter === null) this.#counter = %s;
    else if (!increment(this.#counter, COUNTER_TOP)) this.#counter.fill(0);
`, seed)
		return "tick"
	case p.Counter != nil:
		w.f(`    const now = this.#now();
    if (now > this.#last) {
      this.#last = now;
      this.#counter = %s;
    } else if (!increment(this.#counter, COUNTER_TOP)) {
      // The same tick, or the clock went back, and the counter ran out:
`, seed)
		if p.Counter.V.Overflow == layouts.OverflowWait {
			w.f("      this.#last = this.#waitPast(this.#last); // wait for the next tick\n")
		} else {
			w.f("      if (this.#last === MAX_TICK) %s\n      this.#last++; // borrow the next tick\n", overflow)
		}
		w.f("      this.#counter = %s;\n    }\n", seed)
		return "this.#last"
	case p.ClockSeq != nil:
		w.f(`    let tick = this.#now();
    if (tick <= this.#last) {
      // The same tick, or the clock went back: step the tick itself (RFC 9562 §6.2).
      if (this.#last === MAX_TICK) %s
      tick = this.#last + 1n;
    }
    this.#last = tick;
`, overflow)
		return "tick"
	}
	w.f("    const tick = this.#now();\n")
	return "tick"
}
