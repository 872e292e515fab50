package pgsql

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/resolved"
)

// Private IDs: P_mask and P_unmask compute package idrt's Mask (FFX over
// the layout's free bits, 10 Feistel rounds of HMAC-SHA-256) with the
// core sha256() of PostgreSQL 11 and later, so no pgcrypto is needed.
//
// The rounds are unrolled: the halves' widths alternate between u and v,
// both known here, so each round is straight-line code on bigint words (a
// half of up to 64 bits is one bigint, of up to 128 two), with the HMAC's
// padded keys made once a call. Halves r0, r1, ..., r11: (r0, r1) is the
// domain's bits, round i makes r(i+2) = r(i) xor F(i, r(i+1)), and (r10,
// r11) is the public form's.

// maskPlan is what the mask functions of a layout are written from: its
// mask shape, the widths of the domain, its halves and its pad, and the
// runs of free bits of an ID and of a public form.
type maskPlan struct {
	shape      mask.Shape
	n, u, v    int
	pad        int
	free, pubs []resolved.Run // the ID's and the public form's free bits, in order
}

// maskPlan returns the layout's plan, or ok false when it cannot be masked
// (fewer than 20 or more than 256 free bits).
func (s *script) maskPlan() (p maskPlan, ok bool) {
	var err error
	if p.shape, err = mask.ShapeOf(s.l); err != nil {
		return p, false
	}
	p.free = freeRuns(p.shape.IDMask)
	p.pubs = freeRuns(p.shape.PubMask)
	f := 0
	for _, r := range p.free {
		f += r.Width
	}
	for _, r := range p.pubs {
		p.n += r.Width
	}
	p.u = p.n / 2
	p.v = p.n - p.u
	p.pad = p.n - f
	return p, true
}

// freeRuns returns the runs of zero bits of mask (at most 64 bits each),
// an ID's mask: each holds the next bits of the free bits, Lo counting
// them from the first.
func freeRuns(m []byte) []resolved.Run {
	var rs []resolved.Run
	lo := 0
	total := len(m) * 8
	for i := 0; i < total; {
		if m[i/8]>>(7-i%8)&1 == 1 {
			i++
			continue
		}
		j := i
		for j < total && j-i < 64 && m[j/8]>>(7-j%8)&1 == 0 {
			j++
		}
		rs = append(rs, resolved.Run{Shift: total - j, Width: j - i, Lo: lo})
		lo += j - i
		i = j
	}
	return rs
}

// bitsLit returns the bit-string literal of b's first n bits.
func bitsLit(b []byte, n int) string {
	var sb strings.Builder
	sb.WriteString("B'")
	for i := range n {
		sb.WriteByte('0' + b[i/8]>>(7-i%8)&1)
	}
	sb.WriteString("'")
	return sb.String()
}

// byteaLit returns a bytea literal of b.
func byteaLit(b []byte) string { return `'\x` + hex.EncodeToString(b) + `'::bytea` }

// width of half j: u for even j, v for odd.
func (p maskPlan) width(j int) int {
	if j%2 == 0 {
		return p.u
	}
	return p.v
}

// half names the bigint variables of half j: one for 64 bits or fewer, a
// high and a low word above.
func half(j, w int) (hi, lo string) {
	if w > 64 {
		return fmt.Sprintf("r%dh", j), fmt.Sprintf("r%dl", j)
	}
	return "", fmt.Sprintf("r%d", j)
}

// halfBytes returns half j as ceil(w/8) big-endian bytes.
func halfBytes(j, w int) string {
	hi, lo := half(j, w)
	nb := (w + 7) / 8
	if w > 64 {
		return fmt.Sprintf("%s || int8send(%s)", tailBytes("int8send("+hi+")", nb-8), lo)
	}
	return tailBytes("int8send("+lo+")", nb)
}

// tailBytes returns the last n of the 8 bytes of e.
func tailBytes(e string, n int) string {
	if n == 8 {
		return e
	}
	return fmt.Sprintf("substring(%s from %d)", e, 9-n)
}

// word returns the bytes [from, from+n) of the bytea d (n at most 8) as a
// bigint, big-endian.
func (s *script) word(d string, from, n int) string {
	if s.fast {
		return fmt.Sprintf("substring(%s from %d for %d)::bigint", d, from+1, n)
	}
	return fmt.Sprintf("('x' || encode(substring(%s from %d for %d), 'hex'))::bit(%d)::bigint", d, from+1, n, 8*n)
}

// lowBits returns e & (2^w - 1), or e when w is 64.
func lowBits(e string, w int) string {
	if w >= 64 {
		return e
	}
	return fmt.Sprintf("(%s & %s)", e, maskLit(w))
}

// roundStmts returns the statements of round i, making half dst from half
// src xor F(i, half in), in the plan's widths.
func (s *script) roundStmts(p maskPlan, i, dst, src, in int) string {
	wIn, wOut := p.width(in), p.width(dst)
	var b strings.Builder
	fmt.Fprintf(&b, "  d := sha256(op || sha256(ip || %s || %s));\n", byteaLit([]byte{byte(p.n >> 8), byte(p.n), byte(i)}), halfBytes(in, wIn))
	nb := (wOut + 7) / 8
	dh, dl := half(dst, wOut)
	sh, sl := half(src, wOut)
	if wOut > 64 {
		fmt.Fprintf(&b, "  %s := %s # %s;\n", dh, sh, lowBits(s.word("d", 0, nb-8), wOut-64))
		fmt.Fprintf(&b, "  %s := %s # %s;\n", dl, sl, s.word("d", nb-8, 8))
	} else {
		fmt.Fprintf(&b, "  %s := %s # %s;\n", dl, sl, lowBits(s.word("d", 0, nb), wOut))
	}
	return b.String()
}

// splitHalf returns the statements setting half j from bits [from,
// from+w) of the bit string x.
func splitHalf(j, w int, x string, from int) string {
	hi, lo := half(j, w)
	if w > 64 {
		return fmt.Sprintf("  %s := substring(%s from %d for %d)::bit(%d)::bigint;\n  %s := substring(%s from %d for 64)::bit(64)::bigint;\n",
			hi, x, from+1, w-64, w-64, lo, x, from+w-64+1)
	}
	return fmt.Sprintf("  %s := substring(%s from %d for %d)::bit(%d)::bigint;\n", lo, x, from+1, w, w)
}

// halfBits returns half j as a bit string of w bits.
func halfBits(j, w int) string {
	hi, lo := half(j, w)
	if w > 64 {
		return fmt.Sprintf("substring(%s::bit(64) from %d) || %s::bit(64)", hi, 129-w, lo)
	}
	return fmt.Sprintf("substring(%s::bit(64) from %d)", lo, 65-w)
}

// maskDecls declares the halves and the HMAC's state.
func maskDecls(p maskPlan) string {
	var b strings.Builder
	b.WriteString("  k bytea;\n  ip bytea;\n  op bytea;\n  d bytea;\n  x varbit;\n")
	var names []string
	for j := range idrt.MaskRounds + 2 {
		hi, lo := half(j, p.width(j))
		if hi != "" {
			names = append(names, hi)
		}
		names = append(names, lo)
	}
	for _, n := range names {
		fmt.Fprintf(&b, "  %s bigint;\n", n)
	}
	return b.String()
}

// keyStmts returns the statements that check the key and make the padded
// HMAC keys of the subkey (ip, op) from key and tweak. A key under 16
// bytes, or of zero bytes only, is ErrKey (SQLSTATE 22023); the message
// says what a key must be and never shows it.
func (s *script) keyStmts(suffix string) string {
	info := "idforge/mask/v1\x00" + s.l.Name + "\x00"
	return fmt.Sprintf(`  IF octet_length(key) < %d OR btrim(key, '\x00'::bytea) = ''::bytea THEN
    %s
  END IF;
  k := %s(key, %s || tweak);
  ip := %s(k, %s);
  op := %s(k, %s);
`, idrt.MinMaskKey, s.raise(suffix, "22023", "ErrKey: a mask key is at least %s bytes (128 bits), not all of them zero", literal(fmt.Sprint(idrt.MinMaskKey))),
		s.ref("mask_hmac"), byteaLit([]byte(info)),
		s.ref("mask_pad"), ipadLit, s.ref("mask_pad"), opadLit)
}

// hasOnes reports whether any bit of m is set.
func hasOnes(m []byte) bool {
	for _, b := range m {
		if b != 0 {
			return true
		}
	}
	return false
}

// scatter returns the statements that write the bits of the bit string y
// (from bit from on) into the bit-string variable b, run by run.
func (s *script) scatter(y string, from int, runs []resolved.Run) string {
	var out []string
	for _, r := range runs {
		out = append(out, fmt.Sprintf("  b := overlay(b placing substring(%s from %d for %d) from %d);", y, from+1, r.Width, s.off(r)+1))
		from += r.Width
	}
	return strings.Join(out, "\n") + "\n"
}

// gather returns a bit-string expression of the runs of the bit string b.
func (s *script) gather(b string, runs []resolved.Run) string {
	var parts []string
	for _, r := range runs {
		parts = append(parts, fmt.Sprintf("substring(%s from %d for %d)", b, s.off(r)+1, r.Width))
	}
	return strings.Join(parts, " || ")
}

func (s *script) emitMask() {
	p, ok := s.maskPlan()
	if !ok {
		return
	}
	s.emitMaskHelpers()
	last := idrt.MaskRounds
	tweakParams := func(v string) [][2]string {
		return [][2]string{{v, s.typ}, {"key", "bytea"}, {"tweak", "bytea"}}
	}
	public := portable.PublicFormDoc(s.l, "a value of the same type")

	build := func(forward bool) string {
		var b strings.Builder
		suffix := "unmask"
		if forward {
			suffix = "mask"
		}
		fmt.Fprintf(&b, "DECLARE\n%s  b bit(%d) := %s;\nBEGIN\n", maskDecls(p), s.l.Bits, s.idBits("$1"))
		b.WriteString(s.keyStmts(suffix))
		if forward {
			if hasOnes(p.shape.IDMask) {
				fmt.Fprintf(&b, "  IF (b & %s) <> %s THEN\n    %s\n  END IF;\n", bitsLit(p.shape.IDMask, s.l.Bits), bitsLit(p.shape.IDBits, s.l.Bits),
					s.raise(suffix, "22P02", "ErrInvalid: %s is not a %s ID: its constant bits are not the layout's", "$1::text", literal(s.l.Name)))
			}
			x := s.gather("b", p.free)
			if p.pad > 0 {
				x = fmt.Sprintf("B'%s' || %s", strings.Repeat("0", p.pad), x)
			}
			fmt.Fprintf(&b, "  x := %s;\n", x)
			b.WriteString(splitHalf(0, p.u, "x", 0))
			b.WriteString(splitHalf(1, p.v, "x", p.u))
			for i := range idrt.MaskRounds {
				b.WriteString(s.roundStmts(p, i, i+2, i, i+1))
			}
			fmt.Fprintf(&b, "  x := %s || %s;\n", halfBits(last, p.u), halfBits(last+1, p.v))
			fmt.Fprintf(&b, "  b := %s;\n", bitsLit(p.shape.PubBits, s.l.Bits))
			b.WriteString(s.scatter("x", 0, p.pubs))
		} else {
			fmt.Fprintf(&b, "  IF (b & %s) <> %s THEN\n    %s\n  END IF;\n", bitsLit(p.shape.PubMask, s.l.Bits), bitsLit(p.shape.PubBits, s.l.Bits),
				s.raise(suffix, "22P02", "ErrNotMasked: %s is not a public form of a %s ID", "$1::text", literal(s.l.Name)))
			fmt.Fprintf(&b, "  x := %s;\n", s.gather("b", p.pubs))
			b.WriteString(splitHalf(last, p.u, "x", 0))
			b.WriteString(splitHalf(last+1, p.v, "x", p.u))
			for i := idrt.MaskRounds - 1; i >= 0; i-- {
				// r(i+2) = r(i) xor F(i, r(i+1)), so r(i) = r(i+2) xor F(i, r(i+1)).
				b.WriteString(s.roundStmts(p, i, i, i+2, i+1))
			}
			fmt.Fprintf(&b, "  x := %s || %s;\n", halfBits(0, p.u), halfBits(1, p.v))
			if p.pad > 0 {
				fmt.Fprintf(&b, "  IF substring(x from 1 for %d) <> B'%s' THEN\n    %s\n  END IF;\n", p.pad, strings.Repeat("0", p.pad),
					s.raise(suffix, "22P02", "ErrNotMasked: %s is not a public form of a %s ID", "$1::text", literal(s.l.Name)))
			}
			fmt.Fprintf(&b, "  b := %s;\n", bitsLit(p.shape.IDBits, s.l.Bits))
			b.WriteString(s.scatter("x", p.pad, p.free))
		}
		fmt.Fprintf(&b, "  RETURN %s;\nEND", s.fromBits("b"))
		return b.String()
	}

	warning := fmt.Sprintf(" The key is an argument: a key literal or parameter reaches the server's log (log_statement, log_min_error_statement with the failing statement's parameters), pg_stat_activity and pg_stat_statements' parameters, so prefer %s, which takes the key by name from idforge_mask_keys. STABLE, not IMMUTABLE: PostgreSQL refuses it in a generated column or an index expression, which would keep the key in the catalog; store the ID and mask it as it leaves.", s.name("mask_named"))
	unmaskWarning := strings.Replace(warning, s.name("mask_named"), s.name("unmask_named"), 1)
	body, fast := s.both(func() string { return build(true) })
	s.function(function{
		suffix: "mask", params: tweakParams("id"), returns: s.typ, plpgsql: true, stable: true, body: body, fast: fast,
		doc: fmt.Sprintf("The public form of the %s ID id under key (at least 16 bytes, not all zero) and tweak: %s (idforge's Private IDs: FFX, 10 rounds of HMAC-SHA-256). The same ID, key and tweak always give the same public ID; %s inverts it. Raises SQLSTATE 22P02 (ErrInvalid) for an ID whose constant bits are not the layout's, and 22023 (ErrKey) for a key under 16 bytes or of zero bytes only.", s.l.Name, public, s.name("unmask")) + warning,
	})
	s.function(function{
		suffix: "mask", params: [][2]string{{"id", s.typ}, {"key", "bytea"}}, returns: s.typ, anyLength: true, stable: true,
		body: fmt.Sprintf("SELECT %s($1, $2, ''::bytea)", s.ref("mask")),
		doc:  fmt.Sprintf("%s(id, key, '') : the public form of id under key, with no tweak.", s.name("mask")) + warning,
	})
	body, fast = s.both(func() string { return build(false) })
	s.function(function{
		suffix: "unmask", params: tweakParams("public"), returns: s.typ, plpgsql: true, stable: true, body: body, fast: fast,
		doc: fmt.Sprintf("The %s ID whose public form under key and tweak is public: the inverse of %s. Raises SQLSTATE 22P02 (ErrNotMasked) for a value whose constant bits are not the public form's, and 22023 (ErrKey) for a key under 16 bytes or of zero bytes only. A public form made under another key, tweak or layout unmasks, with no error, to some other ID: look the ID up.", s.l.Name, s.name("mask")) + unmaskWarning,
	})
	s.function(function{
		suffix: "unmask", params: [][2]string{{"public", s.typ}, {"key", "bytea"}}, returns: s.typ, anyLength: true, stable: true,
		body: fmt.Sprintf("SELECT %s($1, $2, ''::bytea)", s.ref("unmask")),
		doc:  fmt.Sprintf("%s(public, key, '') : the ID whose public form under key, with no tweak, is public.", s.name("unmask")) + unmaskWarning,
	})
	s.emitNamed()
}

// emitMaskHelpers writes P_mask_pad and P_mask_hmac, HMAC-SHA-256 on the
// core sha256().
func (s *script) emitMaskHelpers() {
	s.function(function{
		suffix: "mask_pad", params: [][2]string{{"k", "bytea"}, {"x", "varbit"}}, returns: "bytea", stable: true,
		// The key, zero-padded to 64 bytes, as a bit string xor the pad
		// byte x repeated; varbit_send writes a bit string as its length
		// (4 bytes) and then its bytes.
		body: "SELECT substring(varbit_send(('x' || rpad(encode($1, 'hex'), 128, '0'))::bit(512) # repeat($2::text, 64)::bit(512)) from 5)",
		doc:  "STABLE, as every function that takes a key. An HMAC-SHA-256 key k (at most 64 bytes) padded with zeros to 64 bytes, each byte xor the byte x: the inner and outer pads of the mask's HMAC.",
	})
	s.function(function{
		suffix: "mask_hmac", params: [][2]string{{"key", "bytea"}, {"msg", "bytea"}}, returns: "bytea", stable: true,
		// One expression, with no FROM, and not STRICT (its CASE would keep
		// a STRICT function from being inlined; NULL still gives NULL), so
		// that the planner inlines it into P_mask's statement: a SQL
		// function it does not inline cost about 10 µs a call on
		// PostgreSQL 18, a third of a mask.
		lax: true,
		body: fmt.Sprintf("SELECT sha256(%[1]s(%[3]s, %[4]s) || sha256(%[1]s(%[3]s, %[2]s) || $2))",
			s.ref("mask_pad"), ipadLit, "CASE WHEN octet_length($1) > 64 THEN sha256($1) ELSE $1 END", opadLit),
		doc: "HMAC-SHA-256 (RFC 2104) of msg under key, on the core sha256(). STABLE, as every function that takes a key.",
	})
}

// The HMAC's pad bytes, as bit strings for P_mask_pad.
const (
	ipadLit = "B'00110110'"
	opadLit = "B'01011100'"
)
