package js

import (
	"fmt"
	"math/big"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/idrt"
)

// helpers writes the module-level functions that pack and fields use.
func (w *writer) helpers() {
	p := w.p
	w.f(`
/** Returns a field's integer value, a BigInt or a safe integer number, checked to fit width bits. */
function integer(name, x, width) {
  let v;
  if (typeof x === 'bigint') v = x;
  else if (typeof x === 'number' && Number.isSafeInteger(x)) v = BigInt(x);
  else throw new IDError('ErrRange', %[1]s + ': ' + name + ' must be an integer, a BigInt or a safe integer number');
  if (v < 0n || v >> BigInt(width) !== 0n) throw new IDError('ErrRange', %[1]s + ': ' + name + ' ' + v + ' does not fit in ' + width + ' bits');
  return v;
}

/** Returns the reader of pack's fields: each field's value, zero if left out; a key that is no field is ErrRange. */
function fieldReader(fields, names) {
  if (fields === null || typeof fields !== 'object') throw new IDError('ErrType', %[1]s + ': pack takes an object of fields');
  for (const k of Object.keys(fields)) {
    if (!names.includes(k)) throw new IDError('ErrRange', %[1]s + ': no field ' + JSON.stringify(k) + ' (the fields are ' + names.join(', ') + ')');
  }
  const own = (name) => (Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined);
  return {
    integer(name, width) {
      const x = own(name);
      return x === undefined ? 0n : integer(name, x, width);
    },
    bytes(name, size) {
      const x = own(name);
      if (x === undefined) return 0n;
      if (!(x instanceof Uint8Array) || x.length !== size) throw new IDError('ErrRange', %[1]s + ': ' + name + ' must be a Uint8Array of ' + size + ' bytes');
      let v = 0n;
      for (const b of x) v = v << 8n | BigInt(b);
      return v;
    },
  };
}
`, jsString(p.L.Name))
	for _, f := range p.Fields {
		if f.Bytes {
			w.f(`
/** Returns the size bytes of v, big-endian, in a new Uint8Array. */
function bytesOf(v, size) {
  const b = new Uint8Array(size);
  for (let i = size - 1; i >= 0; i--) {
    b[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return b;
}
`)
			break
		}
	}
}

// gen describes what a layout's generator does, for the emitters of both
// of its parts (the module and its declarations).
type gen struct {
	keep      *big.Int // bits taken from the random block as they are
	block     bool     // the generator draws a random block per ID
	nodeFixed bool     // the node is always set by the generator (given or a random MAC)
}

func plan(p *portable.Plan) gen {
	g := gen{keep: new(big.Int).AndNot(p.Max, p.ConstMask)}
	drop := func(r *portable.Role) {
		if r != nil {
			g.keep.AndNot(g.keep, portable.RoleMask(r))
		}
	}
	if p.Clock != nil {
		drop(p.Time)
		drop(p.Counter)
	}
	drop(p.ClockSeq)
	if p.Random != nil && p.Random.V.Once {
		drop(p.Random)
	}
	if p.Node != nil && (p.NeedsNode || p.Node.V.MAC) {
		drop(p.Node)
		g.nodeFixed = true
	}
	g.block = g.keep.Sign() != 0 || p.Clock != nil && p.Counter != nil && p.Counter.V.Init != idrt.InitZero
	return g
}

func (w *writer) generator() {
	p := w.p
	g := plan(p)
	name := jsString(p.L.Name)
	w.f(`
const webcrypto = globalThis.crypto ?? (await import('node:crypto')).webcrypto;

/** Random bytes from crypto.getRandomValues, drawn 1024 at a time: one call costs microseconds. */
const pool = new Uint8Array(1024);
const poolView = new DataView(pool.buffer);
let poolAt = pool.length;

/** Returns size fresh random bytes as one big-endian BigInt. */
function randomBigInt(size) {
  if (poolAt + size > pool.length) {
    webcrypto.getRandomValues(pool);
    poolAt = 0;
  }
  let n = 0n;
  let i = 0;
  for (; i + 8 <= size; i += 8) n = n << 64n | poolView.getBigUint64(poolAt + i);
  for (; i < size; i++) n = n << 8n | BigInt(pool[poolAt + i]);
  poolAt += size;
  return n;
}
`)
	if p.Clock != nil {
		w.f(`
/** Reads the system clock, in nanoseconds since the Unix epoch, to the millisecond. */
function systemClock() {
  return BigInt(Date.now()) * 1000000n;
}
`)
	}
	if g.keep.Sign() != 0 {
		w.f(`
/** The bits of an ID that are fresh random bits, as drawn. */
const RANDOM_MASK = %s;
`, lang.Lit(g.keep))
	}
	if p.Counter != nil && p.Clock != nil {
		w.f(`
/** The counter's largest value. */
const COUNTER_MAX = %s;
`, lang.Lit(portable.Mask(p.Counter.Width)))
	}

	// The class.
	w.f(`
/**
 * Makes IDs of layout %s.%s It is what newGenerator returns.
 */
class Generator {
`, p.L.Name, orderDoc(p))
	w.f("  /** The constant bits and the values fixed when the generator was made, in place. */\n  #fixed;\n")
	if p.Node != nil && !g.nodeFixed {
		w.f("  /** The bits of each ID drawn fresh: the random bits, and the node unless one was given. */\n  #keep;\n")
	}
	if p.Clock != nil {
		w.f("  /** The clock, in nanoseconds since the Unix epoch. */\n  #clock;\n")
		switch {
		case p.Counter != nil && p.Counter.V.Init == idrt.InitRunning:
			w.f("  /** The last ID's counter, or -1n before the first. */\n  #counter = -1n;\n")
		case p.Counter != nil:
			w.f("  /** The last ID's tick, or -1n before the first, and its counter. */\n  #last = -1n;\n  #counter = 0n;\n")
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
		w.f("    this.#clock = options.clock ?? systemClock;\n")
	} else {
		w.f("    void options;\n")
	}
	fixed := constStart(p)
	switch {
	case p.Node == nil:
		w.f("    if (node !== undefined) throw new IDError('ErrRange', %s + ': the layout has no node');\n", name)
	case p.NeedsNode:
		w.f("    if (node === undefined) throw new IDError('ErrRange', %s + ': a generator needs its node, %d bits');\n", name, p.Node.Width)
		w.f("    const v = integer('node', node, %d);\n", p.Node.Width)
		fixed += " | " + lang.Place("v", p.Node.Runs, p.Node.Width)
	case p.Node.V.MAC:
		w.f("    // Unless given, the node is random with the multicast bit set (RFC 9562 §6.10), so it is no real MAC address.\n")
		w.f("    const v = node === undefined ? randomBigInt(%d) & %s | 1n << 40n : integer('node', node, %d);\n", (p.Node.Width+7)/8, lang.Lit(portable.Mask(p.Node.Width)), p.Node.Width)
		fixed += " | " + lang.Place("v", p.Node.Runs, p.Node.Width)
	default:
		w.f("    const v = node === undefined ? undefined : integer('node', node, %d);\n", p.Node.Width)
		w.f("    this.#keep = v === undefined ? RANDOM_MASK : RANDOM_MASK & ~%s;\n", lang.Lit(portable.RoleMask(p.Node)))
		fixed += fmt.Sprintf(" | (v === undefined ? 0n : %s)", lang.Place("v", p.Node.Runs, p.Node.Width))
	}
	if p.ClockSeq != nil {
		w.f("    const seq = randomBigInt(%d) & %s; // the clock sequence, random once\n", (p.ClockSeq.Width+7)/8, lang.Lit(portable.Mask(p.ClockSeq.Width)))
		fixed += " | " + lang.Place("seq", p.ClockSeq.Runs, p.ClockSeq.Width)
	}
	if p.Random != nil && p.Random.V.Once {
		w.f("    const once = randomBigInt(%d) & %s; // random once: drawn when the generator is made\n", (p.Random.Width+7)/8, lang.Lit(portable.Mask(p.Random.Width)))
		fixed += " | " + lang.Place("once", p.Random.Runs, p.Random.Width)
	}
	w.f("    this.#fixed = %s;\n  }\n", fixed)

	// next.
	w.f(`
  /**
   * Returns a new ID.%s
   * @returns {%s}
   */
  next() {
`, nextDoc(p), p.Type)
	keep := "RANDOM_MASK"
	if p.Node != nil && !g.nodeFixed {
		keep = "this.#keep"
	}
	switch {
	case g.keep.Sign() != 0:
		w.f("    const block = randomBigInt(SIZE);\n    let n = block & %s | this.#fixed;\n", keep)
	case g.block:
		w.f("    const block = randomBigInt(SIZE);\n    let n = this.#fixed;\n")
	default:
		w.f("    let n = this.#fixed;\n")
	}
	if p.Clock != nil {
		w.tick(p)
	}
	w.f("    return new %s(n);\n  }\n", p.Type)

	if p.Clock != nil {
		w.f(`
  /** Returns the clock's tick; a time outside the layout's range is ErrTime. */
  #now() {
    const ns = this.#clock() - EPOCH_NS;
    const tick = ns < 0n ? -1n : ticksIn(ns);
    if (tick < 0n || tick > MAX_TICK) throw new IDError('ErrTime', %s + ': the clock reads a time outside the layout\'s range');
    return tick;
  }
`, name)
		if p.Counter != nil && p.Counter.V.Overflow == idrt.OverflowWait {
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
        if (now < last) throw new IDError('ErrClockBackwards', %[1]s + ': the clock is behind the last tick used, after a second\'s wait');
        throw new IDError('ErrClockStalled', %[1]s + ': the counter ran out and the clock stood still for a second');
      }
    }
  }
`, name)
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

func paramDoc(doc string) string {
	if doc == "" {
		return ""
	}
	return "\n * It takes " + doc + "."
}

func nodeArg(param string) string {
	if param == "" {
		return "undefined"
	}
	return param
}

// tick writes the part of next that sets the time and counter bits.
func (w *writer) tick(p *portable.Plan) {
	name := jsString(p.L.Name)
	place := func(v string, r *portable.Role) string { return lang.Place(v, r.Runs, r.Width) }
	var seed string
	if p.Counter != nil {
		seed = lang.Read("block", p.Counter.Runs, p.Bits)
		switch p.Counter.V.Init {
		case idrt.InitZero:
			seed = "0n"
		case idrt.InitSeeded:
			seed = fmt.Sprintf("(%s) & %s", seed, lang.Lit(portable.Mask(p.Counter.Width-1)))
		}
	}
	overflow := func() {
		w.f("      throw new IDError('ErrTime', %s + ': the next tick is past the layout\\'s last');\n", name)
	}
	switch {
	case p.Counter != nil && p.Counter.V.Init == idrt.InitRunning:
		w.f(`    const tick = this.#now();
    // A running counter counts on across ticks, wrapping; the tick follows the clock.
    this.#counter = this.#counter < 0n ? %s : this.#counter + 1n & %s;
    n |= %s | %s;
`, seed, lang.Lit(portable.Mask(p.Counter.Width)), place("tick", p.Time), place("this.#counter", p.Counter))
	case p.Counter != nil:
		w.f(`    const now = this.#now();
    if (now > this.#last) {
      this.#last = now;
      this.#counter = %s;
    } else if (this.#counter < COUNTER_MAX) {
      this.#counter++; // the same tick, or the clock went back: count on
    } else {
`, seed)
		if p.Counter.V.Overflow == idrt.OverflowWait {
			w.f("      this.#last = this.#waitPast(this.#last); // the counter ran out: wait for the next tick\n")
		} else {
			w.f("      if (this.#last === MAX_TICK) {\n  ")
			overflow()
			w.f("      }\n      this.#last++; // the counter ran out: borrow the next tick\n")
		}
		w.f(`      this.#counter = %s;
    }
    n |= %s | %s;
`, seed, place("this.#last", p.Time), place("this.#counter", p.Counter))
	case p.ClockSeq != nil:
		w.f(`    let tick = this.#now();
    if (tick <= this.#last) {
      // The same tick, or the clock went back: step the tick itself (RFC 9562 §6.2).
      if (this.#last === MAX_TICK) {
  `)
		overflow()
		w.f(`      }
      tick = this.#last + 1n;
    }
    this.#last = tick;
    n |= %s;
`, place("tick", p.Time))
	default:
		w.f("    const tick = this.#now();\n    n |= %s;\n", place("tick", p.Time))
	}
}

func orderDoc(p *portable.Plan) string {
	switch {
	case p.Clock == nil:
		return " Each ID is fresh random bits around the layout's fixed ones."
	case p.Counter != nil && p.Counter.V.Init == idrt.InitRunning:
		return "\n * Its counter runs on across ticks, wrapping around: its IDs are unique\n * while it makes fewer than 2^" + fmt.Sprint(p.Counter.Width) + " within a tick, but not ordered."
	case p.L.Monotonic():
		return "\n * Each ID it makes is greater than the last, even when the clock stands\n * still or goes back."
	}
	return "\n * Its IDs carry the time and random bits; they are not ordered within a tick."
}

func nextDoc(p *portable.Plan) string {
	switch {
	case p.Counter != nil && p.Counter.V.Init != idrt.InitRunning:
		how := "borrows the next tick, running ahead of the clock until it catches up"
		if p.Counter.V.Overflow == idrt.OverflowWait {
			how = "waits for the clock's next tick"
		}
		return fmt.Sprintf("\n   * Within a tick a %d-bit counter, starting %s, orders the IDs;\n   * when it runs out the generator %s. When the clock goes back it\n   * stays on its last tick.", p.Counter.Width, initDoc(p.Counter.V.Init), how)
	case p.ClockSeq != nil:
		return "\n   * Each ID takes a tick of its own: the clock's, or the one after the last\n   * ID's when the clock has not passed it."
	}
	return ""
}

func initDoc(i idrt.Init) string {
	switch i {
	case idrt.InitZero:
		return "at zero"
	case idrt.InitSeeded:
		return "at random bits with its top bit clear"
	}
	return "at random bits"
}
