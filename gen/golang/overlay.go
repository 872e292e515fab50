package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// A time-based ID's random bits come from a random block r read as the ID
// itself: each random bit sits where it sits in the ID. So instead of
// unpacking r into fields and packing the fields back, a generator can write
// the other bits (time, counter, node, clock sequence and constants) over r,
// word by word, and return r. That is what overlay emits: it does the same as
// the fields path with a fraction of the copying, which matters for IDs such
// as KSUID whose random bytes would otherwise be copied three times.

// overlayNames names each role's bits in the comment over an overlay.
var overlayNames = map[layouts.Role]string{
	layouts.Time: "the time", layouts.ClockSeq: "the clock sequence", layouts.Node: "the node",
	layouts.Counter: "the counter", layouts.Const: "the constant bits",
}

// hasConst reports whether a layout has constant bits.
func hasConst(l *resolved.Layout) bool {
	for _, part := range l.Parts {
		if part.Role == layouts.Const {
			return true
		}
	}
	return false
}

// overlaySources names the variables that hold each role's value.
var overlaySources = map[layouts.Role]string{
	layouts.Time: "tick", layouts.Counter: "c.Lo", layouts.Node: "g.node", layouts.ClockSeq: "g.clockSeq",
}

// canOverlay reports whether overlay handles a layout: an ID of bytes made
// from a random block drawn per ID (for random bits or a counter's seed),
// with no random bits drawn once, and no counter wider than 64 bits outside
// a bytes field.
func canOverlay(p *Package, l *resolved.Layout) bool {
	if v, ok := l.Value(layouts.Random); p.Int64 || !needsRandom(l) || ok && v.Once {
		return false
	}
	if cv, ok := l.Value(layouts.Counter); ok && cv.Width > 64 {
		for _, pi := range cv.Parts {
			seg := l.Segments[l.Parts[pi].Segment]
			if seg.Field < 0 || !l.Fields[seg.Field].Bytes {
				return false
			}
		}
	}
	return true
}

// overlay returns the statements that write an ID's non-random bits over
// the random block in the variable dst: the constants and the values tick,
// c (the counter), g.node and g.clockSeq.
//
// When the ID is about to be returned, a 16-byte ID is written as two words
// with one idrt.PutUint128, which on amd64 is one 16-byte store: the
// caller's copy of the ID, a 16-byte load, is then forwarded from that store
// instead of stalling until two 8-byte stores reach the cache (about 5 ns, a
// quarter of a UUIDv4's cost). A batch written into the caller's slice is
// not loaded back at once, and keeps the plain stores, which cost no call.
func overlay(p *Package, l *resolved.Layout, dst string, returned bool) []jen.Code {
	var written []string
	for _, r := range []layouts.Role{layouts.Time, layouts.ClockSeq, layouts.Node, layouts.Counter, layouts.Const} {
		if _, ok := l.Value(r); ok || r == layouts.Const && hasConst(l) {
			written = append(written, overlayNames[r])
		}
	}
	if len(written) == 0 {
		return nil
	}
	what := "Write " + joinList(written, "and") + " over the random bits"
	if returned && l.Bytes() == 16 && !p.Int64 {
		hi, _ := overlayWord(p, l, dst, chunk{0, 8})
		lo, _ := overlayWord(p, l, dst, chunk{8, 8})
		return []jen.Code{
			jen.Comment(what + ","),
			jen.Comment("all 16 bytes in one store."),
			putWords(dst, hi, lo),
		}
	}
	out := []jen.Code{jen.Comment(what + ".")}
	pl := newPlan(p, l)
	for _, c := range pl.chunks {
		if val, random := overlayWord(p, l, dst, c); !random {
			out = append(out, storeWordTo(dst, c, val))
		}
	}
	for i := range l.Fields {
		fd := &l.Fields[i]
		if !fd.Bytes || fd.Role != layouts.Counter {
			continue
		}
		start, end := pl.bytesRange(fd)
		if w := end - start; w > 8 {
			out = append(out, storeUint(dst, start, w-8, jen.Id("c.Hi"))...)
			out = append(out, storeUint(dst, end-8, 8, jen.Id("c.Lo"))...)
		} else {
			out = append(out, storeUint(dst, start, w, jen.Id("c.Lo"))...)
		}
	}
	return out
}

// overlayWord returns the value of chunk c of an ID written over the random
// block in dst: the OR of its constant bits, its bits of tick, c, g.node and
// g.clockSeq, and its random bits kept from dst. It reports whether the
// chunk is all random, and so dst's word as it is.
func overlayWord(p *Package, l *resolved.Layout, dst string, c chunk) (val *jen.Statement, random bool) {
	runs, set := partRuns(l, c) // set: the constant bits
	var keep uint64             // the random bits, kept from dst
	var terms []jen.Code
	for _, r := range runs {
		if r.role == layouts.Random {
			keep |= r.mask() << r.shift
			continue
		}
		v, _ := l.Value(r.role)
		terms = append(terms, valueRun(p, r.role, v.Width, r.from, r.width, r.shift, c.bits())...)
	}
	if keep == c.mask() {
		return wordExpr(p, dst, c), true
	}
	if set != 0 {
		terms = append([]jen.Code{jen.Id(fmt.Sprintf("%#x", set))}, terms...)
	}
	if keep != 0 {
		terms = append(terms, keepBits(p, dst, c, keep))
	}
	return orOf(terms), false
}

// valueRun returns the terms that put the bits [from, from+width) of a
// role's value, of valueBits bits, at shift in a word of toBits bits. A
// counter wider than 64 bits is c.Hi and c.Lo, and a run may take bits of
// both.
func valueRun(p *Package, role layouts.Role, valueBits, from, width, shift, toBits int) []jen.Code {
	if role != layouts.Counter || valueBits <= 64 || from+width <= 64 {
		return []jen.Code{shiftLeft(extract(p, jen.Id(overlaySources[role]), 64, min(valueBits, 64), from, width, toBits), shift)}
	}
	var out []jen.Code
	if from < 64 { // the run's low bits, from c.Lo
		out = append(out, shiftLeft(extract(p, jen.Id("c.Lo"), 64, 64, from, 64-from, toBits), shift))
		width, shift, from = width-(64-from), shift+64-from, 64
	}
	return append(out, shiftLeft(extract(p, jen.Id("c.Hi"), 64, valueBits-64, from-64, width, toBits), shift))
}

// putWords writes the words hi and lo into the 16-byte ID variable dst
// with one idrt.PutUint128.
func putWords(dst string, hi, lo *jen.Statement) jen.Code {
	return jen.Id("hi").Op(":=").Add(hi).Line().
		Id("lo").Op(":=").Add(lo).Line().
		Qual(idrtPath, "PutUint128").Call(jen.Parens(jen.Op("*").Index(jen.Lit(16)).Byte()).Call(jen.Op("&").Id(dst)), jen.Id("hi"), jen.Id("lo"))
}

// storeWordTo writes val into a chunk of the ID variable dst.
func storeWordTo(dst string, c chunk, val *jen.Statement) jen.Code {
	if c.size == 1 {
		return jen.Id(dst).Index(jen.Lit(c.start)).Op("=").Add(val)
	}
	return jen.Qual("encoding/binary", "BigEndian").Dot(fmt.Sprintf("PutUint%d", c.bits())).Call(jen.Id(dst).Index(jen.Lit(c.start), jen.Lit(c.start+c.size)), val)
}
