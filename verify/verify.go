// Package verify checks IDs made by any implementation of a layout
// against the layout: the engine of `idforge verify`.
//
// A Checker reads IDs one a line, in the order they were made, in the
// layout's canonical text (resolved.Text) or in another text form
// (Options.From, through resolved.TextIn and package encodings, as the
// command reads it), and keeps what it needs to report on them:
//
//   - structure: the constant bits (version, variant) of every ID, that
//     every line reads as an ID (a value in range, of the right width),
//     and whether each line is exactly the canonical text or only
//     readable;
//   - order: that IDs strictly increase in the order made, within a tick
//     and across ticks, and duplicates;
//   - time: each ID's time inside a window (Options.Since, Until), never
//     ahead of the wall clock by more than Options.Ahead, and clock steps
//     back (a time below the one before);
//   - randomness: the frequency of each random bit (NIST SP 800-22's
//     monobit test, per bit position) and a chi-square over the low bits
//     of each random run, at thresholds that hold the false-positive rate
//     of the whole run to Options.Alpha (Bonferroni: each of m tests at
//     Alpha/m);
//   - the counter: which RFC 9562 §6.2 method the input shows (a
//     fixed-length counter, monotonic random, a finer clock in the bits
//     after the time, or plain random), how a counter starts each tick,
//     rollovers below a predecessor, and the clock's steps back.
//
// Memory is O(1) per ID but for duplicates: an exact set of the first
// Options.MaxSet IDs (a million by default); beyond it, an ID is only
// compared with the one before it, and the report says so. Samples kept
// for the counter's analysis are bounded too.
//
// It imports only the standard library and idforge's layouts, resolved and
// encodings.
package verify

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/bits"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// ErrOptions reports options a Checker cannot work with: a text form the
// layout has not, a window that ends before it starts, a rate outside
// (0, 1).
var ErrOptions = errors.New("verify: bad options")

// Options says how a Checker reads and judges IDs. The zero Options is
// the defaults.
type Options struct {
	// From names the text form the lines are in: "uuid", "decimal" or an
	// encoding's name. "" is the layout's canonical text.
	From string
	// Since and Until bound the time of every ID; zero values leave the
	// window open on that side (the wall clock still bounds it above,
	// through Ahead).
	Since, Until time.Time
	// Ahead is how far an ID's time may be ahead of the wall clock when
	// its line arrives (Now): 1s when zero. A negative Ahead turns the
	// check off. Each line is judged against the clock when it is read:
	// piped from a live generator, about when it was made; read from a
	// file, when verify reads it, so a file's IDs may be of any age but
	// none may be dated more than Ahead after the reading.
	Ahead time.Duration
	// Now returns the wall clock; time.Now when nil. It is read at New,
	// and again whenever a line's time looks ahead of the last reading.
	Now func() time.Time
	// Alpha is the false-positive rate of the randomness checks for the
	// whole run: the chance that IDs from a good generator fail any of
	// them. 1e-6 when zero.
	Alpha float64
	// Strict demands that IDs strictly increase within a tick whatever
	// method the input shows; without it, a generator whose IDs are
	// plainly random within a tick passes where the layout's bits below
	// the time are random or a randomly started counter (RFC 9562 makes
	// order within a millisecond optional).
	Strict bool
	// MaxSet is how many IDs the exact duplicate check holds: 1<<20 when
	// zero. Beyond it, an ID is only compared with the one before it.
	MaxSet int
	// Examples is how many line numbers a check keeps to show: 5 when
	// zero.
	Examples int
	// StoreOrder says that the lines are in the order a store sorted
	// them (a database's ORDER BY on the column), not the order they
	// were made: the checker then judges that the times never go down,
	// naming the first pair that does, and leaves out the checks that
	// read the order made (order across and within ticks, steps back,
	// the counter's method, the randomness checks).
	StoreOrder bool
}

const (
	defaultAhead    = time.Second
	defaultAlpha    = 1e-6
	defaultMaxSet   = 1 << 20
	defaultExamples = 5
	maxPairs        = 1 << 16 // same-tick pairs kept for the counter's analysis
	maxStarts       = 1 << 16 // first IDs of a tick kept for it
	maxSample       = 64      // IDs kept whole, to read in another byte or field order
	chiBits         = 8       // a chi-square's buckets: the low 8 bits of a run
	serialBits      = 4       // a serial test's cells: 4 bits of an ID beside 4 of its predecessor
	nearBits        = 16      // the bits after the time "continue" across a tick when their difference is below 2^(w-16)
	carryBits       = 8       // or "carry" when they wrap to below 2^(w-8)
)

// tally is a count of IDs (or lines, or pairs) with the first few line
// numbers.
type tally struct {
	n     int64
	lines []int64
}

func (t *tally) add(line int64, keep int) {
	t.n++
	if len(t.lines) < keep {
		t.lines = append(t.lines, line)
	}
}

// constCheck is one run of constant bits.
type constCheck struct {
	resolved.Const
	name string
	bad  tally
}

// tail is up to 128 bits below the time, most significant in hi.
type tail struct{ hi, lo uint64 }

// Checker checks the IDs of one input. Feed it lines with Line (or read a
// whole input with Check), then call Report. A Checker is not safe for
// concurrent use.
type Checker struct {
	l    *resolved.Layout
	text resolved.Text
	opts Options
	size int
	now  func() time.Time

	consts   []constCheck
	timed    bool // the time fits 64 bits: the time and order checks run
	sortable bool // byte order is time order
	timeRuns []resolved.Run
	tailRuns []resolved.Run // the bits below the time but constants and node, most significant first
	tailBits int
	randRuns []resolved.Run // random (and hash) bits, tested in every ID
	randBits int
	// randomWithin says that the layout's bits below the time may be
	// plainly random within a tick (random bits, or a counter started at
	// random): a generator without order within a tick keeps to it.
	randomWithin bool
	// freshStart says that the bits after the time are drawn afresh at
	// each tick (random bits below it, or a counter started at random):
	// a tick's first ID that continues its predecessor's count is then
	// a finding.
	freshStart bool
	// v1Rule: the layout has a clock sequence, which a step back of the
	// time must change (RFC 9562 §5.1, §5.6), in seqRuns.
	v1Rule  bool
	seqRuns []resolved.Run
	// perSecond is how many ticks make a second, for a clock of a
	// millisecond or finer; 0 otherwise.
	perSecond uint64

	sinceTick, untilTick, aheadTick uint64
	hasSince, hasUntil, hasAhead    bool
	earlyTick                       uint64 // the tick of 1990: IDs before it are implausible
	hasEarly                        bool

	// State.
	lines     int64
	ids       int64
	cur, prev []byte
	havePrev  bool
	prevLine  int64
	prevTick  uint64
	minTick   uint64
	maxTick   uint64
	buf       []byte
	sample    [][]byte // the first maxSample IDs

	unreadable   tally
	unreadableEx []string
	nonCanonical tally
	withinDown   tally // below its predecessor, same tick
	acrossDown   tally // below its predecessor, earlier tick
	withinPairs  int64
	acrossPairs  int64
	stepBack     tally
	storeDown    tally    // with StoreOrder: IDs whose time is below their predecessor's
	storeFirst   [2]int64 // the lines of the first such pair
	maxBack      uint64
	newSeq       int64 // steps back that changed the clock sequence
	sameSeq      tally // steps back that kept it
	before       tally // before Since
	after        tally // after Until
	ahead        tally // ahead of the wall clock
	aheadID      []byte
	early        tally // before 1990
	dups         tally
	dupOf        []int64 // the line each duplicate repeats, beside dups.lines
	set          *idSet
	setFull      bool

	tickCount     int64 // distinct ticks, counted at each change
	wholeSeconds  bool  // every tick so far is whole seconds
	nextTick      int64 // tick changes by exactly one tick
	runAhead      tally // of those, ones alone in their tick whose bits after the time count on
	countsOn      int64 // of those, others whose bits after the time count on (a counter not re-seeded)
	prevAlone     bool  // the predecessor was the first ID of its tick
	wrapped       int64 // descents within a tick of a sequence from its top to zero
	wrapDeclared  bool  // the layout's counter wraps on overflow (xid, ObjectId)
	declaredWraps int64 // descents within a tick where such a counter wrapped
	wrapRuns      []resolved.Run
	wrapTop       uint64
	carried       tally // of those, ones whose bits after the time wrapped past their top

	hist     [][256]int64 // every ID's bytes
	xorHist  [][256]int64 // every ID's bytes xor its predecessor's
	chi      [][]int64    // per random run, the low bits' buckets
	serial   [][]int64    // per random run, 4 low bits beside the predecessor's
	seedHist [][256]int64 // the first ID of each tick
	seeds    int64
	pairs    []tail // same-tick pairs: prev, cur, prev, cur, ...
	starts   []tail // the first ID of each tick
	ends     []tail // the last ID of the tick before each of starts[1:]

	randSet     *idSet // the random bits of each ID, as 8-byte fingerprints
	randRepeats tally
	randSeen    int64
	seedSet     *idSet // the bits after the time at each tick's first ID
	seedRepeats tally
	fp          [8]byte
}

// New returns a Checker of IDs of layout l. Its error matches ErrOptions,
// or resolved.ErrLayout for a layout that does not resolve.
func New(l *layouts.Layout, opts Options) (*Checker, error) {
	r, err := resolved.New(l)
	if err != nil {
		return nil, err
	}
	c := &Checker{l: r, opts: opts, size: l.Bytes(), wholeSeconds: true}
	if c.opts.From == "" {
		c.text = r.Text
	} else if c.text, err = resolved.TextIn(l, c.opts.From); err != nil {
		return nil, fmt.Errorf("%w: -from %s: %w", ErrOptions, c.opts.From, err)
	}
	if c.opts.Ahead == 0 {
		c.opts.Ahead = defaultAhead
	}
	if c.opts.Alpha == 0 {
		c.opts.Alpha = defaultAlpha
	}
	if !(c.opts.Alpha > 0 && c.opts.Alpha < 1) {
		return nil, fmt.Errorf("%w: a false-positive rate of %g is not between 0 and 1", ErrOptions, c.opts.Alpha)
	}
	if c.opts.MaxSet == 0 {
		c.opts.MaxSet = defaultMaxSet
	}
	if c.opts.Examples <= 0 {
		c.opts.Examples = defaultExamples
	}
	if !c.opts.Since.IsZero() && !c.opts.Until.IsZero() && c.opts.Until.Before(c.opts.Since) {
		return nil, fmt.Errorf("%w: -until %s is before -since %s", ErrOptions, c.opts.Until.Format(time.RFC3339Nano), c.opts.Since.Format(time.RFC3339Nano))
	}
	c.now = time.Now
	if c.opts.Now != nil {
		c.now = c.opts.Now
	}
	c.cur, c.prev = make([]byte, c.size), make([]byte, c.size)
	c.hist = make([][256]int64, c.size)
	c.xorHist = make([][256]int64, c.size)
	if c.opts.MaxSet > 0 {
		c.set = newIDSet(c.size)
	}
	c.plan()
	return c, nil
}

// plan works out, once, which runs each check reads.
func (c *Checker) plan() {
	r := c.l
	for _, k := range r.Consts {
		c.consts = append(c.consts, constCheck{Const: k, name: c.nameAt(k.Shift + k.Width - 1)})
	}
	// Random bits drawn once a process (an ObjectId's, an xid's) are the
	// same in every ID of one generator: like a node, not tested.
	once := r.Random != nil && r.Random.Once
	for _, role := range []*resolved.Role{r.Random, r.Hash} {
		if role != nil && !(role == r.Random && once) {
			c.randRuns = append(c.randRuns, role.Runs...)
		}
	}
	c.chi = make([][]int64, len(c.randRuns))
	c.serial = make([][]int64, len(c.randRuns))
	for i, run := range c.randRuns {
		c.chi[i] = make([]int64, 1<<min(chiBits, run.Width))
		c.serial[i] = make([]int64, 1<<(2*min(serialBits, run.Width)))
		c.randBits += run.Width
	}
	if r.Time == nil || r.Time.Width > 64 || r.Clock == nil {
		return
	}
	c.timed = true
	c.sortable = r.Model.TimeSortable()
	c.timeRuns = r.Time.Runs
	if r.ClockSeq != nil {
		c.v1Rule, c.seqRuns = true, r.ClockSeq.Runs
	}
	// The tail: every bit below the time's lowest bit that is neither a
	// constant nor a node, most significant first.
	lowest := r.Model.Bits
	for _, run := range c.timeRuns {
		lowest = min(lowest, run.Shift)
	}
	for i, p := range r.Model.Parts {
		run := resolved.Run{Shift: r.Parts[i].Shift, Width: r.Parts[i].Width}
		if run.Shift+run.Width > lowest || p.Role == layouts.Const || p.Role == layouts.Node || p.Role == layouts.Time || p.Role == layouts.Random && once {
			continue
		}
		if c.tailBits+run.Width > 128 {
			run.Shift += c.tailBits + run.Width - 128
			run.Width = 128 - c.tailBits
		}
		for run.Width > 0 { // in pieces of at most 64 bits, for bitsAt
			w := min(run.Width, 64)
			c.tailRuns = append(c.tailRuns, resolved.Run{Shift: run.Shift + run.Width - w, Width: w})
			c.tailBits += w
			run.Width -= w
		}
		if p.Role == layouts.Random {
			c.randomWithin = true
		}
	}
	randomStart := r.Counter != nil && (r.Counter.Init == layouts.InitRandom || r.Counter.Init == layouts.InitSeeded)
	if randomStart {
		c.randomWithin = true
	}
	if c.v1Rule && c.sortable {
		// RFC 9562 §5.6: a UUIDv6's clock sequence and node should be
		// drawn afresh for each ID, so IDs of one tick may be in any order.
		c.randomWithin = true
	}
	// The bits after the time are fresh at each tick where they are all
	// random or a counter started at random.
	c.freshStart = c.tailBits >= 24 && c.randomWithin && (r.Counter == nil || randomStart)
	if k := r.Counter; k != nil && k.Width <= 64 {
		c.wrapRuns, c.wrapTop = k.Runs, 1<<uint(k.Width)-1
		c.wrapDeclared = k.Overflow == layouts.OverflowWrap
		if k.Width == 64 {
			c.wrapTop = ^uint64(0)
		}
	}
	if c.counterSeeds() != nil {
		c.seedHist = make([][256]int64, c.size)
	}
	if c.opts.MaxSet > 0 {
		if c.randBits > 0 {
			c.randSet = newIDSet(8)
		}
		if randomStart && c.tailBits >= 24 {
			c.seedSet = newIDSet(8)
		}
	}
	if d, ok := r.Clock.Nanos(); ok && d > 0 && d <= 1e6 && 1e9%d == 0 {
		c.perSecond = uint64(1e9 / d)
	}
	if !c.opts.Since.IsZero() {
		c.hasSince, c.sinceTick = true, clampTick(r.Clock.Floor(c.opts.Since))
	}
	if !c.opts.Until.IsZero() {
		c.hasUntil, c.untilTick = true, clampTick(r.Clock.Floor(c.opts.Until))
	}
	if c.opts.Ahead >= 0 {
		c.hasAhead, c.aheadTick = true, clampTick(r.Clock.Floor(c.now().Add(c.opts.Ahead)))
	}
	// Before 1990 is implausible for a live generator (inspect's rule),
	// unless the window asked for opens earlier.
	if from, _ := resolved.Plausible(); !c.hasSince || !c.opts.Since.Before(from) {
		if k := r.Clock.Floor(from); k.Sign() > 0 {
			c.hasEarly, c.earlyTick = true, clampTick(k)
		}
	}
}

// refreshAhead reads the clock again: a line whose time looks ahead of
// the last reading is judged against the clock when it arrived.
func (c *Checker) refreshAhead() {
	c.aheadTick = clampTick(c.l.Clock.Floor(c.now().Add(c.opts.Ahead)))
}

// clampTick returns a tick as a uint64: 0 below the epoch, the largest
// past it.
func clampTick(k *big.Int) uint64 {
	switch {
	case k.Sign() < 0:
		return 0
	case !k.IsUint64():
		return ^uint64(0)
	}
	return k.Uint64()
}

// nameAt names the field that holds bit b (from the least significant).
func (c *Checker) nameAt(b int) string {
	for _, f := range c.l.Fields {
		for _, run := range f.Runs {
			if b >= run.Shift && b < run.Shift+run.Width {
				return f.Name
			}
		}
	}
	for i, run := range c.l.Segments {
		if b >= run.Shift && b < run.Shift+run.Width {
			return c.l.Model.Segments[i].Name
		}
	}
	return fmt.Sprintf("bit %d", b)
}

// bitsAt returns width bits (at most 64) of id at shift, counted from the
// least significant bit.
func bitsAt(id []byte, shift, width int) uint64 {
	n := len(id)
	first := n - 1 - (shift+width-1)/8 // the byte of the top bit
	last := n - 1 - shift/8            // the byte of the bottom bit
	var hi, lo uint64
	for i := first; i <= last; i++ {
		hi = hi<<8 | lo>>56
		lo = lo<<8 | uint64(id[i])
	}
	s := uint(shift % 8)
	lo = lo>>s | hi<<(64-s) // hi<<64 is 0 in Go
	if width == 64 {
		return lo
	}
	return lo & (1<<uint(width) - 1)
}

// tickOf returns an ID's time in ticks.
func (c *Checker) tickOf(id []byte) uint64 { return valueOf(id, c.timeRuns) }

// tailOf returns the bits below an ID's time.
func (c *Checker) tailOf(id []byte) tail {
	var t tail
	for _, run := range c.tailRuns {
		v := bitsAt(id, run.Shift, run.Width)
		w := uint(run.Width)
		if w == 64 {
			t.hi, t.lo = t.lo, v
			continue
		}
		t.hi = t.hi<<w | t.lo>>(64-w)
		t.lo = t.lo<<w | v
	}
	return t
}

// Run reads every line of r into a new Checker and returns its report.
// An error reading r ends the reading; the report covers the lines read.
func Run(l *layouts.Layout, r io.Reader, opts Options) (*Report, error) {
	c, err := New(l, opts)
	if err != nil {
		return nil, err
	}
	if err := c.ReadLines(r, nil); err != nil {
		return c.Report(), err
	}
	return c.Report(), nil
}

// maxLine is the longest line read as an ID; a longer one is unreadable,
// and the lines after it are read.
const maxLine = 4096

// ReadLines feeds every line of r to Line; progress, when not nil, is
// called with the number of lines read every 1<<20 lines. Only a failure
// to read r is an error.
func (c *Checker) ReadLines(r io.Reader, progress func(lines int64)) error {
	br := bufio.NewReaderSize(r, maxLine)
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			for errors.Is(err, bufio.ErrBufferFull) { // skip the rest of the line
				_, err = br.ReadSlice('\n')
			}
			line = []byte("(a line longer than 4096 bytes)")
		}
		if len(line) > 0 {
			c.Line(line)
			if progress != nil && c.lines%(1<<20) == 0 {
				progress(c.lines)
			}
		}
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
	}
}

// Line checks the next line of the input: one ID's text, with or without
// its line end.
func (c *Checker) Line(line []byte) {
	c.lines++
	line = bytes.TrimRight(line, "\r\n")
	text := bytes.TrimSpace(line)
	if !c.read(text) {
		c.unreadable.add(c.lines, c.opts.Examples)
		if len(c.unreadableEx) < c.opts.Examples {
			c.unreadableEx = append(c.unreadableEx, string(text))
		}
		return
	}
	c.buf = c.text.Append(c.buf[:0], c.cur)
	if !bytes.Equal(c.buf, line) {
		c.nonCanonical.add(c.lines, c.opts.Examples)
	}
	c.check()
}

// read decodes text into c.cur.
func (c *Checker) read(text []byte) bool {
	if c.text.Name == "uuid" {
		return readUUID(c.cur, text)
	}
	id, err := c.text.Parse(string(text))
	if err != nil || len(id) != c.size {
		return false
	}
	copy(c.cur, id)
	return true
}

// readUUID reads 8-4-4-4-12 hex in either case, as resolved.Text.Parse
// reads a UUID, without its allocations.
func readUUID(dst, s []byte) bool {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return false
	}
	j := 0
	for i := 0; i < 36; {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			i++
			continue
		}
		a, b := unhex[s[i]], unhex[s[i+1]]
		if a == 0xff || b == 0xff {
			return false
		}
		dst[j] = a<<4 | b
		j, i = j+1, i+2
	}
	return true
}

var unhex = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i, d := range "0123456789abcdef" {
		t[d] = byte(i)
	}
	for i, d := range "ABCDEF" {
		t[d] = byte(10 + i)
	}
	return t
}()

// check checks c.cur, the ID on line c.lines, then makes it c.prev.
func (c *Checker) check() {
	id, line, keep := c.cur, c.lines, c.opts.Examples
	c.ids++
	if len(c.sample) < maxSample {
		c.sample = append(c.sample, append([]byte(nil), id...))
	}
	for i := range c.consts {
		k := &c.consts[i]
		if bitsAt(id, k.Shift, k.Width) != k.Value {
			k.bad.add(line, keep)
		}
	}
	for i, b := range id {
		c.hist[i][b]++
		if c.havePrev {
			c.xorHist[i][b^c.prev[i]]++
		}
	}
	for i, run := range c.randRuns {
		// The run's low bits: a counter wider than the layout's, or a
		// finer clock, reaches into random bits from the top.
		v := bitsAt(id, run.Shift, min(chiBits, run.Width))
		c.chi[i][v]++
		if c.havePrev {
			w := min(serialBits, run.Width)
			p := bitsAt(c.prev, run.Shift, w)
			c.serial[i][p<<w|v&(1<<w-1)]++
		}
	}
	if c.set != nil && !c.setFull {
		if first, dup := c.set.add(id, line); dup {
			c.dups.add(line, keep)
			if len(c.dupOf) < keep {
				c.dupOf = append(c.dupOf, first)
			}
		} else if c.set.len() >= c.opts.MaxSet {
			c.setFull = true
		}
	} else if c.havePrev && bytes.Equal(id, c.prev) {
		c.dups.add(line, keep)
		if len(c.dupOf) < keep {
			c.dupOf = append(c.dupOf, c.prevLine)
		}
	}
	if c.timed {
		c.checkTime(id, line)
	}
	c.prev, c.cur = c.cur, c.prev
	c.havePrev, c.prevLine = true, line
}

// fingerprint returns the bits of id in runs as 8 bytes: the bits
// themselves where they fit, a hash of them where they do not.
func (c *Checker) fingerprint(id []byte, runs []resolved.Run) []byte {
	var v uint64
	mixed := false
	width := 0
	for _, run := range runs {
		x := bitsAt(id, run.Shift, run.Width)
		if width+run.Width > 64 || mixed {
			v = (v^x)*0xff51afd7ed558ccd ^ uint64(run.Width)
			v ^= v >> 31
			mixed = true
		} else {
			v = v<<uint(run.Width) | x
		}
		width += run.Width
	}
	binary.BigEndian.PutUint64(c.fp[:], v)
	return c.fp[:]
}

// valueOf assembles a value of up to 64 bits (a time, a counter, a clock
// sequence) from its runs, each at its Lo, in whatever order the ID holds
// them.
func valueOf(id []byte, runs []resolved.Run) uint64 {
	var v uint64
	for _, run := range runs {
		v |= bitsAt(id, run.Shift, run.Width) << uint(run.Lo)
	}
	return v
}

// repeat adds a fingerprint to a set, counting a repeat; the set stops
// growing at MaxSet.
func (c *Checker) repeat(s *idSet, fp []byte, t *tally, line int64) {
	if s.len() >= c.opts.MaxSet {
		return
	}
	if _, dup := s.add(fp, line); dup {
		t.add(line, c.opts.Examples)
	}
}

// checkTime runs the time, order and counter checks on id.
func (c *Checker) checkTime(id []byte, line int64) {
	keep := c.opts.Examples
	tick := c.tickOf(id)
	switch {
	case c.ids == 1:
		c.minTick, c.maxTick = tick, tick
	case tick < c.minTick:
		c.minTick = tick
	case tick > c.maxTick:
		c.maxTick = tick
	}
	if c.hasSince && tick < c.sinceTick {
		c.before.add(line, keep)
	}
	if c.hasUntil && tick > c.untilTick {
		c.after.add(line, keep)
	}
	if c.hasAhead && tick > c.aheadTick {
		c.refreshAhead()
		if tick > c.aheadTick {
			c.ahead.add(line, keep)
			if c.aheadID == nil {
				c.aheadID = append([]byte(nil), id...)
			}
		}
	}
	if c.hasEarly && tick < c.earlyTick {
		c.early.add(line, keep)
	}
	if c.randSet != nil {
		c.randSeen++
		c.repeat(c.randSet, c.fingerprint(id, c.randRuns), &c.randRepeats, line)
	}
	first := !c.havePrev || tick != c.prevTick
	if c.havePrev {
		legit := false // a step back that RFC 9562 §5.1 allows: a new clock sequence
		if tick < c.prevTick && c.opts.StoreOrder {
			if c.storeDown.n == 0 {
				c.storeFirst = [2]int64{c.prevLine, line}
			}
			c.storeDown.add(line, keep)
		}
		if tick < c.prevTick {
			c.stepBack.add(line, keep)
			c.maxBack = max(c.maxBack, c.prevTick-tick)
			if c.v1Rule {
				if valueOf(id, c.seqRuns) == valueOf(c.prev, c.seqRuns) {
					c.sameSeq.add(line, keep)
				} else {
					c.newSeq++
					legit = true
				}
			}
		}
		cmp := bytes.Compare(id, c.prev)
		if tick == c.prevTick {
			c.withinPairs++
			if c.sortable && cmp < 0 {
				wrap := c.wrapRuns != nil && valueOf(c.prev, c.wrapRuns) == c.wrapTop && valueOf(id, c.wrapRuns) == 0
				switch {
				case wrap && c.wrapDeclared:
					c.declaredWraps++ // the layout's own rule: a running counter wraps
				case wrap:
					c.wrapped++ // a sequence past its top, to zero: one generator's overflow
					c.withinDown.add(line, keep)
				default:
					c.withinDown.add(line, keep)
				}
			}
			if len(c.pairs) < 2*maxPairs && len(c.tailRuns) > 0 {
				c.pairs = append(c.pairs, c.tailOf(c.prev), c.tailOf(id))
			}
		} else {
			c.acrossPairs++
			if c.sortable && cmp < 0 && !legit {
				c.acrossDown.add(line, keep)
			}
			if len(c.tailRuns) > 0 {
				prev, cur := c.tailOf(c.prev), c.tailOf(id)
				if len(c.ends) < maxStarts-1 {
					c.ends = append(c.ends, prev)
				}
				if c.freshStart && tick == c.prevTick+1 {
					c.nextTick++
					d, up := cur.sub(prev)
					switch {
					case up && d.top(c.tailBits, nearBits).isZero() && c.prevAlone:
						c.runAhead.add(line, keep) // counting on from the predecessor, alone in its tick
					case up && d.top(c.tailBits, nearBits).isZero():
						c.countsOn++ // counting on across a tick, not re-seeded
					case !up && cur.top(c.tailBits, carryBits).isZero():
						c.carried.add(line, keep) // wrapped past the top, to near zero
					}
				}
			}
		}
	}
	if first {
		c.tickCount++
		if c.perSecond > 0 && tick%c.perSecond != 0 {
			c.wholeSeconds = false
		}
		if len(c.tailRuns) > 0 && (len(c.starts) < maxStarts || c.seedSet != nil) {
			t := c.tailOf(id)
			if len(c.starts) < maxStarts {
				c.starts = append(c.starts, t)
			}
			if c.seedSet != nil {
				binary.BigEndian.PutUint64(c.fp[:], t.hi*0x9e3779b97f4a7c15^t.lo)
				c.repeat(c.seedSet, c.fp[:], &c.seedRepeats, line)
			}
		}
		if c.seedHist != nil {
			c.seeds++
			for i, b := range id {
				c.seedHist[i][b]++
			}
		}
	}
	c.prevAlone = first
	c.prevTick = tick
}

// counterSeeds returns the bits of the layout's counter that are random
// in the first ID of a tick (all but the top one for a seeded counter), or
// nil when the counter does not start at random.
func (c *Checker) counterSeeds() []resolved.Run {
	k := c.l.Counter
	if k == nil || !c.timed || (k.Init != layouts.InitRandom && k.Init != layouts.InitSeeded) {
		return nil
	}
	runs := append([]resolved.Run(nil), k.Runs...)
	if k.Init == layouts.InitSeeded {
		for i, run := range runs {
			if run.Lo+run.Width == k.Width { // the run with the top bit
				runs[i].Width--
				if runs[i].Width == 0 {
					runs = append(runs[:i], runs[i+1:]...)
				}
				break
			}
		}
	}
	return runs
}

// idSet is an exact set of IDs: open addressing over a flat array of the
// IDs it holds, with the line each was first seen on. A slot holds the
// top 32 bits of the ID's hash beside its index, so that a probe reads an
// ID's bytes only when the hashes agree that far, and the table grows
// without reading the IDs again: a slot's place is the top bits of its
// hash.
type idSet struct {
	size  int
	bits  uint // the table has 1<<bits slots
	ids   []byte
	lines []int64
	slots []uint64 // tag<<32 | index+1; 0 for empty
}

func newIDSet(size int) *idSet {
	return &idSet{size: size, bits: 10, slots: make([]uint64, 1<<10)}
}

func (s *idSet) len() int { return len(s.lines) }

// hash mixes an ID's bytes; IDs differ mostly in their low bytes, which
// the mix spreads over the whole word.
func hash(id []byte) uint64 {
	h := uint64(len(id)) * 0x9e3779b97f4a7c15
	for len(id) >= 8 {
		h = (h ^ binary.LittleEndian.Uint64(id)) * 0xff51afd7ed558ccd
		h ^= h >> 32
		id = id[8:]
	}
	for _, b := range id {
		h = (h ^ uint64(b)) * 0xc4ceb9fe1a85ec53
	}
	h ^= h >> 29
	return h * 0x94d049bb133111eb
}

// add puts id in the set, or returns the line it was first seen on.
func (s *idSet) add(id []byte, line int64) (first int64, dup bool) {
	if 2*(len(s.lines)+1) > len(s.slots) {
		s.grow()
	}
	tag := hash(id) >> 32
	mask := uint64(len(s.slots) - 1)
	for i := tag >> (32 - s.bits); ; i = (i + 1) & mask {
		slot := s.slots[i]
		if slot == 0 {
			s.ids = append(s.ids, id...)
			s.lines = append(s.lines, line)
			s.slots[i] = tag<<32 | uint64(len(s.lines))
			return 0, false
		}
		if slot>>32 != tag {
			continue
		}
		j := int(slot & 0xffffffff)
		if bytes.Equal(s.ids[(j-1)*s.size:j*s.size], id) {
			return s.lines[j-1], true
		}
	}
}

func (s *idSet) grow() {
	s.bits++
	slots := make([]uint64, 1<<s.bits)
	mask := uint64(len(slots) - 1)
	for _, slot := range s.slots {
		if slot == 0 {
			continue
		}
		i := (slot >> 32) >> (32 - s.bits)
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = slot
	}
	s.slots = slots
}

// ones counts the 1 bits of the value at bit b (from the least
// significant) in a histogram of bytes of IDs of size bytes.
func onesAt(hist [][256]int64, size, b int) (ones int64) {
	byteIdx, bit := size-1-b/8, uint(b%8)
	for v, n := range hist[byteIdx] {
		if v>>bit&1 == 1 {
			ones += n
		}
	}
	return ones
}

// top returns the top n bits of a w-bit tail.
func (t tail) top(w, n int) tail {
	s := uint(w - n)
	switch {
	case s == 0:
		return t
	case s >= 64:
		return tail{0, t.hi >> (s - 64)}
	}
	return tail{t.hi >> s, t.lo>>s | t.hi<<(64-s)}
}

// sub returns a-b and whether it did not borrow (a >= b).
func (a tail) sub(b tail) (tail, bool) {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	hi, borrow := bits.Sub64(a.hi, b.hi, borrow)
	return tail{hi, lo}, borrow == 0
}

func (t tail) isZero() bool { return t.hi == 0 && t.lo == 0 }

// mask keeps the low w bits of t.
func (t tail) mask(w int) tail {
	switch {
	case w >= 128:
		return t
	case w >= 64:
		return tail{t.hi & (1<<uint(w-64) - 1), t.lo}
	}
	return tail{0, t.lo & (1<<uint(w) - 1)}
}
func (t tail) isOne() bool { return t.hi == 0 && t.lo == 1 }
