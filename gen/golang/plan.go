package golang

import (
	"fmt"

	"github.com/idforge/idforge/layouts"
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

// partRun is the run of a layout part's bits that lies within one chunk.
type partRun struct {
	part  layouts.Part
	width int
	shift int // of the run's least significant bit within the chunk's word
	from  int // the run's least significant bit within the part's value
}

// partRuns returns the runs of l's parts that lie in chunk c, other than
// constants, and the chunk's constant bits, in place.
func partRuns(l *layouts.Layout, c chunk) (runs []partRun, consts uint64) {
	for _, part := range l.Parts {
		lo, hi := max(part.Offset, c.start*8), min(part.Offset+part.Width, c.end())
		if lo >= hi {
			continue
		}
		r := partRun{part: part, width: hi - lo, shift: c.end() - hi, from: part.Offset + part.Width - hi}
		if part.Role == layouts.Const {
			consts |= (part.Const >> r.from & r.mask()) << r.shift
			continue
		}
		r.from += part.Lo
		runs = append(runs, r)
	}
	return runs, consts
}

// mask returns width one bits: the run's bits, before the shift.
func (r partRun) mask() uint64 { return 1<<r.width - 1 }

// piece is a run of a segment's bits that lies within one chunk.
type piece struct {
	seg    int // index into Layout.Segments
	chunk  int // index into the chunk list
	offset int // from the ID's most significant end
	width  int
	shift  int // of the run's least significant bit within its chunk's word
	lo     int // the run's least significant bit within the segment's value
}

// plan is how one layout maps onto chunks.
type plan struct {
	l      *layouts.Layout
	chunks []chunk
	pieces []piece
}

// newPlan returns how layout l, a member of package pk, maps onto chunks.
func newPlan(pk *Package, l *layouts.Layout) *plan {
	p := &plan{l: l}
	inBytes := make([]bool, l.Bytes())
	for _, f := range l.Fields {
		if byteRegion(&f) && !pk.Int64 {
			seg := l.Segments[f.Segments[0]]
			for i := seg.Offset / 8; i < (seg.Offset+seg.Width)/8; i++ {
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
	for si, seg := range l.Segments {
		if seg.Field >= 0 && l.Fields[seg.Field].Bytes && !pk.Int64 {
			continue
		}
		for ci, c := range p.chunks {
			lo, hi := max(seg.Offset, c.start*8), min(seg.Offset+seg.Width, c.end())
			if lo >= hi {
				continue
			}
			p.pieces = append(p.pieces, piece{
				seg: si, chunk: ci, offset: lo, width: hi - lo,
				shift: c.end() - hi,
				lo:    seg.Offset + seg.Width - hi,
			})
		}
	}
	return p
}

// byteRegion reports whether a bytes field lies outside the chunks of a
// byte-array ID, as bytes that are copied whole: a field of random bits or
// a counter. A bytes field that mixes roles (KSUID-ms's payload: a fraction
// of the time, then random bits) lies in chunks like any other bits, so that
// its roles are read and written by word; only Pack and its accessor copy it
// as bytes. An int64 ID has no bytes outside its one chunk (see newPlan).
func byteRegion(f *layouts.Field) bool {
	return f.Bytes && (f.Role == layouts.Random || f.Role == layouts.Counter)
}

// mixedBytes returns the bits of chunk c, in place in its word, that belong
// to bytes fields that lie in chunks (see byteRegion).
func mixedBytes(l *layouts.Layout, c chunk) uint64 {
	var bits uint64
	for _, f := range l.Fields {
		if !f.Bytes || byteRegion(&f) {
			continue
		}
		for _, si := range f.Segments {
			seg := l.Segments[si]
			if lo, hi := max(seg.Offset, c.start*8), min(seg.Offset+seg.Width, c.end()); lo < hi {
				bits |= (1<<(hi-lo) - 1) << (c.end() - hi)
			}
		}
	}
	return bits
}

// constant returns the bits of a piece of a constant segment, and false for
// a piece of a field.
func (p *plan) constant(pc piece) (uint64, bool) {
	seg := p.l.Segments[pc.seg]
	if seg.Field >= 0 {
		return 0, false
	}
	return p.l.Parts[seg.Parts[0]].Const >> pc.lo & (1<<pc.width - 1), true
}

// fieldLo returns where a piece's bits sit in its field's value.
func (p *plan) fieldLo(pc piece) int {
	seg := p.l.Segments[pc.seg]
	f := &p.l.Fields[seg.Field]
	if f.Split() {
		for i, si := range f.Segments {
			if si == pc.seg {
				return f.Lo[i] + pc.lo
			}
		}
	}
	return pc.lo
}

// bytesRange returns the bytes a bytes field occupies.
func (p *plan) bytesRange(f *layouts.Field) (start, end int) {
	seg := p.l.Segments[f.Segments[0]]
	return seg.Offset / 8, (seg.Offset + seg.Width) / 8
}

// supported refuses layouts the emitters do not handle; the interpreter
// still handles them.
func supported(l *layouts.Layout) error {
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
		for _, pi := range h.Parts {
			if pt := l.Parts[pi]; h.Width-pt.Hi != pt.Offset {
				return fail("hash bits must sit where they are in the digest")
			}
		}
	}
	if t, ok := l.Value(layouts.Time); ok {
		if _, err := timeUnit(t); err != nil {
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
