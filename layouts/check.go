package layouts

import (
	"fmt"
	"time"
)

// The checks of a spec beyond its syntax and its arithmetic: the rules of
// RFC 9562 for layouts that are UUIDs, and the clock's range.

// timeNow is the clock that decides whether a layout's time has overflowed
// or soon will. Tests set it.
var timeNow = time.Now

// soonYears is how far ahead, in years, Warnings looks for the clock's
// overflow.
const soonYears = 10

// checkUUID applies RFC 9562's rules to a layout that is a UUID. A layout
// is one when it has 128 bits and either
//
//   - a segment named ver or version, as RFC 9562's tables name the version
//     field, wherever it is and whatever it holds; or
//   - the shape IsUUID looks for: a 4-bit constant at bits 48 to 51 and the
//     2-bit constant 0b10 at bits 64 and 65.
//
// Its version must then be a 4-bit constant at bits 48 to 51 (section 4.2)
// other than 0 (unused) and 15 (reserved: the Max UUID's), and bits 64 and
// 65 must be a 2-bit constant holding the variant 0b10 (section 4.1): the
// other variants are not RFC 9562's, and their layouts have no version
// field. A 128-bit layout with neither is not a UUID, and none of this
// applies to it. checkUUID reads the raw segments, whose widths must add
// up.
func (p *parser) checkUUID() {
	if p.l.Bits != 128 {
		return
	}
	type at struct {
		rs     *rawSegment
		offset int
	}
	var named, shaped, variant at
	offset := 0
	for i := range p.segs {
		rs := &p.segs[i]
		constant := len(rs.parts) == 1 && rs.parts[0].role == Const
		switch {
		case rs.name == "ver" || rs.name == "version":
			named = at{rs, offset}
		case offset == 48 && rs.width == 4 && constant:
			shaped = at{rs, offset}
		}
		if offset <= 64 && 64 < offset+rs.width {
			variant = at{rs, offset}
		}
		offset += rs.width
	}
	isVariant := func(a at) bool {
		c := len(a.rs.parts) == 1 && a.rs.parts[0].role == Const
		return a.offset == 64 && a.rs.width == 2 && c && a.rs.parts[0].value == 0b10
	}
	ver := named
	if ver.rs == nil {
		if shaped.rs == nil || !isVariant(variant) {
			return // not a UUID
		}
		ver = shaped
	}
	rs := ver.rs
	switch {
	case rs.bad: // reported on its line
	case len(rs.parts) != 1 || rs.parts[0].role != Const:
		p.add(p.errf(rs.line, rs.name, ErrVersion, "a UUID's version is a constant (RFC 9562 section 4.2), such as = 8"))
	case ver.offset != 48 || rs.width != 4:
		p.add(p.errf(rs.line, rs.name, ErrVersion, "a UUID's version is the 4 bits at 48 to 51 (RFC 9562 section 4.2), but %s is the %d bits at %d to %d", rs.name, rs.width, ver.offset, ver.offset+rs.width-1))
	case rs.parts[0].value == 0:
		p.add(p.errf(rs.line, rs.name, ErrVersion, "version 0 is unused (RFC 9562 section 4.2); a custom layout is version 8"))
	case rs.parts[0].value == 15:
		p.add(p.errf(rs.line, rs.name, ErrVersion, "version 15 is reserved (RFC 9562 section 4.2): it is the Max UUID's; a custom layout is version 8"))
	}
	vs := variant.rs
	if isVariant(variant) || vs.bad {
		return
	}
	if len(vs.parts) == 1 && vs.parts[0].role == Const && variant.offset == 64 && vs.width == 2 {
		p.add(p.errf(vs.line, vs.name, ErrVersion, "variant %#b beside version field %s on line %d: an RFC 9562 UUID's variant is 0b10 (section 4.1)", vs.parts[0].value, rs.name, rs.line))
		return
	}
	p.add(p.errf(vs.line, vs.name, ErrVersion, "bits 64 and 65 of a UUID with version field %s (line %d) are the variant, the 2-bit constant 0b10 (RFC 9562 section 4.1), but %s holds bits %d to %d", rs.name, rs.line, vs.name, variant.offset, variant.offset+vs.width-1))
}

// checkOverflow refuses a layout whose clock has already overflowed: it
// cannot hold the time now, so it could make no ID.
func (p *parser) checkOverflow() {
	v, ok := p.l.Value(Time)
	if !ok {
		return
	}
	end, ok := p.l.Overflow()
	if now := timeNow(); ok && !end.After(now) {
		rs, _ := p.partSource(v.Parts[0])
		p.add(p.errf(rs.line, rs.name, ErrOverflow, "the %d-bit clock of %s since %s overflowed at %s: it cannot hold the time now",
			v.Width, v.Unit, v.Epoch.UTC().Format(time.RFC3339), end.UTC().Format(time.RFC3339)))
	}
}

// Warnings returns the problems of the layout that do not stop it from
// working today: a clock that overflows within 10 years of now.
func (l *Layout) Warnings() []Warning {
	v, ok := l.Value(Time)
	if !ok {
		return nil
	}
	end, ok := l.Overflow()
	now := timeNow()
	if !ok || end.After(now.AddDate(soonYears, 0, 0)) {
		return nil
	}
	seg := l.Segments[l.Parts[v.Parts[0]].Segment]
	return []Warning{{File: l.File, Line: seg.Line, Field: seg.Name,
		Msg: fmt.Sprintf("the %d-bit clock overflows at %s, within %d years: no ID can be made from then on", v.Width, end.UTC().Format(time.RFC3339), soonYears)}}
}
