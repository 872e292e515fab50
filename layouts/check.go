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
// working today: a clock that overflows within 10 years of now, and a
// generator that repeats itself (see RepeatWarning).
func (l *Layout) Warnings() []Warning {
	var ws []Warning
	if w, ok := l.overflowWarning(); ok {
		ws = append(ws, w)
	}
	if w, ok := l.RepeatWarning(); ok {
		ws = append(ws, w)
	}
	return ws
}

// overflowWarning warns of a clock that overflows within 10 years of now.
func (l *Layout) overflowWarning() (Warning, bool) {
	v, ok := l.Value(Time)
	if !ok {
		return Warning{}, false
	}
	end, ok := l.Overflow()
	now := timeNow()
	if !ok || end.After(now.AddDate(soonYears, 0, 0)) {
		return Warning{}, false
	}
	return l.warning(v.Parts[0], fmt.Sprintf("the %d-bit clock overflows at %s, within %d years: no ID can be made from then on", v.Width, end.UTC().Format(time.RFC3339), soonYears)), true
}

// warning returns a warning placed at the segment of a part; a layout with
// no parts (the zero Layout) has no segment to place it at.
func (l *Layout) warning(part int, msg string) Warning {
	if part >= len(l.Parts) {
		return Warning{File: l.File, Msg: msg}
	}
	seg := l.Segments[l.Parts[part].Segment]
	return Warning{File: l.File, Line: seg.Line, Field: seg.Name, Msg: msg}
}

// RepeatWarning returns the warning for a layout one of whose generators,
// making IDs at FullSpeed, is as likely as not to repeat one of its own IDs
// within 10 years (Layout.FirstDuplicate): a layout with a time but no
// counter, whose IDs within one tick only random bits tell apart; one with
// a running counter that wraps within a tick; one with neither a time nor
// enough random bits. The warning names the remedy, a counter. A
// name-based layout, which repeats for a repeated name by design, and a
// Monotonic one never get it.
func (l *Layout) RepeatWarning() (Warning, bool) {
	l = orZero(l)
	if _, ok := l.Value(Hash); ok || l.Monotonic() {
		return Warning{}, false
	}
	_, self := l.FirstDuplicate(FullSpeed, 1)
	if self >= soonYears*365.25*24*3600 {
		return Warning{}, false
	}
	const speed = "at full speed (10^8 IDs a second)"
	wait := FormatWait(self)
	bits := l.RandomBits()
	at := 0 // the part the warning points at: the random bits, the counter or the time
	for i, p := range l.Parts {
		if p.Role == Random {
			at = i
			break
		}
	}
	tick, timed := l.Tick()
	if c, ok := l.Value(Counter); ok && c.Init == InitRunning {
		return l.warning(c.Parts[0], fmt.Sprintf("one generator repeats itself: its %d-bit running counter comes back to where it started after 2^%d IDs, and %s one %v tick holds more, so a repeat is as likely as not within %s; "+
			"a counter that starts afresh each tick and waits for the next when it runs out (counter zero wait, or counter seeded borrow) never repeats", c.Width, c.Width, speed, tick, wait)), true
	}
	remedy := "declare a counter that counts the IDs of a tick up, for example a segment `seq 12 counter seeded borrow`"
	switch {
	case !timed && bits == 0:
		return l.warning(at, "one generator repeats itself: every ID it makes is the same, as it has no time, counter or random bits; "+
			"give it random bits (a UUIDv4 has 122), or a time and a counter (for example counter seeded borrow)"), true
	case !timed:
		return l.warning(at, fmt.Sprintf("one generator repeats itself: its IDs differ in their %d random bits only, so %s a repeat is as likely as not within %s; "+
			"give it more random bits (a UUIDv4 has 122), or a time and a counter (for example counter seeded borrow)", bits, speed, wait)), true
	case bits == 0:
		v, _ := l.Value(Time)
		return l.warning(v.Parts[0], fmt.Sprintf("one generator repeats itself: it has no counter and no random bits, so every ID it makes within one %v tick is the same; %s", tick, remedy)), true
	}
	if bits > 12 {
		remedy += " in place of 12 of the random bits"
	}
	return l.warning(at, fmt.Sprintf("one generator repeats itself: it has no counter, so the IDs it makes within one %v tick differ in their %d random bits only, and %s a repeat is as likely as not within %s; %s", tick, bits, speed, wait, remedy)), true
}
