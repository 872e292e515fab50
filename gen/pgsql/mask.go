package pgsql

import (
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
	if p.shape, err = mask.ShapeOf(s.l.Model); err != nil {
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
func (s *script) halfBytes(j, w int) string {
	hi, lo := half(j, w)
	nb := (w + 7) / 8
	if w > 64 {
		return s.cat(s.tailBytes(s.call("int8send", hi), nb-8), s.call("int8send", lo))
	}
	return s.tailBytes(s.call("int8send", lo), nb)
}

// tailBytes returns the last n of the 8 bytes of e.
func (s *script) tailBytes(e string, n int) string {
	if n == 8 {
		return e
	}
	return s.sub(e, 9-n, -1)
}

// word returns the bytes [from, from+n) of the bytea d (n at most 8) as a
// bigint, big-endian.
func (s *script) word(d string, from, n int) string {
	if s.fast {
		return s.sub(d, from+1, n) + "::bigint"
	}
	return fmt.Sprintf("(%s)::bit(%d)::bigint", s.cat(s.str("x"), s.call("encode", s.sub(d, from+1, n), s.str("hex"))), 8*n)
}

// lowBits returns e & (2^w - 1), or e when w is 64.
func (s *script) lowBits(e string, w int) string {
	if w >= 64 {
		return e
	}
	return "(" + s.op(e, "&", s.bigintLit(maskLit(w))) + ")"
}

// roundStmts returns the statements of round i, making half dst from half
// src xor F(i, half in), in the plan's widths.
func (s *script) roundStmts(p maskPlan, i, dst, src, in int) string {
	wIn, wOut := p.width(in), p.width(dst)
	var b strings.Builder
	inner := s.call("sha256", s.cat("ip", s.bytes([]byte{byte(p.n >> 8), byte(p.n), byte(i)}), s.halfBytes(in, wIn)))
	fmt.Fprintf(&b, "  d := %s;\n", s.call("sha256", s.cat("op", inner)))
	nb := (wOut + 7) / 8
	dh, dl := half(dst, wOut)
	sh, sl := half(src, wOut)
	if wOut > 64 {
		fmt.Fprintf(&b, "  %s := %s;\n", dh, s.op(sh, "#", s.lowBits(s.word("d", 0, nb-8), wOut-64)))
		fmt.Fprintf(&b, "  %s := %s;\n", dl, s.op(sl, "#", s.word("d", nb-8, 8)))
	} else {
		fmt.Fprintf(&b, "  %s := %s;\n", dl, s.op(sl, "#", s.lowBits(s.word("d", 0, nb), wOut)))
	}
	return b.String()
}

// splitHalf returns the statements setting half j from bits [from,
// from+w) of the bit string x.
func (s *script) splitHalf(j, w int, x string, from int) string {
	hi, lo := half(j, w)
	if w > 64 {
		return fmt.Sprintf("  %s := %s::bit(%d)::bigint;\n  %s := %s::bit(64)::bigint;\n",
			hi, s.sub(x, from+1, w-64), w-64, lo, s.sub(x, from+w-64+1, 64))
	}
	return fmt.Sprintf("  %s := %s::bit(%d)::bigint;\n", lo, s.sub(x, from+1, w), w)
}

// halfBits returns half j as bit strings that make w bits.
func (s *script) halfBits(j, w int) []string {
	hi, lo := half(j, w)
	if w > 64 {
		return []string{s.sub(hi+"::bit(64)", 129-w, -1), lo + "::bit(64)"}
	}
	return []string{s.sub(lo+"::bit(64)", 65-w, -1)}
}

// maskDecls declares the halves and the HMAC's state.
func (s *script) maskDecls(p maskPlan) string {
	var b strings.Builder
	for _, v := range []string{"k", "ip", "op", "d"} {
		fmt.Fprintf(&b, "  %s %s;\n", v, s.sqlType("bytea"))
	}
	fmt.Fprintf(&b, "  x bit(%d);\n", p.n)
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

// keyStmts returns the statements that check the arguments and make the
// padded HMAC keys of the subkey (ip, op) from key and tweak. A NULL key or
// tweak is an error naming it (SQLSTATE 22004), a key under 16 bytes or of
// zero bytes only ErrKey (SQLSTATE 22023); the messages say what a key must
// be and never show it. A NULL ID then gives NULL.
func (s *script) keyStmts(suffix string) string {
	info := "idforge/mask/v1\x00" + s.l.Name + "\x00"
	length := s.call("octet_length", "key")
	return fmt.Sprintf(`  IF key IS NULL THEN
    %s
  END IF;
  IF tweak IS NULL THEN
    %s
  END IF;
  IF %s OR %s THEN
    %s
  END IF;
  IF $1 IS NULL THEN
    RETURN NULL;
  END IF;
  -- The subkey: HMAC-SHA-256 (RFC 2104) under key (hashed first if over
  -- 64 bytes) of the layout's info and the tweak; then its inner and outer
  -- pads.
  k := CASE WHEN %s THEN %s ELSE key END;
  k := %s;
  ip := %s;
  op := %s;
`,
		s.raise(suffix, "22004", "key is NULL"),
		s.raise(suffix, "22004", "tweak is NULL (no tweak is an empty bytea)"),
		s.op(length, "<", fmt.Sprint(idrt.MinMaskKey)), s.op(s.call("btrim", "key", s.bytes([]byte{0})), "=", s.bytes(nil)),
		s.raise(suffix, "22023", "ErrKey: a mask key is at least %s bytes (128 bits), not all of them zero", s.str(fmt.Sprint(idrt.MinMaskKey))),
		s.op(length, ">", "64"), s.call("sha256", "key"),
		s.call("sha256", s.cat(s.pad("k", opad), s.call("sha256", s.cat(s.pad("k", ipad), s.bytes([]byte(info)), "tweak")))),
		s.pad("k", ipad), s.pad("k", opad))
}

// The HMAC's pad bytes.
const (
	ipad = "00110110"
	opad = "01011100"
)

// pad returns the HMAC key k (at most 64 bytes) padded with zeros to 64
// bytes, each byte xor the byte pad: as a bit string, xor the pad
// repeated; varbit_send writes a bit string as its length (4 bytes) and
// then its bytes.
func (s *script) pad(k, pad string) string {
	padded := fmt.Sprintf("(%s)::bit(512)", s.cat(s.str("x"), s.call("rpad", s.call("encode", k, s.str("hex")), "128", s.str("0"))))
	bits := s.call("repeat", s.str(pad), "64") + "::bit(512)"
	return s.sub(s.call("varbit_send", "("+s.op(padded, "#", bits)+")::bit varying"), 5, -1)
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
		out = append(out, fmt.Sprintf("  b := %s;", s.call("overlay", "b", s.sub(y, from+1, r.Width), fmt.Sprint(s.off(r)+1))))
		from += r.Width
	}
	return strings.Join(out, "\n") + "\n"
}

// gather returns bit-string expressions of the runs of the bit string b.
func (s *script) gather(b string, runs []resolved.Run) []string {
	var parts []string
	for _, r := range runs {
		parts = append(parts, s.sub(b, s.off(r)+1, r.Width))
	}
	return parts
}

// checkConst returns the statement that raises, with raise, when the bits
// of b under mask are not bits.
func (s *script) checkConst(mask, bits []byte, raise string) string {
	test := s.op("("+s.op("b", "&", bitsLit(mask, s.l.Bits))+")", "<>", bitsLit(bits, s.l.Bits))
	return fmt.Sprintf("  IF %s THEN\n    %s\n  END IF;\n", test, raise)
}

func (s *script) emitMask() {
	p, ok := s.maskPlan()
	if !ok {
		return
	}
	last := idrt.MaskRounds
	tweakParams := func(v string) [][2]string {
		return [][2]string{{v, s.typ}, {"key", "bytea"}, {"tweak", "bytea"}}
	}
	public := portable.PublicFormDoc(s.l, "a value of the same type")

	build := func(forward bool) string {
		s.safe = true
		defer func() { s.safe = false }()
		var b strings.Builder
		suffix := "unmask"
		if forward {
			suffix = "mask"
		}
		fmt.Fprintf(&b, "DECLARE\n%s  b bit(%d) := %s;\nBEGIN\n", s.maskDecls(p), s.l.Bits, s.idBits("$1"))
		b.WriteString(`  -- The named-key functions call this as the owner of the key table:
  -- every name is pg_catalog's, qualified, and every argument has the
  -- exact type of its signature, so that no function or operator another
  -- role creates is a candidate, whatever the search_path.
`)
		b.WriteString(s.keyStmts(suffix))
		bits := func(parts []string) string { return fmt.Sprintf("(%s)::bit(%d)", s.catBits(parts...), p.n) }
		id := "$1::" + s.sqlType("text")
		notMasked := s.raise(suffix, "22P02", "ErrNotMasked: %s is not a public form of a %s ID", id, s.str(s.l.Name))
		if forward {
			if hasOnes(p.shape.IDMask) {
				b.WriteString(s.checkConst(p.shape.IDMask, p.shape.IDBits,
					s.raise(suffix, "22P02", "ErrInvalid: %s is not a %s ID: its constant bits are not the layout's", id, s.str(s.l.Name))))
			}
			x := s.gather("b", p.free)
			if p.pad > 0 {
				x = append([]string{fmt.Sprintf("B'%s'", strings.Repeat("0", p.pad))}, x...)
			}
			fmt.Fprintf(&b, "  x := %s;\n", bits(x))
			b.WriteString(s.splitHalf(0, p.u, "x", 0))
			b.WriteString(s.splitHalf(1, p.v, "x", p.u))
			for i := range idrt.MaskRounds {
				b.WriteString(s.roundStmts(p, i, i+2, i, i+1))
			}
			fmt.Fprintf(&b, "  x := %s;\n", bits(append(s.halfBits(last, p.u), s.halfBits(last+1, p.v)...)))
			fmt.Fprintf(&b, "  b := %s;\n", bitsLit(p.shape.PubBits, s.l.Bits))
			b.WriteString(s.scatter("x", 0, p.pubs))
		} else {
			b.WriteString(s.checkConst(p.shape.PubMask, p.shape.PubBits, notMasked))
			fmt.Fprintf(&b, "  x := %s;\n", bits(s.gather("b", p.pubs)))
			b.WriteString(s.splitHalf(last, p.u, "x", 0))
			b.WriteString(s.splitHalf(last+1, p.v, "x", p.u))
			for i := idrt.MaskRounds - 1; i >= 0; i-- {
				// r(i+2) = r(i) xor F(i, r(i+1)), so r(i) = r(i+2) xor F(i, r(i+1)).
				b.WriteString(s.roundStmts(p, i, i, i+2, i+1))
			}
			fmt.Fprintf(&b, "  x := %s;\n", bits(append(s.halfBits(0, p.u), s.halfBits(1, p.v)...)))
			if p.pad > 0 {
				fmt.Fprintf(&b, "  IF %s THEN\n    %s\n  END IF;\n", s.op(s.sub("x", 1, p.pad), "<>", fmt.Sprintf("B'%s'", strings.Repeat("0", p.pad))), notMasked)
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
		suffix: "mask", params: tweakParams("id"), returns: s.typ, plpgsql: true, stable: true, lax: true, safe: true, body: body, fast: fast,
		doc: fmt.Sprintf("The public form of the %s ID id under key (at least 16 bytes, not all zero) and tweak: %s (idforge's Private IDs: FFX, 10 rounds of HMAC-SHA-256). The same ID, key and tweak always give the same public ID; %s inverts it. Raises SQLSTATE 22P02 (ErrInvalid) for an ID whose constant bits are not the layout's, and 22023 (ErrKey) for a key under 16 bytes or of zero bytes only.", s.l.Name, public, s.name("unmask")) + warning,
	})
	s.function(function{
		suffix: "mask", params: [][2]string{{"id", s.typ}, {"key", "bytea"}}, returns: s.typ, anyLength: true, stable: true, lax: true,
		body: fmt.Sprintf("SELECT %s($1, $2, ''::bytea)", s.ref("mask")),
		doc:  fmt.Sprintf("%s(id, key, '') : the public form of id under key, with no tweak.", s.name("mask")) + warning,
	})
	body, fast = s.both(func() string { return build(false) })
	s.function(function{
		suffix: "unmask", params: tweakParams("public"), returns: s.typ, plpgsql: true, stable: true, lax: true, safe: true, body: body, fast: fast,
		doc: fmt.Sprintf("The %s ID whose public form under key and tweak is public: the inverse of %s. Raises SQLSTATE 22P02 (ErrNotMasked) for a value whose constant bits are not the public form's, and 22023 (ErrKey) for a key under 16 bytes or of zero bytes only. A public form made under another key, tweak or layout unmasks, with no error, to some other ID: look the ID up.", s.l.Name, s.name("mask")) + unmaskWarning,
	})
	s.function(function{
		suffix: "unmask", params: [][2]string{{"public", s.typ}, {"key", "bytea"}}, returns: s.typ, anyLength: true, stable: true, lax: true,
		body: fmt.Sprintf("SELECT %s($1, $2, ''::bytea)", s.ref("unmask")),
		doc:  fmt.Sprintf("%s(public, key, '') : the ID whose public form under key, with no tweak, is public.", s.name("unmask")) + unmaskWarning,
	})
	s.emitNamed()
}
