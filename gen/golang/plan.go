package golang

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The generated code works on an ID as big-endian words: "chunks" of 8, 4, 2
// or 1 bytes, tiling every byte that is not part of a bytes field. A segment
// that crosses a chunk boundary is cut into pieces, one per chunk. An int64
// ID is one word, its single chunk: even the bits of its bytes fields are
// read and written there, as pieces like any others.

// chunk is a word of the ID: bytes [start, start+size).
type chunk struct{ start, size int }

func (c chunk) bits() int { return c.size * 8 }

// mask returns every bit of the chunk's word.
func (c chunk) mask() uint64 { return 1<<c.bits() - 1 }

// end returns the bit offset, from the ID's most significant end, just past the chunk.
func (c chunk) end() int { return (c.start + c.size) * 8 }

// partRun is the run of a role's bits that lies within one chunk.
type partRun struct {
	role  layouts.Role
	width int
	shift int // of the run's least significant bit within the chunk's word
	from  int // the run's least significant bit within the role's value
}

// roleRuns returns the runs of every role and constant of l
// (resolved.Layout's), most significant first, each with its role and,
// for a constant, its value.
func roleRuns(r *resolved.Layout) []placedRun {
	var out []placedRun
	for _, role := range []*resolved.Role{r.Time, r.Counter, r.ClockSeq, r.Node, r.Random, r.Hash} {
		if role == nil {
			continue
		}
		for _, run := range role.Runs {
			out = append(out, placedRun{Run: run, role: role.Role})
		}
	}
	for _, c := range r.Consts {
		out = append(out, placedRun{Run: c.Run, role: layouts.Const, value: c.Value})
	}
	slices.SortFunc(out, func(a, b placedRun) int { return cmp.Compare(b.Shift, a.Shift) })
	return out
}

// placedRun is a run of a role, a field or a constant (field -1).
type placedRun struct {
	resolved.Run
	role  layouts.Role
	field int    // index into Layout.Fields, or -1
	value uint64 // a constant's
}

// partRuns returns the runs of l's roles that lie in chunk c, other than
// constants, and the chunk's constant bits, in place.
func partRuns(r *resolved.Layout, c chunk) (runs []partRun, consts uint64) {
	for _, pr := range roleRuns(r) {
		off := pr.Offset(r.Bits)
		lo, hi := max(off, c.start*8), min(off+pr.Width, c.end())
		if lo >= hi {
			continue
		}
		r := partRun{role: pr.role, width: hi - lo, shift: c.end() - hi, from: off + pr.Width - hi}
		if pr.role == layouts.Const {
			consts |= (pr.value >> r.from & r.mask()) << r.shift
			continue
		}
		r.from += pr.Lo
		runs = append(runs, r)
	}
	return runs, consts
}

// mask returns width one bits: the run's bits, before the shift.
func (r partRun) mask() uint64 { return 1<<r.width - 1 }

// piece is a run of a field's or a constant's bits that lies within one
// chunk.
type piece struct {
	field  int    // index into Layout.Fields, or -1 for a constant
	value  uint64 // the constant's value, for field -1
	chunk  int    // index into the chunk list
	offset int    // from the ID's most significant end
	width  int
	shift  int // of the piece's least significant bit within its chunk's word
	lo     int // the piece's least significant bit within its run (resolved.Run)
	runLo  int // the run's least significant bit within the field's value
}

// plan is how one layout maps onto chunks.
type plan struct {
	l      *resolved.Layout
	r      *resolved.Layout // l resolved, the package's Member.Resolved
	chunks []chunk
	pieces []piece
}

// newPlan returns how layout l, a member of package pk, maps onto chunks.
func newPlan(pk *Package, l *resolved.Layout) *plan {
	r := l
	p := &plan{l: l, r: r}
	inBytes := make([]bool, l.Bytes())
	for _, f := range r.Fields {
		if byteRegion(&f) && !pk.Int64 {
			start, end := f.Runs[0].Bytes(l.Bits)
			for i := start; i < end; i++ {
				inBytes[i] = true
			}
		}
	}
	for i := 0; i < len(inBytes); {
		if inBytes[i] {
			i++
			continue
		}
		n := 0
		for i+n < len(inBytes) && !inBytes[i+n] {
			n++
		}
		for n > 0 {
			size := 8
			for size > n {
				size /= 2
			}
			p.chunks = append(p.chunks, chunk{i, size})
			i, n = i+size, n-size
		}
	}
	for _, pr := range fieldRuns(r) {
		if pr.field >= 0 && l.Fields[pr.field].Bytes && !pk.Int64 {
			continue
		}
		off := pr.Offset(l.Bits)
		for ci, c := range p.chunks {
			lo, hi := max(off, c.start*8), min(off+pr.Width, c.end())
			if lo >= hi {
				continue
			}
			p.pieces = append(p.pieces, piece{
				field: pr.field, value: pr.value, chunk: ci, offset: lo, width: hi - lo,
				shift: c.end() - hi,
				lo:    off + pr.Width - hi,
				runLo: pr.Lo,
			})
		}
	}
	return p
}

// fieldRuns returns the runs of every field and constant of l
// (resolved.Layout's), most significant first: one a segment.
func fieldRuns(r *resolved.Layout) []placedRun {
	var out []placedRun
	for i, f := range r.Fields {
		for _, run := range f.Runs {
			out = append(out, placedRun{Run: run, field: i})
		}
	}
	for _, c := range r.Consts {
		out = append(out, placedRun{Run: c.Run, role: layouts.Const, field: -1, value: c.Value})
	}
	slices.SortFunc(out, func(a, b placedRun) int { return cmp.Compare(b.Shift, a.Shift) })
	return out
}

// byteRegion reports whether a bytes field lies outside the chunks of a
// byte-array ID, as bytes that are copied whole: a field of random bits or
// a counter. A bytes field that mixes roles (KSUID-ms's payload: a fraction
// of the time, then random bits) lies in chunks like any other bits, so that
// its roles are read and written by word; only Pack and its accessor copy it
// as bytes. An int64 ID has no bytes outside its one chunk (see newPlan).
func byteRegion(f *resolved.Field) bool {
	return f.Bytes && (f.Role == layouts.Random || f.Role == layouts.Counter)
}

// mixedBytes returns the bits of chunk c, in place in its word, that belong
// to bytes fields that lie in chunks (see byteRegion).
func mixedBytes(r *resolved.Layout, c chunk) uint64 {
	var bits uint64
	for _, f := range r.Fields {
		if !f.Bytes || byteRegion(&f) {
			continue
		}
		for _, run := range f.Runs {
			off := run.Offset(r.Bits)
			if lo, hi := max(off, c.start*8), min(off+run.Width, c.end()); lo < hi {
				bits |= (1<<(hi-lo) - 1) << (c.end() - hi)
			}
		}
	}
	return bits
}

// constant returns the bits of a piece of a constant, and false for a
// piece of a field.
func (p *plan) constant(pc piece) (uint64, bool) {
	if pc.field >= 0 {
		return 0, false
	}
	return pc.value >> pc.lo & (1<<pc.width - 1), true
}

// fieldLo returns where a piece's bits sit in its field's value.
func (p *plan) fieldLo(pc piece) int { return pc.runLo + pc.lo }

// bytesRange returns the bytes a bytes field occupies.
func (p *plan) bytesRange(f *resolved.Field) (start, end int) {
	for _, rf := range p.r.Fields {
		if rf.Name == f.Name {
			return rf.Runs[0].Bytes(p.l.Bits)
		}
	}
	panic("gen: bytesRange of a field not in the plan's layout")
}

// supported refuses layouts the emitters do not handle; the interpreter
// still handles them.
func supported(r *resolved.Layout) error {
	l := r
	fail := func(format string, args ...any) error {
		return fmt.Errorf("gen: %s: "+format+" (the interpreter handles it; the generator does not yet)", append([]any{l.File}, args...)...)
	}
	for _, f := range l.Fields {
		if v, _ := l.Value(layouts.Random); f.Bytes && !byteRegion(&f) && (l.Bits <= 64 || v == nil || v.Once) {
			// The overlay writes such a field's roles over random bits drawn
			// for each ID.
			return fail("bytes field %s mixes roles without random bits drawn for each ID", f.Name)
		}
	}
	if c, ok := l.Value(layouts.Counter); ok && c.Width > 64 {
		f := &l.Fields[l.Segments[l.Parts[c.Parts[0]].Segment].Field]
		if len(c.Parts) != 1 || !f.Bytes || f.Width != c.Width || c.Width > 128 {
			return fail("a counter wider than 64 bits must be one whole bytes field of at most 128 bits")
		}
	}
	if h, ok := l.Value(layouts.Hash); ok {
		for _, run := range r.Hash.Runs {
			if run.Offset(l.Bits) != h.Width-(run.Lo+run.Width) {
				return fail("hash bits must sit where they are in the digest")
			}
		}
	}
	if r.Clock != nil {
		if _, err := timeUnit(r.Clock); err != nil {
			return fail("%v", err)
		}
	}
	return nil
}

// uintBits returns the width of the smallest unsigned type that holds n bits.
func uintBits(n int) int {
	for _, b := range []int{8, 16, 32} {
		if n <= b {
			return b
		}
	}
	return 64
}

// mask returns 2^n - 1 as a Go literal.
func mask(n int) string {
	if n >= 64 {
		return "0xffffffffffffffff"
	}
	return fmt.Sprintf("%#x", uint64(1)<<n-1)
}
