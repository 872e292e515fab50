package python

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
)

func (w *writer) generator() {
	p := w.p
	keep, nodeFixed := p.Drawn(), p.NodeSet()
	block := keep.Sign() != 0 || p.Clock != nil && p.Counter != nil && p.Counter.V.Init != layouts.InitZero
	if keep.Sign() != 0 {
		w.f("\n\n_RANDOM_MASK = %s  # the bits of an ID that are fresh random bits, as drawn\n", lang.Lit(keep))
	}
	if p.Counter != nil && p.Clock != nil {
		w.f("_COUNTER_MAX = %s\n", lang.Lit(portable.Mask(p.Counter.Width)))
	}
	leaseKey, leaseBits, leasable := leaseSpace(p)
	if leasable {
		w.f(`
# The node space leases of the layout come from (idforge.lease.acquire): its
# key, as Go's lease.Space and every language's lease client write it, the
# node's width, the epoch in nanoseconds since the Unix epoch, and a tick of
# the first over the second nanoseconds.
LEASE_SPACE: Tuple[str, int, int, int, int] = (%s, %d, %s, %s, %s)
`, pyString(leaseKey), leaseBits, lang.Lit(p.Clock.EpochNs), lang.Lit(p.Clock.TickNum), lang.Lit(p.Clock.TickDen))
	}

	nodeParam, nodeDoc := "", ""
	switch {
	case p.Node == nil:
	case p.NeedsNode:
		nodeParam, nodeDoc = "node: int", fmt.Sprintf("node, the generator's node of %d bits, is required. ", p.Node.Width)
	case p.Node.V.MAC:
		nodeParam, nodeDoc = "node: Optional[int] = None", fmt.Sprintf("node, of %d bits, is random with\n    the multicast bit set if left out. ", p.Node.Width)
	default:
		nodeParam, nodeDoc = "node: Optional[int] = None", fmt.Sprintf("node, of %d bits, is random bits\n    for each ID if left out. ", p.Node.Width)
	}
	params := "self, "
	if nodeParam != "" {
		params += nodeParam + ", "
	}
	// draws says whether the generator draws random bytes: each ID's, or
	// values drawn once (a node, a clock sequence, random bits).
	once := p.ClockSeq != nil || p.Random != nil && p.Random.V.Once || p.Node != nil && p.Node.V.MAC && !p.NeedsNode
	draws := block || once
	var kw []string
	var kwDoc []string
	if p.Clock != nil {
		kw = append(kw, "clock: Optional[Callable[[], int]] = None")
		kwDoc = append(kwDoc, "clock, a function returning nanoseconds since the Unix epoch, replaces the system clock (for tests).")
	}
	if draws {
		kw = append(kw, "random: Optional[Callable[[int], builtins.bytes]] = None")
		kwDoc = append(kwDoc, "random, a function that returns n random bytes when called with n, as os.urandom does, replaces os.urandom (for tests, or another source); bytes of another length, or no bytes, are ErrRandom.")
	}
	if len(kw) > 0 {
		params += "*, " + strings.Join(kw, ", ")
	} else {
		params = params[:len(params)-2]
	}
	if block {
		w.f("%s", w.blockStruct())
	}
	w.f(`

# The hooks (Generator._after_fork) of the live generators, which a forked
# child runs: weak, so that a generator no one holds goes, and its hook
# with it.
_fork_hooks: Set[weakref.WeakMethod[Callable[[], None]]] = set()


class Generator:
    """%s

    %s
    """

%s    def __init__(%s) -> None:
`, docText("    ", fmt.Sprintf("Makes IDs of layout %s. %s It is safe for use from several threads.", p.L.Name, portable.OrderDoc(p))), docText("    ", nodeDoc+strings.Join(kwDoc, " ")), map[bool]string{true: "    _leased = False  # whether from_lease made it\n\n"}[leasable], params)
	if p.Clock != nil {
		w.f("        self._clock: Callable[[], int] = clock or _time.time_ns\n")
	}
	if draws {
		w.f(`        if random is not None and not callable(random):
            raise IDError("ErrType", f"{_LAYOUT}: random is a function of n that returns n random bytes, not {type(random).__name__}")
        self._source = random  # None for os.urandom
`)
	}
	switch {
	case p.Node == nil:
	case p.NeedsNode:
		w.f("        self._node = _integer(_LAYOUT, \"node\", node, %d)\n", p.Node.Width)
	default:
		w.f("        self._node = None if node is None else _integer(_LAYOUT, \"node\", node, %d)\n", p.Node.Width)
	}
	if p.Node != nil && !nodeFixed {
		w.f("        self._keep = _RANDOM_MASK if self._node is None else _RANDOM_MASK & ~%s\n", lang.Lit(portable.RoleMask(p.Node)))
	}
	if p.Clock != nil {
		switch {
		case p.Counter != nil && p.Counter.V.Init == layouts.InitRunning:
			w.f("        self._counter = -1  # the last ID's counter, or -1 before the first\n")
		case p.Counter != nil:
			w.f("        self._last = -1  # the last ID's tick, or -1 before the first\n        self._counter = 0\n")
			if forkShared(p) {
				w.f(`        # On the system clock, the tick and counter are the count that every
        # generator shares, in this process and the processes it forks (see
        # _SharedCount); on a clock of its own, a generator's own.
        self._count = None if clock is not None else _shared_count()
`)
			}
		case p.ClockSeq != nil:
			w.f("        self._last = -1  # the last ID's tick, or -1 before the first\n")
		}
	}
	if block {
		w.f("        self._blocks: list[int] = []  # random blocks of _SIZE bytes, each an int, taken from the end\n")
	}
	w.f("        self._fixed = 0\n        self._draw()\n        self._lock = threading.Lock()\n        hook = weakref.WeakMethod(self._after_fork)\n        _fork_hooks.add(hook)\n        weakref.finalize(self, _fork_hooks.discard, hook)\n")

	// _draw
	fixed := pyConstStart(p)
	var lines []string
	switch {
	case p.Node == nil:
	case p.NeedsNode:
		lines = append(lines, "node = self._node")
		fixed += " | " + lang.Place("node", p.Node.Runs, p.Node.Width)
	case p.Node.V.MAC:
		lines = append(lines, "# Unless given, the node is random with the multicast bit set (RFC 9562 §6.10).")
		lines = append(lines, fmt.Sprintf("node = self._random(%d) & %s | 1 << 40 if self._node is None else self._node", (p.Node.Width+7)/8, lang.Lit(portable.Mask(p.Node.Width))))
		fixed += " | " + lang.Place("node", p.Node.Runs, p.Node.Width)
	default:
		lines = append(lines, "node = 0 if self._node is None else self._node")
		fixed += " | " + lang.Place("node", p.Node.Runs, p.Node.Width)
	}
	if p.ClockSeq != nil {
		lines = append(lines, fmt.Sprintf("seq = self._random(%d) & %s  # the clock sequence", (p.ClockSeq.Width+7)/8, lang.Lit(portable.Mask(p.ClockSeq.Width))))
		fixed += " | " + lang.Place("seq", p.ClockSeq.Runs, p.ClockSeq.Width)
	}
	if p.Random != nil && p.Random.V.Once {
		lines = append(lines, fmt.Sprintf("once = self._random(%d) & %s  # random once", (p.Random.Width+7)/8, lang.Lit(portable.Mask(p.Random.Width))))
		fixed += " | " + lang.Place("once", p.Random.Runs, p.Random.Width)
	}
	w.f(`
    def _draw(self) -> None:
        """Draws the values fixed for the generator's life, with the constant
        bits, in place."""
`)
	for _, l := range lines {
		w.f("        %s\n", l)
	}
	w.f("        self._fixed = %s\n", fixed)

	// _after_fork
	if p.NeedsNode {
		w.f(`
    def _after_fork(self) -> None:
        """In a forked child: the generator makes no more IDs there (next is
        ErrNoGenerator), as its parent goes on with its node, and a worker
        needs a node of its own."""
        setattr(self, "next", self._forked)
`)
	} else {
		w.f(`
    def _after_fork(self) -> None:
        """In a forked child: a new lock, new values drawn once, new random
        blocks, and a counter that must start afresh, so that the child
        repeats nothing of the parent's. One made with its node makes no
        more IDs there (next is ErrNoGenerator), as its parent goes on with
        that node."""
        self._lock = threading.Lock()
`)
		if p.Node != nil {
			w.f(`        if self._node is not None:
            setattr(self, "next", self._forked)
            return
`)
		}
		w.f("        self._draw()\n")
		if block {
			w.f("        self._blocks = []\n")
		}
		if p.Clock != nil && p.Counter != nil {
			if p.Counter.V.Init == layouts.InitRunning {
				w.f("        self._counter = -1\n")
			} else if forkShared(p) {
				w.f(`        if self._count is None:  # on a clock of its own: it shares no count with the parent
            self._counter = _COUNTER_MAX  # the next ID takes a later tick, with a new counter
`)
			} else {
				w.f("        self._counter = _COUNTER_MAX  # the next ID takes a later tick, with a new counter\n")
			}
		}
	}

	// next
	w.f(`
    def next(self) -> %s:
        """%s"""
`, p.Type, nextDoc(p))
	keepExpr := "_RANDOM_MASK"
	if p.Node != nil && !nodeFixed {
		keepExpr = "self._keep"
	}
	w.f("        with self._lock:\n")
	if block {
		w.f("            block = self._blocks.pop() if self._blocks else self._refill()\n")
	}
	if keep.Sign() != 0 {
		w.f("            n = block & %s | self._fixed\n", keepExpr)
	} else {
		w.f("            n = self._fixed\n")
	}
	switch {
	case forkShared(p):
		w.f(`            count = self._count
            if count is not None:
                self._last, self._counter = count.take()
            try:
`)
		t := &writer{p: p}
		t.tick(p)
		for _, line := range strings.SplitAfter(t.b.String(), "\n") {
			if line != "" {
				w.f("    %s", line)
			}
		}
		w.f(`            finally:
                if count is not None:
                    count.put(self._last, self._counter)
`)
	case p.Clock != nil:
		w.tick(p)
	}
	w.f("        i = object.__new__(%s)\n        _set_bits(i, n)\n        return i\n", p.Type)
	if block {
		w.f(`
    def _refill(self) -> int:
        """Draws the generator's random blocks, 64 from one os.urandom call
        (a call costs about as much for 16 bytes as for 1 KiB), and returns
        one. The caller holds the lock."""
        buf = os.urandom(64 * _SIZE) if self._source is None else _read_random(_LAYOUT, self._source, 64 * _SIZE)
%s        return self._blocks.pop()
`, w.blocksFromBuf())
	}
	if once {
		w.f(`
    def _random(self, size: int) -> int:
        """Returns size random bytes as one big-endian int, from the source
        the generator was given, else from os.urandom (through the pool of
        them the module keeps)."""
        if self._source is None:
            return _random(size)
        return int.from_bytes(_read_random(_LAYOUT, self._source, size), "big")
`)
	}
	w.f(`
    def __iter__(self) -> Iterator[%[1]s]:
        """Returns the generator itself: an endless iterator of new IDs."""
        return self

    def __next__(self) -> %[1]s:
        """Returns a new ID, as next() does."""
        return self.next()
`, p.Type)
	if leasable {
		w.f(`
    @classmethod
    def from_lease(cls, lease: _Leased, *, clock: Optional[Callable[[], int]] = None) -> Generator:
        """%[1]s"""
        g = cls(lease.node, clock=lease.bind(LEASE_SPACE, clock or _time.time_ns))
        g._leased = True
        return g
`, docText("        ", "Returns a generator of the node that lease (an idforge.lease.Lease of LEASE_SPACE) holds. It makes IDs only while the lease is held: once the lease is lost, or may be about to end on the server, next is IDError ErrLeaseLost, for good; and every ID it makes is on a later tick than any the node's previous holder used. A lease serves one generator, in the process that took it: a forked child takes a lease of its own. clock is as for Generator."))
	}
	if p.Node != nil {
		leased := ""
		if leasable {
			leased = `        if self._leased:
            raise IDError("ErrLeaseLost", f"{_LAYOUT}: this Generator was made from a lease of node {self._node} taken before the process forked, and the lease stays the parent's: take a lease in each worker after the fork (idforge.lease.acquire, for example in gunicorn's post_fork hook) and make the worker's Generator from it with Generator.from_lease")
`
		}
		w.f(`
    def _forked(self) -> %[1]s:
        """Stands for next in a forked child of the process that made the
        generator with its node, which the parent goes on using."""
%[3]s        raise IDError("ErrNoGenerator", f"{_LAYOUT}: this Generator was made with node {self._node} before the process forked, and the parent goes on with that node: make one in each worker, with a node of its own (%[2]s)")
`, p.Type, perWorker, leased)
	}

	if p.Clock != nil {
		// The tick, floored (so negative before the epoch), with no
		// arithmetic that is the identity (an epoch of 0, a tick of a whole
		// number of nanoseconds): the clock is read for every ID.
		c := w.p.Clock
		tick := "t"
		if c.EpochNs.Sign() != 0 {
			tick = "t - _EPOCH_NS"
		}
		if c.TickDen.Cmp(big.NewInt(1)) != 0 || c.TickNum.Cmp(big.NewInt(1)) != 0 {
			if c.EpochNs.Sign() != 0 {
				tick = "(" + tick + ")"
			}
			if c.TickDen.Cmp(big.NewInt(1)) != 0 {
				tick += " * _TICK_DEN"
			}
			if c.TickNum.Cmp(big.NewInt(1)) != 0 {
				tick += " // _TICK_NUM"
			}
		}
		w.f(`
    def _now(self) -> int:
        """Returns the clock's tick; a reading that is no int of nanoseconds (a
        float, say), or a time outside the layout's range, is ErrTime."""
        t: object = self._clock()
        if type(t) is not int:
            raise IDError("ErrTime", f"{_LAYOUT}: the clock read {t!r}, not an int of nanoseconds since the Unix epoch")
        tick = %s
        if 0 <= tick <= _MAX_TICK:
            return tick
        raise IDError("ErrTime", f"{_LAYOUT}: the clock reads a time outside the layout's range")
`, tick)
		if p.Counter != nil && p.Counter.V.Overflow == layouts.OverflowWait {
			w.f(`
    def _wait_past(self, last: int) -> int:
        """Waits for the clock to pass tick last, for a second at most. Then it
        is ErrClockStalled if the clock stood still, and ErrClockBackwards if it
        is behind."""
        nap = max(_TICK_NUM / _TICK_DEN / 4e9, 1e-6)
        deadline = _time.monotonic() + 1
        while True:
            now = self._now()
            if now > last:
                return now
            if _time.monotonic() >= deadline:
                if now < last:
                    raise IDError("ErrClockBackwards", f"{_LAYOUT}: the clock is behind the last tick used, after a second's wait")
                raise IDError("ErrClockStalled", f"{_LAYOUT}: the counter ran out and the clock stood still for a second")
            _time.sleep(nap)
`)
		}
	}
	w.forkHook()
	w.defaults()
}

// forkHook writes the module's hook that runs in a forked child (the
// runtime's pool of random bytes has its own).
func (w *writer) forkHook() {
	p := w.p
	var doc, globals, body []string
	doc = append(doc, "moves every live generator on (Generator._after_fork)")
	globals = append(globals, "_shared_lock")
	body = append(body, "_shared_lock = threading.Lock()",
		"for ref in list(_fork_hooks):",
		"    hook = ref()",
		"    if hook is not None:",
		"        hook()")
	if p.Node != nil {
		doc = append(doc, "and, if set_node gave new_id's generator its node, drops that generator: the parent goes on with the node, so the child's new_id waits for a set_node of its own")
		globals = append(globals, "_shared", "_shared_node", "_forked_node")
		body = append(body,
			"if _shared_node is not None:",
			"    _shared, _shared_node, _forked_node = None, None, True")
	}
	if forkShared(p) {
		doc = append(doc, "and gives the count it shares with its parent a thread lock of its own")
		globals = append(globals, "_count_lock")
		body = append(body, "_count_lock = threading.Lock()", "if _count is not None:", "    _count.after_fork_in_child()")
	}
	w.f("\n\ndef _after_fork() -> None:\n    \"\"\"%s.\"\"\"\n    global %s\n", docText("    ", "Runs in a forked child: "+strings.Join(doc, ", ")), strings.Join(globals, ", "))
	for _, l := range body {
		w.f("    %s\n", l)
	}
	if !forkShared(p) {
		w.f(`

if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)
`)
		return
	}
	w.f(`

# The count that the generators on the system clock share (see
# _SharedCount), made when the first is, or when the process first forks,
# and the lock that guards making it. The layout's IDs hold neither a node
# nor enough random bits to keep two generators apart, so two that counted
# on their own, forked workers' too, could make the same IDs.
_count: Optional[_SharedCount] = None
_count_lock = threading.Lock()


def _shared_count() -> _SharedCount:
    """Returns the count the generators on the system clock share, making it
    on the first call."""
    global _count
    with _count_lock:
        if _count is None:
            _count = _SharedCount(_SIZE)
        return _count


def _before_fork() -> None:
    """Runs in a process about to fork: holds the count through the fork,
    making it first if no generator has, so that the parent and its
    children share one."""
    _shared_count().before_fork()


def _after_fork_in_parent() -> None:
    """Runs in the parent once it has forked: lets the count go."""
    if _count is not None:
        _count.after_fork_in_parent()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent, after_in_child=_after_fork)
`)
}

// forkShared reports whether the layout's generators on the system clock
// share one count, in a process and the processes it forks (the runtime's
// _SharedCount): a layout
// with a clock and a counter that starts afresh each tick, but no node,
// nothing drawn once a process, and under 32 random bits an ID, fresh or
// starting its counter (Mastodon's 15), whose forked workers would
// otherwise make the same IDs within a tick. The others keep processes
// apart by their own bits: ULID's counter starts at 80 random bits.
func forkShared(p *portable.Plan) bool {
	return p.Node == nil && p.Clock != nil && p.Counter != nil && p.Counter.V.Init != layouts.InitRunning &&
		(p.Random == nil || !p.Random.V.Once) && p.L.RandomBits() < 32
}

// perWorker is the fix ErrNoGenerator names in a forked child.
const perWorker = "one node per worker process, for example from gunicorn's post_fork hook"

// defaults writes new_id, the generator it keeps, and set_node for a layout
// with a node.
func (w *writer) defaults() {
	p := w.p
	order := "each is greater than the one before"
	if !p.L.Monotonic() || !p.L.TimeSortable() {
		order = "they are made as Generator makes them"
	}
	if p.Node == nil {
		w.f(`

# The generator new_id uses, made by its first call, and the lock that
# guards making it. A forked child keeps it: Generator._after_fork moves it
# on there as it does every generator.
_shared: Optional[Generator] = None
_shared_lock = threading.Lock()
`)
	} else {
		w.f("\n\n")
		w.comment("", portable.Fill(fmt.Sprintf("The generator new_id uses, made by set_node%s, its node, and the lock that guards making it. A forked child keeps one made without a node (Generator._after_fork moves it on there); one that set_node made the child drops, and _forked_node says so, until set_node is called in the child.", map[bool]string{false: " or by new_id's first call", true: ""}[p.NeedsNode]), 74))
		w.f(`_shared: Optional[Generator] = None
_shared_node: Optional[int] = None
_forked_node = False
_shared_lock = threading.Lock()
`)
		needs := ""
		if !p.NeedsNode {
			needs = " without a node"
		}
		w.f(`

def set_node(node: int) -> None:
    """%[4]s"""
    global _shared, _shared_node
    v = _integer(_LAYOUT, "node", node, %[1]d)
    with _shared_lock:
        if _shared is None:
            _shared, _shared_node = Generator(v), v
        elif v != _shared_node:
            had = "no node" if _shared_node is None else f"node {_shared_node}"
            raise IDError("ErrRange", f"{_LAYOUT}: new_id has {had} already")


def _no_node() -> IDError:
    """The error of new_id before set_node: in a forked child, or before any."""
    if _forked_node:
        return IDError("ErrNoGenerator", f"{_LAYOUT}: new_id in a forked child needs a node of its own: call set_node(node) there, %[3]s")
    return IDError("ErrNoGenerator", f"{_LAYOUT}: new_id needs its node: call set_node(node) first, %[3]s")
`, p.Node.Width, needs, perWorker, docText("    ", fmt.Sprintf("Sets the node of the generator new_id uses: an int of %d bits. Call it once, before the first new_id; calling it again with the same node does nothing, with another it is ErrRange, as it is once new_id has made IDs%s. A forked child starts without it: each worker process calls set_node with a node of its own (for example from gunicorn's post_fork hook), as two processes that share a node can make the same IDs.", p.Node.Width, needs)))
	}
	if p.NeedsNode {
		w.f(`

def new_id() -> %[1]s:
    """%[4]s"""
    g = _shared
    if g is None:
        raise _no_node()
    return g.next()
`, p.Type, p.L.Name, order, docText("    ", fmt.Sprintf("Returns the next ID of the process's generator of layout %s: the IDs come from one generator, so %s. The layout has a node, which set_node gives: before it, new_id is ErrNoGenerator. It is safe for use from several threads, and in a forked child once set_node has been called there.", p.L.Name, order)))
		return
	}
	check, forked := "", ""
	if p.Node != nil {
		check = "\n        if _shared is None and _forked_node:\n            raise _no_node()"
		forked = " (where, if set_node gave the parent's generator its node, set_node is called again)"
	}
	w.f(`

def _shared_generator() -> Generator:
    """Returns the generator new_id uses, making it on the first call."""
    global _shared
    with _shared_lock:%[4]s
        if _shared is None:
            _shared = Generator()
        return _shared


def new_id() -> %[1]s:
    """%[5]s"""
    g = _shared
    if g is None:
        g = _shared_generator()
    return g.next()
`, p.Type, p.L.Name, order, check, docText("    ", fmt.Sprintf("Returns the next ID of the process's generator of layout %s, which the first call makes: the IDs come from one generator, so %s. It is safe for use from several threads, and in a forked child%s.", p.L.Name, order, forked)))
}

func (w *writer) tick(p *portable.Plan) {
	place := func(v string, r *portable.Role) string { return lang.Place(v, r.Runs, r.Width) }
	var seed string
	if p.Counter != nil {
		seed = lang.Read("block", p.Counter.Runs, p.Bits)
		switch p.Counter.V.Init {
		case layouts.InitZero:
			seed = "0"
		case layouts.InitSeeded:
			seed = lang.Read("block", portable.Below(p.Counter.Runs, p.Counter.Width-1), p.Bits) // the top bit clear
		}
	}
	const overflow = `                    raise IDError("ErrTime", f"{_LAYOUT}: the next tick is past the layout's last")` + "\n"
	switch {
	case p.Counter != nil && p.Counter.V.Init == layouts.InitRunning:
		w.f(`            tick = self._now()
            # A running counter counts on across ticks, wrapping; the tick follows the clock.
            self._counter = %s if self._counter < 0 else self._counter + 1 & %s
            n |= %s | %s
`, seed, lang.Lit(portable.Mask(p.Counter.Width)), place("tick", p.Time), place("self._counter", p.Counter))
	case p.Counter != nil:
		w.f(`            now = self._now()
            if now > self._last:
                self._last = now
                self._counter = %s
            elif self._counter < _COUNTER_MAX:
                self._counter += 1  # the same tick, or the clock went back: count on
            else:
`, seed)
		if p.Counter.V.Overflow == layouts.OverflowWait {
			w.f("                self._last = self._wait_past(self._last)  # the counter ran out: wait for the next tick\n")
		} else {
			w.f("                if self._last == _MAX_TICK:\n" + overflow)
			w.f("                self._last += 1  # the counter ran out: borrow the next tick\n")
		}
		w.f(`                self._counter = %s
            n |= %s | %s
`, seed, place("self._last", p.Time), place("self._counter", p.Counter))
	case p.ClockSeq != nil:
		w.f(`            tick = self._now()
            if tick <= self._last:
                # The same tick, or the clock went back: step the tick itself (RFC 9562 §6.2).
                if self._last == _MAX_TICK:
%s                tick = self._last + 1
            self._last = tick
            n |= %s
`, overflow, place("tick", p.Time))
	default:
		w.f("            tick = self._now()\n            n |= %s\n", place("tick", p.Time))
	}
}

// nextDoc returns the docstring of next: a line, and a paragraph on the
// counter or clock sequence where the layout has one.
func nextDoc(p *portable.Plan) string {
	n := portable.NextDoc(p)
	if n == "" {
		return "Returns a new ID."
	}
	return docText("        ", "Returns a new ID.\n\n"+n) + "\n        "
}

// docText returns text filled for a docstring whose lines start at indent:
// its lines after the first begin with indent (blank lines stay empty),
// made safe by docstring.
func docText(indent, text string) string {
	lines := strings.Split(portable.Fill(docstring(text), 72-len(indent)), "\n")
	for i, l := range lines[1:] {
		if l != "" {
			lines[i+1] = indent + l
		}
	}
	return strings.Join(lines, "\n")
}

// docstring returns text made safe to stand in a """ docstring: each line
// made safe as every emitter's comments are (portable.Doc: no control,
// line end or bidirectional control raw), each backslash doubled (a
// docstring reads escapes: \N or \x would not compile) and each '"'
// escaped, so that none ends the docstring or joins its closing quotes.
// The docstring reads as the text. It is the one way a spec's text (its
// doc, a declared encoding's digits and aliases) reaches a docstring;
// gen/crosslang's TestHostileSpecs imports modules of hostile specs to
// hold it so.
func docstring(text string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(portable.Doc(text))
}

// blockWords returns how the generator's random blocks are read from its
// buffer, as words of one struct format: the format's code ("Q" or "I"),
// the word's bits and the words in a block; or words 0 where the size is
// a multiple of neither 8 nor 4 bytes, or a block is more than 5 words.
func blockWords(size int) (code string, bits, words int) {
	switch {
	case size%8 == 0 && size/8 <= 5:
		return "Q", 64, size / 8
	case size%4 == 0 && size/4 <= 5:
		return "I", 32, size / 4
	}
	return "", 0, 0
}

// blockStruct returns the module constant that reads the generator's 64
// random blocks from one buffer, or "".
func (w *writer) blockStruct() string {
	code, _, words := blockWords(w.p.Size)
	if words == 0 {
		return ""
	}
	return fmt.Sprintf("\n# Reads the 64 random blocks of one buffer as big-endian words, %d a block:\n# one C call, where a slice and an int.from_bytes a block cost twice as much.\n_BLOCKS = _struct.Struct(\">%d%s\")\n", words, 64*words, code)
}

// blocksFromBuf returns the statements of _refill that read the blocks
// from buf.
func (w *writer) blocksFromBuf() string {
	_, bits, words := blockWords(w.p.Size)
	switch words {
	case 0:
		return "        self._blocks = [int.from_bytes(buf[i : i + _SIZE], \"big\") for i in range(0, len(buf), _SIZE)]\n"
	case 1:
		return "        self._blocks = list(_BLOCKS.unpack(buf))\n"
	}
	names := []string{"a", "b", "c", "d", "e"}[:words]
	var terms []string
	for i, n := range names {
		if sh := bits * (words - 1 - i); sh > 0 {
			terms = append(terms, fmt.Sprintf("%s << %d", n, sh))
		} else {
			terms = append(terms, n)
		}
	}
	its := strings.TrimSuffix(strings.Repeat("it, ", words), ", ")
	return fmt.Sprintf("        it = iter(_BLOCKS.unpack(buf))\n        self._blocks = [%s for %s in zip(%s)]\n", strings.Join(terms, " | "), strings.Join(names, ", "), its)
}
