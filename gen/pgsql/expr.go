package pgsql

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// The readers are single SQL expressions over the ID in $1, so that the
// planner inlines them. They read bits as bigint words: a run of bits is
// cut from the fewest whole bytes that hold it, which PostgreSQL turns into
// a bigint through a bit string ('x' || hex)::bit(n)::bigint, then shifted
// and masked. Measured on PostgreSQL 15, reading 48 bits this way cost
// about half as much as reading the whole ID as one bit string, and a fifth
// as much as assembling bytes with get_byte.

// On PostgreSQL 18, which casts bytea to bigint, the same bytes are read
// with substring(...)::bigint: no hex text and no bit string.

// bytesOf returns the ID in v as bytea.
func (s *script) bytesOf(v string) string {
	switch s.kind {
	case kUUID:
		return s.call("uuid_send", v)
	case kBigint:
		return s.call("int8send", v)
	}
	return v
}

// maskLit returns 2^w - 1 for w <= 63.
func maskLit(w int) string { return fmt.Sprint(uint64(1)<<w - 1) }

// bits returns a bigint expression for the width (1 to 63) bits of the ID
// in v that start at bit off, counted from the most significant end.
func (s *script) bits(v string, off, width int) string {
	if s.kind == kBigint {
		e := v
		if sh := 64 - off - width; sh > 0 {
			e = fmt.Sprintf("(%s >> %d)", e, sh)
		}
		return fmt.Sprintf("(%s & %s)", e, maskLit(width))
	}
	first, end := off/8, (off+width+7)/8
	if end-first > 8 { // nine bytes: two words
		w1 := (first+8)*8 - off
		return fmt.Sprintf("((%s << %d) | %s)", s.bits(v, off, w1), width-w1, s.bits(v, off+w1, width-w1))
	}
	n := end - first
	e := fmt.Sprintf("('x' || encode(substring(%s from %d for %d), 'hex'))::bit(%d)::bigint", s.bytesOf(v), first+1, n, 8*n)
	if s.fast {
		// PostgreSQL 18 casts up to 8 bytes to bigint, big-endian (8 bytes
		// as two's complement, which the mask below undoes).
		e = fmt.Sprintf("substring(%s from %d for %d)::bigint", s.bytesOf(v), first+1, n)
	}
	sh := 8*end - off - width
	if sh > 0 {
		e = fmt.Sprintf("(%s >> %d)", e, sh)
	}
	if sh+width < 8*n || n == 8 {
		e = fmt.Sprintf("(%s & %s)", e, maskLit(width))
	}
	return e
}

// value returns an expression for a value of the given width held in runs:
// a bigint up to 63 bits, a numeric for 64.
func (s *script) value(v string, runs []resolved.Run, width int) (expr string, numeric bool) {
	var terms []string
	if width <= 63 {
		for _, r := range runs {
			t := s.bits(v, s.off(r), r.Width)
			if r.Lo > 0 {
				t = fmt.Sprintf("(%s << %d)", t, r.Lo)
			}
			terms = append(terms, t)
		}
		if len(terms) == 1 {
			return terms[0], false
		}
		return "(" + strings.Join(terms, " | ") + ")", false
	}
	for _, r := range runs {
		for done := 0; done < r.Width; { // pieces of at most 32 bits, least significant first
			w := min(32, r.Width-done)
			t := s.bits(v, s.off(r)+r.Width-done-w, w) + "::numeric"
			if at := r.Lo + done; at > 0 {
				t = fmt.Sprintf("(%s * %s)", t, pow2(at))
			}
			terms = append(terms, t)
			done += w
		}
	}
	return "(" + strings.Join(terms, " + ") + ")", true
}

func pow2(n int) string { return new(big.Int).Lsh(big.NewInt(1), uint(n)).String() }

// off returns where a run starts, counted from the ID's most significant
// end, as the SQL functions that cut bytes and bit strings count.
func (s *script) off(r resolved.Run) int { return r.Offset(s.l.Bits) }

// fieldRuns returns the runs of the ID that hold a field.
func (s *script) fieldRuns(f *resolved.Field) []resolved.Run { return f.Runs }

// valueRuns returns the runs of the ID that hold a role's value.
func (s *script) valueRuns(v *resolved.Role) []resolved.Run { return v.Runs }

// tickScale returns a tick as A/B microseconds, in lowest terms.
func (s *script) tickScale() (a, b *big.Int) {
	us := s.l.Clock.TickIn(1e6)
	return us.Num(), us.Denom()
}

// epochBase splits a time value's epoch into the microsecond it falls in,
// as a timestamp literal, and the nanoseconds past it (0 to 999).
func epochBase(v *resolved.Role) (base string, rem int64) {
	e := v.Epoch.UTC()
	rem = int64(e.Nanosecond() % 1000)
	return "'" + e.Add(-time.Duration(rem)).Format("2006-01-02 15:04:05.999999") + "'", rem
}

// microsExpr returns a bigint expression for the whole microseconds from
// the epoch's microsecond to the instant of ticks (an expression, numeric
// or bigint), rounded down: floor((rem + ticks*tick in ns) / 1000). It
// takes the cheapest exact form: a product or quotient of bigints where the
// unit allows, numeric otherwise.
func (s *script) microsExpr(v *resolved.Role, ticks string, numeric bool) string {
	_, rem := epochBase(v)
	a, b := s.tickScale()
	one := big.NewInt(1)
	if rem == 0 && !numeric {
		switch {
		case b.Cmp(one) == 0 && a.Cmp(one) == 0:
			return ticks
		case b.Cmp(one) == 0:
			return fmt.Sprintf("(%s * %s)", ticks, a)
		case a.Cmp(one) == 0:
			return fmt.Sprintf("(%s / %s)", ticks, b)
		case new(big.Int).Mul(a, b).BitLen() < 62:
			// ticks = q*b + r: q*b ticks are q*a µs, and r*a < a*b fits.
			return fmt.Sprintf("((%s / %s) * %s + (%s %% %s) * %s / %s)", ticks, b, a, ticks, b, a, b)
		}
	}
	// floor((rem + ticks*a*1000/b) / 1000) = floor((rem*b + ticks*a*1000) / (1000*b)).
	num := fmt.Sprintf("%s::numeric * %s", ticks, new(big.Int).Mul(a, big.NewInt(1000)))
	if rem != 0 {
		num = fmt.Sprintf("(%s + %s)", num, new(big.Int).Mul(big.NewInt(rem), b))
	}
	return fmt.Sprintf("div(%s, %s)::bigint", num, new(big.Int).Mul(b, big.NewInt(1000)))
}

const usPerDay = "86400000000"

// timestamptzExpr returns the instant micros (a bigint expression, at least
// zero) microseconds after the timestamp literal base, as timestamptz. It
// uses only immutable operators: timestamp + interval, and timezone() with
// an interval rather than a zone name. Days and microseconds go separately
// because interval arithmetic multiplies in double precision, which is
// exact only below 2^53.
func timestamptzExpr(base, micros string) string {
	return fmt.Sprintf("timezone(interval '0', timestamp %s + (%s / %s) * interval '1 day' + (%s %% %s) * interval '1 microsecond')",
		base, micros, usPerDay, micros, usPerDay)
}

// The PL/pgSQL functions that take a time share these statements: the
// microseconds from the epoch's microsecond to the timestamptz t, through
// an interval (timestamptz - timestamptz is immutable, extract(epoch ...)
// on timestamptz is not, and is inexact in PostgreSQL 13's double
// precision).
func microsStmts(base, t string) string {
	return fmt.Sprintf(`iv := %s - timestamptz %s;
  us := date_part('day', iv)::bigint * %s + date_part('hour', iv)::bigint * 3600000000
    + date_part('minute', iv)::bigint * 60000000 + date_part('microseconds', iv)::bigint;`,
		t, strings.TrimSuffix(base, "'")+"+00'", usPerDay)
}

// tickNum returns the numeric x with ticks = floor(x / tickNs) for the
// instant at the start of microsecond us (a bigint expression; us+1 gives
// its end): x = (us*1000 - rem) * b, where a tick is tickNs = a*1000/b
// ns. See tickDen.
func (s *script) tickNum(v *resolved.Role, us string) string {
	_, rem := epochBase(v)
	_, b := s.tickScale()
	return fmt.Sprintf("((%s)::numeric * 1000 - %d) * %s", us, rem, b)
}

// tickDen returns the divisor that goes with tickNum: a*1000.
func (s *script) tickDen(v *resolved.Role) string {
	a, _ := s.tickScale()
	return new(big.Int).Mul(a, big.NewInt(1000)).String()
}

// fastTimeExpr returns P_time's body expression on PostgreSQL 18: the
// instant as timestamp + interval arithmetic that is exact but keeps
// interval's day field 0, which timestamp + interval adds as a plain
// integer (a day part costs a calendar conversion per row). From an epoch
// on a whole microsecond, a time goes run by run where each run's unit
// (2^lo ticks) is a whole number c of microseconds: the run's value times
// an interval of c microseconds, in pieces small enough that piece*c stays
// below 2^53, where interval's double-precision multiplication is exact
// (c's factors of 2 only move the binary point). One run of a fraction
// of a microsecond a unit, such as method 3's rand_a in 1/4096 ms, adds
// its whole microseconds, floor(x * c), as a bigint. Other units take the
// microseconds as a bigint (microsExpr) and split them at 2^26.
func (s *script) fastTimeExpr(v *resolved.Role) string {
	base, rem := epochBase(v)
	a, b := s.tickScale()
	var terms []string
	if rem == 0 && a.BitLen() < 40 {
		frac := false
		for _, r := range s.valueRuns(v) {
			c := new(big.Rat).SetFrac(new(big.Int).Lsh(a, uint(r.Lo)), b)
			if !c.IsInt() {
				// The one run below a microsecond a unit: floor(x*num/den), exact
				// as a bigint below 2^62 and as a double below 2^53.
				num, den := c.Num(), c.Denom()
				if frac || r.Width+num.BitLen() > 62 || r.Width+num.BitLen()-den.BitLen()+1 > 53 {
					terms = nil
					break
				}
				frac = true
				terms = append(terms, fmt.Sprintf("(%s * %s / %s) * interval '1 microsecond'", s.bits("$1", s.off(r), r.Width), num, den))
				continue
			}
			ci := c.Num()
			odd := new(big.Int).Rsh(ci, ci.TrailingZeroBits())
			if b.Cmp(big.NewInt(1)) == 0 {
				odd = a // as the run's pieces have always been cut
			}
			maxw := 53 - odd.BitLen()
			pieces := (r.Width + maxw - 1) / maxw
			for done := 0; done < r.Width; {
				w := min((r.Width+pieces-1)/pieces, r.Width-done)
				us := new(big.Int).Lsh(ci, uint(done))
				if us.BitLen() > 62 { // past timestamp's range anyway: the general form
					terms = nil
					break
				}
				terms = append(terms, fmt.Sprintf("%s * interval '%s microseconds'", s.bits("$1", s.off(r)+r.Width-done-w, w), us))
				done += w
			}
			if terms == nil {
				break
			}
		}
	}
	if terms == nil {
		us, ok := s.runMicros(v)
		if !ok {
			ticks, numeric := s.value("$1", s.valueRuns(v), v.Width)
			us = s.microsExpr(v, ticks, numeric)
		}
		terms = []string{
			fmt.Sprintf("(%s >> 26) * interval '67108864 microseconds'", us),
			fmt.Sprintf("(%s & 67108863) * interval '1 microsecond'", us),
		}
	}
	return fmt.Sprintf("timezone(interval '0', timestamp %s + %s)", base, strings.Join(terms, " + "))
}

// runMicros returns a bigint expression for the whole microseconds from
// the epoch to a time value's instant, summed run by run, when that is
// exact and cheaper than microsExpr's: every run but one holds a whole
// number c of microseconds a unit (2^lo ticks), adding x*c, and the one
// left, a fraction of a microsecond a unit, adds floor(x*c), which is
// the floor of the sum since the rest are whole. Method 3's time is so:
// ms*1000 + floor(rand_a*125/512). A value of one run, a unit of whole
// microseconds (b = 1) or an epoch within a microsecond take microsExpr.
func (s *script) runMicros(v *resolved.Role) (string, bool) {
	_, rem := epochBase(v)
	a, b := s.tickScale()
	runs := s.valueRuns(v)
	if rem != 0 || v.Width > 63 || b.Cmp(big.NewInt(1)) == 0 || len(runs) < 2 {
		return "", false
	}
	var whole []string
	var frac string
	for _, r := range runs {
		c := new(big.Rat).SetFrac(new(big.Int).Lsh(a, uint(r.Lo)), b)
		num, den := c.Num(), c.Denom()
		if r.Width+num.BitLen() > 62 {
			return "", false
		}
		x := s.bits("$1", s.off(r), r.Width)
		switch {
		case !c.IsInt() && frac != "":
			return "", false
		case !c.IsInt():
			frac = fmt.Sprintf("%s * %s / %s", x, num, den)
		case num.Cmp(big.NewInt(1)) == 0:
			whole = append(whole, x)
		default:
			whole = append(whole, fmt.Sprintf("%s * %s", x, num))
		}
	}
	if frac != "" {
		whole = append(whole, frac)
	}
	return "(" + strings.Join(whole, " + ") + ")", true
}

// builtinTime returns, for a UUID layout whose time PostgreSQL 17's
// uuid_extract_timestamp reads, the layout's version and an expression for
// P_time over an ID of that version (and the RFC variant, which
// uuid_extract_version checks): on 1M rows of 18's uuidv7() it costs
// little more than the scan, where the portable arithmetic costs three to
// seven times as much (BENCHMARKS.md). It reads:
//
//   - version 7: the 48 most significant bits as Unix milliseconds. A
//     layout whose time has those bits on top, Unix epoch, in a unit that
//     makes them milliseconds (UUIDv7's ms; method 3's ms/4096 with its
//     fraction below, in rand_a), takes them so and adds the fraction's
//     whole microseconds: floor(ms*1000 + f) = ms*1000 + floor(f).
//   - version 1: RFC 9562's 60-bit Gregorian time in 100 ns, rounded
//     down to the microsecond, as P_time rounds it.
func (s *script) builtinTime(v *resolved.Role) (version uint64, expr string, ok bool) {
	l := s.l
	if s.kind != kUUID || !l.IsUUID() {
		return 0, "", false
	}
	for _, c := range s.l.Consts {
		if s.off(c.Run) == 48 && c.Width == 4 {
			version = c.Value
		}
	}
	parts := map[[3]int]bool{} // offset, width, lo of each run of the time
	var top *resolved.Run
	for _, r := range s.valueRuns(v) {
		parts[[3]int{s.off(r), r.Width, r.Lo}] = true
		if s.off(r) == 0 {
			top = &r
		}
	}
	const extract = "uuid_extract_timestamp($1)"
	switch version {
	case 1:
		v1 := v.Epoch.Equal(layouts.GregorianEpoch()) && v.Unit == layouts.Unit{Num: 1, Den: 10_000_000} && v.Width == 60 &&
			len(parts) == 3 && parts[[3]int{0, 32, 0}] && parts[[3]int{32, 16, 32}] && parts[[3]int{52, 12, 48}]
		return 1, extract, v1
	case 7:
		if !v.Epoch.Equal(layouts.UnixEpoch()) || top == nil || top.Width != 48 || top.Lo+top.Width != v.Width || top.Lo > 32 {
			return 0, "", false
		}
		// 2^Lo ticks make a millisecond.
		ms := s.l.Clock.TickIn(1000)
		if ms.Mul(ms, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(top.Lo)))).Cmp(big.NewRat(1, 1)) != 0 {
			return 0, "", false
		}
		if top.Lo == 0 {
			return 7, extract, true
		}
		// The fraction's whole microseconds: floor(f * a / b) for a tick
		// of a/b µs, f below 2^Lo.
		var runs []resolved.Run
		for _, r := range s.valueRuns(v) {
			if s.off(r) != 0 {
				runs = append(runs, r)
			}
		}
		f, _ := s.value("$1", runs, top.Lo)
		a, b := s.tickScale()
		if top.Lo+a.BitLen() > 62 {
			return 0, "", false
		}
		us := f
		if a.Cmp(big.NewInt(1)) != 0 {
			us = fmt.Sprintf("%s * %s", us, a)
		}
		if b.Cmp(big.NewInt(1)) != 0 {
			us = fmt.Sprintf("%s / %s", us, b)
		}
		// timestamptz + interval is only STABLE: through timestamp, as UTC.
		return 7, fmt.Sprintf("timezone(interval '0', timezone(interval '0', %s) + (%s) * interval '1 microsecond')", extract, us), true
	}
	return 0, "", false
}
