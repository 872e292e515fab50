package java

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
)

// roleMask returns a role's bits in place, as the ID's bytes.
func (w *writer) roleMask(r *portable.Role) []byte { return w.bytesOf(portable.RoleMask(r)) }

// generator writes the Generator class, newId and setNode.
func (w *writer) generator() {
	p := w.p
	keep := p.Drawn()
	seeded := p.Clock != nil && p.Counter != nil && p.Counter.V.Init != layouts.InitZero
	block := keep.Sign() != 0 || seeded
	drawn := w.drawnBytes(keep, seeded)
	hasClock := p.Clock != nil

	// The constructors' parameters and their docs.
	var params, paramDocs, args []string
	nodeDoc := ""
	switch {
	case p.Node == nil:
	case p.NeedsNode:
		nodeDoc = fmt.Sprintf("node, the generator's node of %d bits, is required.", p.Node.Width)
	case p.Node.V.MAC:
		nodeDoc = fmt.Sprintf("node, of %d bits, is random with the multicast bit set if left out.", p.Node.Width)
	default:
		nodeDoc = fmt.Sprintf("node, of %d bits, is random bits for each ID if left out.", p.Node.Width)
	}
	if p.Node != nil {
		params = append(params, "long node")
		paramDocs = append(paramDocs, fmt.Sprintf("@param node the node, of %d bits", p.Node.Width))
		args = append(args, "node")
	}
	if hasClock {
		params = append(params, "Clock clock")
		paramDocs = append(paramDocs, "@param clock the clock the generator reads")
	}
	params = append(params, "RandomGenerator random")
	paramDocs = append(paramDocs, "@param random the source of the random bits")

	var fields strings.Builder
	if hasClock {
		fields.WriteString("        /** The clock the generator reads. */\n        private final Clock clock;\n")
	}
	fields.WriteString("        /** The source of the generator's random bits. */\n        private final RandomGenerator random;\n")
	fields.WriteString("        /** The bits every ID of the generator has: the constants, and what is drawn once. */\n        private final byte[] fixed;\n")
	if keep.Sign() != 0 {
		fields.WriteString("        /** The bits of an ID taken from the random bits drawn for it. */\n        private final byte[] keep;\n")
	}
	if block {
		fmt.Fprintf(&fields, "        /** Random bytes drawn ahead, POOL IDs' worth; at is where the next ID's start. */\n        private final byte[] pool = new byte[POOL * %[1]d];\n        private int at = POOL * %[1]d;\n", drawn.n)
	}
	if hasClock {
		switch {
		case p.Counter != nil && p.Counter.V.Init == layouts.InitRunning:
			fmt.Fprintf(&fields, "        /** The last ID's counter, and whether there was one. */\n        private %s;\n        private boolean started;\n", w.counterDecl())
		case p.Counter != nil:
			fmt.Fprintf(&fields, "        /** The last ID's tick, or -1 before the first, and its counter. */\n        private long last = -1;\n        private %s;\n", w.counterDecl())
		case p.ClockSeq != nil:
			fields.WriteString("        /** The last ID's tick, or -1 before the first. */\n        private long last = -1;\n")
		}
	}

	// The constructor's body: what is drawn once.
	var ctor strings.Builder
	if hasClock {
		ctor.WriteString("            this.clock = Objects.requireNonNull(clock, \"clock\");\n")
	}
	ctor.WriteString("            this.random = Objects.requireNonNull(random, \"random\");\n")
	start := "new byte[SIZE]"
	if p.ConstMask.Sign() != 0 {
		start = "CONST_VALUE.clone()"
	}
	fmt.Fprintf(&ctor, "            byte[] f = %s;\n", start)
	keepExpr := hexBytes(w.bytesOf(keep))
	switch {
	case p.Node == nil:
	case p.NeedsNode:
		fmt.Fprintf(&ctor, "            checkNode(node);\n")
		ctor.WriteString(place("            ", "f", "node", p.Node.Runs))
	default:
		// node is a Long: null when left out.
	}
	if p.ClockSeq != nil {
		fmt.Fprintf(&ctor, "            drawOnce(f, unhex(%s)); // the clock sequence\n", hexBytes(w.roleMask(p.ClockSeq)))
	}
	if p.Random != nil && p.Random.V.Once {
		fmt.Fprintf(&ctor, "            drawOnce(f, unhex(%s)); // the random bits drawn once\n", hexBytes(w.roleMask(p.Random)))
	}

	optionalNode := p.Node != nil && !p.NeedsNode
	if optionalNode {
		fmt.Fprintf(&ctor, "            if (hasNode) {\n                checkNode(node);\n")
		ctor.WriteString(place("                ", "f", "node", p.Node.Runs))
		if p.Node.V.MAC {
			ctor.WriteString("            } else {\n                // Random, with the multicast bit set (RFC 9562, section 6.10).\n")
			mac := ""
			if p.Node.Width > 40 {
				mac = " | 1L << 40"
			}
			fmt.Fprintf(&ctor, "                long drawn = random.nextLong() & %s%s;\n", mask64(p.Node.Width), mac)
			ctor.WriteString(place("                ", "f", "drawn", p.Node.Runs))
			ctor.WriteString("            }\n")
		} else {
			ctor.WriteString("            }\n")
		}
		if keep.Sign() != 0 && !p.Node.V.MAC {
			nodeMask := w.roleMask(p.Node)
			fmt.Fprintf(&ctor, "            byte[] k = unhex(%s);\n            if (hasNode) {\n                byte[] nodeBits = unhex(%s);\n                for (int i = 0; i < SIZE; i++) {\n                    k[i] &= (byte) ~nodeBits[i];\n                }\n            }\n            this.keep = k;\n", keepExpr, hexBytes(nodeMask))
		} else if keep.Sign() != 0 {
			fmt.Fprintf(&ctor, "            this.keep = unhex(%s);\n", keepExpr)
		}
	} else if keep.Sign() != 0 {
		fmt.Fprintf(&ctor, "            this.keep = unhex(%s);\n", keepExpr)
	}
	ctor.WriteString("            this.fixed = f;\n")

	order := portable.OrderDoc(p)
	next := portable.NextDoc(p)
	classDoc := fmt.Sprintf("Makes IDs of layout %s. %s It is safe for use from several threads: next() holds the generator's lock. It draws random bits from its source %d IDs' worth at a time.", html(p.L.Name), html(order), 256)
	if !block {
		classDoc = fmt.Sprintf("Makes IDs of layout %s. %s It is safe for use from several threads: next() holds the generator's lock.", html(p.L.Name), html(order))
	}
	// In idforge's own package, which holds Lease, a layout whose node can
	// be leased declares its space, and its generator takes a lease.
	leaseKey, leaseBits, leased := portable.LeaseSpace(p)
	leased = leased && w.runtime && hasClock
	if leased {
		fmt.Fprintf(&w.b, `
    /**
     * The node space of layout %[1]s, for {@link Lease#acquire(LeaseClient, Lease.Space, Lease.Options)}:
     * %[2]s, as every language's lease client and Go's package lease key it.
     */
    public static final Lease.Space LEASE_SPACE = Lease.Space.of(%[3]s, %[4]d, "%[5]s", "%[6]s", "%[7]s");
`, p.L.Name, html(leaseKey), javaString(leaseKey), leaseBits, p.Clock.EpochNs, p.Clock.TickNum, p.Clock.TickDen)
	}
	w.b.WriteString("\n" + doc("    ", classDoc))
	counterMax := ""
	if w.wideCounter() {
		counterMax = fmt.Sprintf("\n        /** The counter's largest value. */\n        private static final BigInteger COUNTER_MAX = BigInteger.ONE.shiftLeft(%d).subtract(BigInteger.ONE);\n", p.Counter.Width)
	}
	pool := ""
	if block {
		pool = "        /** The number of IDs' random bits drawn at once. */\n        private static final int POOL = 256;\n"
	}
	head := strings.TrimPrefix(pool+counterMax, "\n") // the class's constants, then a blank line
	if head != "" {
		head += "\n"
	}
	w.t(`    public static final class Generator {
$HEAD$$FIELDS$`, "FIELDS", fields.String(), "HEAD", head)

	// Constructors: the full one, and shorter ones for the defaults.
	random := "random bits for each ID" // the node, left out
	if p.Node != nil && p.Node.V.MAC {
		random = "random, with the multicast bit set (RFC 9562, section 6.10)"
	}
	if optionalNode {
		// One private constructor with and without the node, which hasNode
		// tells apart: a long has no null, and the public constructors and
		// withRandomNode say which they mean.
		rest := strings.Join(params[1:], ", ")
		restArgs := strings.Join(names(params[1:]), ", ")
		w.b.WriteString("\n" + doc("        ", "Returns a generator of the given node: withRandomNode makes one without.\n\n"+strings.Join(paramDocs, "\n")+"\n@throws IDException ErrRange for a node that does not fit"))
		fmt.Fprintf(&w.b, "        public Generator(%s) {\n            this(true, %s);\n        }\n", strings.Join(params, ", "), strings.Join(names(params), ", "))
		w.b.WriteString("\n" + doc("        ", fmt.Sprintf("Returns a generator without a node of its own: the node is %s.\n\n%s\n@return the generator", random, strings.Join(paramDocs[1:], "\n"))))
		fmt.Fprintf(&w.b, "        public static Generator withRandomNode(%s) {\n            return new Generator(false, 0L, %s);\n        }\n", rest, restArgs)
		w.b.WriteString("\n" + doc("        ", "Returns a generator with the given node, if hasNode, else with a random one.\n\n@param hasNode whether node is the generator's node\n"+strings.Join(paramDocs, "\n")))
		fmt.Fprintf(&w.b, "        private Generator(boolean hasNode, %s) {\n%s        }\n", strings.Join(params, ", "), ctor.String())
	} else {
		w.b.WriteString("\n" + doc("        ", strings.TrimSpace(fmt.Sprintf("Returns a generator. %s", nodeDoc))+"\n\n"+strings.Join(paramDocs, "\n")))
		fmt.Fprintf(&w.b, "        public Generator(%s) {\n%s        }\n", strings.Join(params, ", "), ctor.String())
	}

	// The short constructors: the node (where there is one), the system
	// clock and a SecureRandom (defaultRandom).
	what := "the system clock and a DRBG SecureRandom"
	if !hasClock {
		what = "a DRBG SecureRandom"
	}
	defaults := []string{"defaultRandom()"}
	if hasClock {
		defaults = append([]string{"Clock.systemUTC()"}, defaults...)
	}
	short := func(param, arg, d string) {
		w.b.WriteString("\n" + (doc("        ", d)))
		all := append([]string{}, defaults...)
		if arg != "" {
			all = append([]string{arg}, all...)
		}
		fmt.Fprintf(&w.b, "        public Generator(%s) {\n            this(%s);\n        }\n", param, strings.Join(all, ", "))
	}
	if optionalNode {
		w.b.WriteString("\n" + doc("        ", fmt.Sprintf("Returns a generator without a node of its own that reads %s: the node is %s, as withRandomNode() has it.", what, random)))
		fmt.Fprintf(&w.b, "        public Generator() {\n            this(false, 0L, %s);\n        }\n", strings.Join(defaults, ", "))
		w.b.WriteString("\n" + doc("        ", fmt.Sprintf("Returns a generator without a node of its own that reads %s: the node is %s.\n\n@return the generator", what, random)))
		fmt.Fprintf(&w.b, "        public static Generator withRandomNode() {\n            return new Generator();\n        }\n")
	}
	if p.Node != nil {
		short("long node", "node", fmt.Sprintf("Returns a generator of the given node that reads %s.\n\n@param node the node, of %d bits", what, p.Node.Width))
		if leased {
			w.b.WriteString("\n" + doc("        ", "Returns a generator of the lease's node that reads the system clock through the lease, and a DRBG SecureRandom. It makes every ID on a tick past the high-water tick the node's previous holder left, and refuses to make one, with ErrLeaseLost, once the lease is lost, closed or may be about to end. A lease serves one generator, which any number of threads may share.\n\n@param lease a lease of LEASE_SPACE\n@throws IDException ErrRange for a lease of another space\n@throws IDException.State for a lease that serves a generator already (ErrRange) or has ended (ErrLeaseLost)"))
			w.b.WriteString("        public Generator(Lease lease) {\n            this(lease.node(), lease.clockFor(LEASE_SPACE), defaultRandom());\n        }\n")
		}
	} else {
		short("", "", fmt.Sprintf("Returns a generator that reads %s.", what))
	}
	_ = args

	// next
	nextDoc := "Returns a new ID."
	if next != "" {
		nextDoc += "\n\n" + html(next)
	}
	throws := ""
	if hasClock {
		throws = "\n@throws IDException.State ErrTime when the clock reads a time outside the layout's range"
		if p.Counter != nil && p.Counter.V.Overflow == layouts.OverflowWait {
			throws += ", ErrClockStalled or ErrClockBackwards when the counter runs out and the clock does not move on within a second"
		}
	}
	w.b.WriteString("\n" + (doc("        ", nextDoc+"\n\n@return the ID"+throws)))
	var body strings.Builder
	body.WriteString("            byte[] b = new byte[SIZE];\n            synchronized (this) {\n")
	in := "                "
	if block {
		body.WriteString(in + "if (at == pool.length) {\n" + in + "    random.nextBytes(pool);\n" + in + "    at = 0;\n" + in + "}\n")
		if drawn.n == p.Size {
			body.WriteString(in + "System.arraycopy(pool, at, b, 0, SIZE);\n" + in + "at += SIZE;\n")
		} else {
			fmt.Fprintf(&body, "%sSystem.arraycopy(pool, at, b, %d, %d); // the bytes that hold random bits\n%sat += %d;\n", in, drawn.first, drawn.n, in, drawn.n)
		}
	}
	// The counter's start: from the ID's random bits, read before the
	// mask below clears them, where the layout seeds it.
	seed := ""
	if seeded {
		runs := p.Counter.Runs
		if p.Counter.V.Init == layouts.InitSeeded {
			runs = portable.Below(runs, p.Counter.Width-1) // the top bit clear
		}
		seed = read("b", runs)
		if w.wideCounter() {
			seed = readBig("b", runs)
		}
	} else if p.Counter != nil {
		seed = "0"
		if w.wideCounter() {
			seed = "BigInteger.ZERO"
		}
	}
	var decide, places string
	if hasClock {
		decide, places = w.tick(in, seed)
	}
	body.WriteString(decide)
	switch {
	case keep.Sign() != 0:
		body.WriteString(in + "for (int i = 0; i < SIZE; i++) {\n" + in + "    b[i] = (byte) (b[i] & keep[i] | fixed[i]);\n" + in + "}\n")
	default:
		body.WriteString(in + "System.arraycopy(fixed, 0, b, 0, SIZE);\n")
	}
	body.WriteString(places)
	body.WriteString("            }\n            return of(b);\n")
	fmt.Fprintf(&w.b, "        public %s next() {\n%s        }\n", p.Type, body.String())

	if hasClock {
		w.nowMethod()
		if p.Counter != nil && p.Counter.V.Overflow == layouts.OverflowWait {
			w.t(`
        /**
         * Waits for the clock to pass tick last, for a second at most. Then it
         * is ErrClockStalled if the clock stood still, and ErrClockBackwards if
         * it is behind.
         */
        private long waitPast(long last) {
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (true) {
                long now = now();
                if (now > last) {
                    return now;
                }
                if (System.nanoTime() - deadline >= 0) {
                    if (now < last) {
                        throw new IDException.State(IDException.Code.ERR_CLOCK_BACKWARDS,
                                LAYOUT + ": the clock is behind the last tick used, after a second's wait");
                    }
                    throw new IDException.State(IDException.Code.ERR_CLOCK_STALLED,
                            LAYOUT + ": the counter ran out and the clock stood still for a second");
                }
                LockSupport.parkNanos($NAP$);
            }
        }
`, "NAP", nap(p))
		}
	}
	if p.Node != nil {
		w.t(`
        /** Checks that node fits the layout's node, else ErrRange. */
        private static void checkNode(long node) {
            if (node >>> $W$ != 0) {
                throw new IDException(IDException.Code.ERR_RANGE, LAYOUT + ": node " + node + " does not fit in $W$ bits");
            }
        }
`, "W", fmt.Sprint(p.Node.Width))
	}
	if p.ClockSeq != nil || p.Random != nil && p.Random.V.Once {
		w.t(`
        /** ORs random bits into f where mask has them. */
        private void drawOnce(byte[] f, byte[] mask) {
            byte[] r = new byte[SIZE];
            random.nextBytes(r);
            for (int i = 0; i < SIZE; i++) {
                f[i] |= (byte) (r[i] & mask[i]);
            }
        }
`)
	}
	w.t("    }\n")
	w.defaults()
}

// tick returns the parts of next that read the clock and choose the
// time and the counter (decide, which may read the counter's seed, seed,
// from the ID's random bits) and that set them in the ID (places, once
// the ID's other bits are in).
func (w *writer) tick(in, seed string) (decide, places string) {
	p := w.p
	var b strings.Builder
	timeAt := func(v string) string { return place(in, "b", v, p.Time.Runs) }
	overflow := in + "    if (last == MAX_TICK_LONG) {\n" + in + "        throw new IDException.State(IDException.Code.ERR_TIME, LAYOUT + \": the next tick is past the layout's last\");\n" + in + "    }\n"
	switch {
	case p.Counter != nil && p.Counter.V.Init == layouts.InitRunning:
		fmt.Fprintf(&b, "%slong tick = now();\n%s// A running counter counts on across ticks, wrapping; the tick follows the clock.\n", in, in)
		fmt.Fprintf(&b, "%scounter = started ? %s : %s;\n%sstarted = true;\n", in, w.counterNext(), seed, in)
		return b.String(), timeAt("tick") + w.placeCounter(in)
	case p.Counter != nil:
		note := ""
		switch p.Counter.V.Init {
		case layouts.InitSeeded:
			note = " // random bits, the top one clear"
		case layouts.InitRandom:
			note = " // random bits"
		}
		fmt.Fprintf(&b, "%slong now = now();\n%sif (now > last) {\n%s    last = now;\n%s    counter = %s;%s\n", in, in, in, in, seed, note)
		fmt.Fprintf(&b, "%s} else if (%s) {\n%s    %s; // the same tick, or the clock went back: count on\n%s} else {\n", in, w.counterBelowMax(), in, w.counterInc(), in)
		if p.Counter.V.Overflow == layouts.OverflowWait {
			fmt.Fprintf(&b, "%s    last = waitPast(last); // the counter ran out: wait for the next tick\n", in)
		} else {
			b.WriteString(overflow)
			fmt.Fprintf(&b, "%s    last++; // the counter ran out: borrow the next tick\n", in)
		}
		fmt.Fprintf(&b, "%s    counter = %s;%s\n%s}\n", in, seed, note, in)
		return b.String(), timeAt("last") + w.placeCounter(in)
	case p.ClockSeq != nil:
		fmt.Fprintf(&b, "%slong tick = now();\n%sif (tick <= last) {\n%s    // The same tick, or the clock went back: step the tick itself (RFC 9562, section 6.2).\n", in, in, in)
		b.WriteString(overflow)
		fmt.Fprintf(&b, "%s    tick = last + 1;\n%s}\n%slast = tick;\n", in, in, in)
		return b.String(), timeAt("tick")
	}
	fmt.Fprintf(&b, "%slong tick = now();\n", in)
	return b.String(), timeAt("tick")
}

// nowMethod writes the generator's now: the clock's tick, read in whole
// milliseconds where the tick is some, else from the clock's Instant.
func (w *writer) nowMethod() {
	c := w.p.Clock
	million := big.NewInt(1_000_000)
	maxTick := "MAX_TICK_LONG"
	maxCheck := fmt.Sprintf("tick < 0 || tick > %s", maxTick)
	if w.p.Time.Width >= 63 {
		maxCheck = "tick < 0" // every long from zero up is a tick
	}
	w.t(`
        /** The last tick, as a long (the time has at most 63 bits here, or every long is a tick). */
        private static final long MAX_TICK_LONG = $MAX$;
`, "MAX", long(new(big.Int).And(c.MaxTick, portable.Mask(63))))
	ms := c.TickDen.Cmp(big.NewInt(1)) == 0 && new(big.Int).Rem(c.TickNum, million).Sign() == 0 &&
		new(big.Int).Rem(c.EpochNs, million).Sign() == 0 && c.EpochNs.IsInt64()
	if ms {
		msPerTick := new(big.Int).Quo(c.TickNum, million)
		expr := "Math.subtractExact(clock.millis(), EPOCH_MS)"
		if msPerTick.Cmp(big.NewInt(1)) != 0 {
			expr = fmt.Sprintf("Math.floorDiv(%s, %s)", expr, long(msPerTick))
		}
		w.t(`
        /** The epoch in milliseconds since the Unix epoch. */
        private static final long EPOCH_MS = $EPOCHMS$;

        /** Returns the clock's tick; a time outside the layout's range is ErrTime. */
        private long now() {
            long tick;
            try {
                tick = $EXPR$;
            } catch (ArithmeticException e) {
                tick = -1;
            }
            if ($CHECK$) {
                throw new IDException.State(IDException.Code.ERR_TIME, LAYOUT + ": the clock reads a time outside the layout's range");
            }
            return tick;
        }
`, "EPOCHMS", long(new(big.Int).Quo(c.EpochNs, million)), "EXPR", expr, "CHECK", maxCheck)
		return
	}
	billion := big.NewInt(1_000_000_000)
	perSecond, rem := new(big.Int).QuoRem(new(big.Int).Mul(billion, c.TickDen), c.TickNum, new(big.Int))
	if rem.Sign() == 0 && perSecond.IsInt64() && c.TickDen.Cmp(big.NewInt(1<<31)) <= 0 && c.TickNum.IsInt64() &&
		new(big.Int).Rem(c.EpochNs, billion).Sign() == 0 && new(big.Int).Quo(c.EpochNs, billion).IsInt64() {
		// A whole number of ticks a second, from an epoch on a second:
		// long arithmetic on the Instant's seconds and nanoseconds (a
		// second's nanoseconds times TICK_DEN fit a long).
		sub := "t.getNano() / NANOS_PER_TICK"
		decl := "NANOS_PER_TICK = " + long(c.TickNum)
		what := "nanoseconds in a tick"
		if c.TickDen.Cmp(big.NewInt(1)) != 0 {
			sub = "t.getNano() * TICK_DENOMINATOR / TICK_NUMERATOR"
			decl = "TICK_NUMERATOR = " + long(c.TickNum) + ", TICK_DENOMINATOR = " + long(c.TickDen)
			what = "a tick's length, TICK_NUMERATOR / TICK_DENOMINATOR nanoseconds"
		}
		w.t(`
        /**
         * The epoch in seconds since the Unix epoch, the clock's ticks in a
         * second, and $WHAT$.
         */
        private static final long EPOCH_SECONDS = $EPOCHSEC$, TICKS_PER_SECOND = $TPS$,
                $DECL$;

        /** Returns the clock's tick; a time outside the layout's range is ErrTime. */
        private long now() {
            Instant t = clock.instant();
            long tick;
            try {
                tick = Math.addExact(Math.multiplyExact(Math.subtractExact(t.getEpochSecond(), EPOCH_SECONDS), TICKS_PER_SECOND),
                        $SUB$);
            } catch (ArithmeticException e) {
                tick = -1;
            }
            if ($CHECK$) {
                throw new IDException.State(IDException.Code.ERR_TIME, LAYOUT + ": the clock reads a time outside the layout's range");
            }
            return tick;
        }
`, "WHAT", what, "DECL", decl, "SUB", sub, "EPOCHSEC", long(new(big.Int).Quo(c.EpochNs, billion)), "TPS", long(perSecond),
			"CHECK", maxCheck)
		return
	}
	w.t(`
        /** Returns the clock's tick; a time outside the layout's range is ErrTime. */
        private long now() {
            Instant t = clock.instant();
            BigInteger tick = floorDiv(nanos(t).subtract(EPOCH_NS).multiply(TICK_DEN), TICK_NUM);
            if (tick.signum() < 0 || tick.compareTo(MAX_TICK) > 0 || tick.bitLength() > 63) {
                throw new IDException.State(IDException.Code.ERR_TIME, LAYOUT + ": the clock reads a time outside the layout's range");
            }
            return tick.longValue();
        }
`)
}

// names returns the names of Java parameters ("long node" gives node).
func names(params []string) []string {
	var ns []string
	for _, p := range params {
		ns = append(ns, p[strings.LastIndex(p, " ")+1:])
	}
	return ns
}

// defaults writes newId, the generator it keeps, and setNode for a layout
// with a node.
func (w *writer) defaults() {
	p := w.p
	order := "each is greater than the one before"
	if !p.L.Monotonic() || !p.L.TimeSortable() {
		order = "they are made as Generator makes them"
	}
	if p.Node == nil {
		w.t(`
    /** The generator newId uses, made on its first call. */
    private static final class Shared {
        static final Generator GENERATOR = new Generator();
    }

    /**
     * Returns the next ID of the process's generator of layout $NAME$, which
     * the first call makes: the IDs come from one generator, so $ORDER$.
     * It is safe for use from several threads.
     *
     * @return a new ID$THROWS$
     */
    public static $T$ newId() {
        return Shared.GENERATOR.next();
    }
`, "NAME", html(p.L.Name), "ORDER", order, "THROWS", timeThrows(p))
		return
	}
	needs := ""
	if !p.NeedsNode {
		needs = " without a node"
	}
	w.t(`
    /** The generator newId uses, made by setNode or by newId, and its node. */
    private static volatile Generator shared;
    private static Long sharedNode;

    /**
     * Sets the node of the generator newId uses: $W$ bits. Call it once,
     * before the first newId; calling it again with the same node does
     * nothing, with another it is ErrRange, as it is once newId has made
     * IDs$NEEDS$.
     *
     * @param node the node
     * @throws IDException ErrRange for a node that does not fit
     * @throws IDException.State ErrRange when newId has another node already
     */
    public static synchronized void setNode(long node) {
        Generator.checkNode(node);
        if (shared == null) {
            shared = new Generator(node);
            sharedNode = node;
        } else if (sharedNode == null || sharedNode != node) {
            String had = sharedNode == null ? "no node" : "node " + sharedNode;
            throw new IDException.State(IDException.Code.ERR_RANGE, LAYOUT + ": newId has " + had + " already");
        }
    }
`, "W", fmt.Sprint(p.Node.Width), "NEEDS", needs)
	if p.NeedsNode {
		w.t(`
    /**
     * Returns the next ID of the process's generator of layout $NAME$: the
     * IDs come from one generator, so $ORDER$. The layout has a node, which
     * setNode gives: before it, newId is ErrNoGenerator. It is safe for use
     * from several threads.
     *
     * @return a new ID
     * @throws IDException.State ErrNoGenerator before setNode$MORE$
     */
    public static $T$ newId() {
        Generator g = shared;
        if (g == null) {
            throw new IDException.State(IDException.Code.ERR_NO_GENERATOR, LAYOUT + ": newId needs its node: call setNode(node) first");
        }
        return g.next();
    }
`, "NAME", html(p.L.Name), "ORDER", order, "MORE", strings.TrimPrefix(timeThrows(p), "\n     * @throws IDException.State"))
		return
	}
	w.t(`
    /**
     * Returns the next ID of the process's generator of layout $NAME$, which
     * the first call makes (or setNode): the IDs come from one generator, so
     * $ORDER$. It is safe for use from several threads.
     *
     * @return a new ID$THROWS$
     */
    public static $T$ newId() {
        Generator g = shared;
        if (g == null) {
            synchronized ($T$.class) {
                if (shared == null) {
                    shared = new Generator();
                }
                g = shared;
            }
        }
        return g.next();
    }
`, "NAME", html(p.L.Name), "ORDER", order, "THROWS", timeThrows(p))
}

// timeThrows returns the @throws line of a generator's ErrTime, or "".
func timeThrows(p *portable.Plan) string {
	if p.Clock == nil {
		return ""
	}
	return "\n     * @throws IDException.State ErrTime when the clock reads a time outside the layout's range"
}

// nap returns how long a generator waiting for the next tick sleeps at a
// time, as a Java long of nanoseconds: a quarter of a tick, at least a
// microsecond.
func nap(p *portable.Plan) string {
	q := new(big.Int).Quo(p.Clock.TickNum, new(big.Int).Mul(p.Clock.TickDen, big.NewInt(4)))
	if q.Cmp(big.NewInt(1000)) < 0 {
		q.SetInt64(1000)
	}
	if !q.IsInt64() {
		q.SetInt64(1_000_000_000)
	}
	return long(q)
}

// counterDecl returns the declaration of the generator's counter: a long,
// or a BigInteger for a counter wider than a long.
func (w *writer) counterDecl() string {
	if w.wideCounter() {
		return "BigInteger counter = BigInteger.ZERO"
	}
	return "long counter"
}

// counterNext returns the running counter's next value, wrapping.
func (w *writer) counterNext() string {
	if w.wideCounter() {
		return "counter.add(BigInteger.ONE).and(COUNTER_MAX)"
	}
	return "counter + 1 & " + mask64(w.p.Counter.Width)
}

// counterBelowMax returns the condition that the counter can count on.
func (w *writer) counterBelowMax() string {
	if w.wideCounter() {
		return "counter.compareTo(COUNTER_MAX) < 0"
	}
	if w.p.Counter.Width == 64 {
		return "counter != -1L"
	}
	return "counter < " + mask64(w.p.Counter.Width)
}

// counterInc returns the statement that counts on.
func (w *writer) counterInc() string {
	if w.wideCounter() {
		return "counter = counter.add(BigInteger.ONE)"
	}
	return "counter++"
}

// placeCounter returns the statements that OR the counter into the ID.
func (w *writer) placeCounter(in string) string {
	if w.wideCounter() {
		return placeBig(in, "b", "counter", w.p.Counter.Runs)
	}
	return place(in, "b", "counter", w.p.Counter.Runs)
}

// drawnBytes are the bytes of an ID that hold bits a generator takes from
// its random source (keep, and the counter's seed where it is seeded):
// bytes [first, first+n), so that an ID draws those alone.
type drawnBytes struct{ first, n int }

func (w *writer) drawnBytes(keep *big.Int, seeded bool) drawnBytes {
	m := new(big.Int).Set(keep)
	if seeded {
		m.Or(m, portable.RoleMask(w.p.Counter))
	}
	b := w.bytesOf(m)
	first, last := -1, -1
	for i, x := range b {
		if x != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return drawnBytes{0, 0}
	}
	return drawnBytes{first, last - first + 1}
}
