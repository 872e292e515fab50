package mariadb

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/idforge/idforge/encodings"
)

// textType is the SQL type of an ID's text: ASCII, compared byte by
// byte, so that text that sorts as the bytes do sorts so in MariaDB.
func textType(width int) string {
	return fmt.Sprintf("VARCHAR(%d) CHARACTER SET ascii COLLATE ascii_bin", width)
}

// textParam is the SQL type of text to read: bytes, so that lengths and
// positions count bytes, as Go's do.
const textParam = "VARBINARY(1024)"

func (s *script) emitText(c *codec) {
	switch c.name {
	case "uuid":
		s.emitUUID()
	case "decimal":
		s.emitDecimal()
	default:
		s.encode(c)
		s.decode(c)
	}
}

// digitsOf returns the alphabet as a SQL literal.
func digitsOf(e *encodings.Encoding) string { return literal(e.Spec().Digits) }

func (s *script) encode(c *codec) {
	e := c.e
	spec := e.Spec()
	n := s.l.Bytes()
	w := e.DigitLen(n)
	var body string
	var decls []string
	k := 0
	if base := len(spec.Digits); base&(base-1) == 0 {
		k = bitsPerDigit(e)
	}
	switch {
	case spec.Name == "hex" && s.big:
		body = "  RETURN LPAD(LOWER(HEX(id)), 16, '0');\n"
	case spec.Name == "hex":
		body = "  RETURN LOWER(h);\n"
	case k > 0:
		// A base 2^k: each digit is k bits of the ID, read directly.
		// Right-aligned, the padding is the first digit's top bits; with
		// Spec.Bits it is the last digit's low bits.
		top := 0
		if !spec.Bits {
			top = w*k - s.l.Bits
		}
		var digits []string
		for i := range w {
			start, end := i*k-top, i*k-top+k
			lo, hi := max(start, 0), min(end, s.l.Bits)
			d := s.word(lo, hi-lo)
			if end > hi {
				d = fmt.Sprintf("(%s << %d)", d, end-hi)
			}
			digits = append(digits, fmt.Sprintf("SUBSTRING(%s, %s + 1, 1)", digitsOf(e), d))
		}
		text := "CONCAT(" + strings.Join(digits, ",\n    ") + ")"
		if spec.Check {
			decls = append(decls, "n DECIMAL(65,0) DEFAULT "+s.idDecimal())
			text = fmt.Sprintf("CONCAT(%s,\n    SUBSTRING('%s', MOD(n, 37) + 1, 1))", text, encodings.CheckDigits)
		}
		body = "  RETURN " + text + ";\n"
	default:
		decls = append(decls, "n DECIMAL(65,0) DEFAULT "+s.idDecimal(), "d INT", fmt.Sprintf("r VARCHAR(%d) DEFAULT ''", w+1), "i INT DEFAULT 0")
		var b strings.Builder
		if spec.Check {
			fmt.Fprintf(&b, "  SET r = SUBSTRING('%s', MOD(n, 37) + 1, 1);\n", encodings.CheckDigits)
		}
		if pad := e.Pad(n); pad > 0 {
			fmt.Fprintf(&b, "  SET n = n * %s;\n", pow2(pad))
		}
		base := len(spec.Digits)
		fmt.Fprintf(&b, "  WHILE i < %d DO\n    SET d = MOD(n, %d);\n    SET r = CONCAT(SUBSTRING(%s, d + 1, 1), r);\n    SET n = (n - d) / %d;\n    SET i = i + 1;\n  END WHILE;\n  RETURN r;\n",
			w, base, digitsOf(e), base)
		body = b.String()
	}
	what := fmt.Sprintf("%d %s characters", e.EncodedLen(n), spec.Title)
	s.function(function{
		suffix: "to_" + c.name, params: s.idParam(), returns: textType(e.EncodedLen(n)), idParam: true, decls: decls, body: body,
		doc: fmt.Sprintf("A %s ID as %s (%s), zero-padded to a fixed width.", s.l.Name, what, spec.Digits),
	})
}

// table returns a 256-byte lookup table as a hex literal: at each byte
// value, the digit it reads as, or 255.
func table(read func(c byte) (byte, bool)) string {
	var b strings.Builder
	b.WriteString("X'")
	for c := range 256 {
		v, ok := read(byte(c))
		if !ok {
			v = 255
		}
		fmt.Fprintf(&b, "%02X", v)
	}
	return b.String() + "'"
}

func (s *script) decode(c *codec) {
	e := c.e
	spec := e.Spec()
	n := s.l.Bytes()
	w := e.DigitLen(n)
	total := e.EncodedLen(n)
	base := len(spec.Digits)
	suffix := "from_" + c.name
	fn := literal(s.name(suffix))
	decls := []string{"n DECIMAL(65,0) DEFAULT 0", "d INT", "i INT DEFAULT 0", "len INT DEFAULT LENGTH(s)", "tbl VARBINARY(256) DEFAULT " + table(e.Digit)}
	var b strings.Builder
	fmt.Fprintf(&b, "  IF s IS NULL THEN\n    RETURN NULL;\n  END IF;\n  IF len <> %d THEN\n    %s\n  END IF;\n", total,
		s.signal("22P02", fmt.Sprintf("%s, ': ', %s(s), ' is of length ', len, ', want %d'", fn, s.ref("show"), total)))
	syntax := func(pos string) string {
		return s.signal("22P02", fmt.Sprintf("%s, ': invalid character ', %s(SUBSTRING(s, %s + 1, 1)), ' at position ', %s, ' of ', %s(s), ' (length ', len, ')'",
			fn, s.ref("show"), pos, pos, s.ref("show")))
	}
	fmt.Fprintf(&b, "  WHILE i < %d DO\n    SET d = ORD(SUBSTRING(tbl, ORD(SUBSTRING(s, i + 1, 1)) + 1, 1));\n    IF d = 255 THEN\n      %s\n    END IF;\n    SET n = n * %d + d;\n    SET i = i + 1;\n  END WHILE;\n",
		w, syntax("i"), base)
	if pad := e.Pad(n); pad > 0 {
		fmt.Fprintf(&b, "  IF MOD(n, %s) <> 0 THEN\n    %s\n  END IF;\n  SET n = n / %s;\n", pow2(pad), syntax(fmt.Sprint(w-1)), pow2(pad))
	}
	fmt.Fprintf(&b, "  IF n > %s THEN\n    %s\n  END IF;\n", mask(s.l.Bits),
		s.signal("22P02", fmt.Sprintf("%s, ': ', %s(s), ' of length ', len, ' is above the largest %d-bit value'", fn, s.ref("show"), s.l.Bits)))
	if spec.Check {
		checks := table(func(c byte) (byte, bool) {
			i := strings.IndexByte(encodings.CheckDigits, c)
			if i < 0 && 'a' <= c && c <= 'z' {
				i = strings.IndexByte(encodings.CheckDigits, c-'a'+'A')
			}
			return byte(i), i >= 0
		})
		fmt.Fprintf(&b, "  IF ORD(SUBSTRING(%s, ORD(SUBSTRING(s, %d, 1)) + 1, 1)) <> MOD(n, 37) THEN\n    %s\n  END IF;\n", checks, w+1, syntax(fmt.Sprint(w)))
	}
	b.WriteString(s.fromDecimal("n"))
	decls = append(decls, s.wordDecls(new(big.Int))...)
	rule := "case matters"
	if spec.Fold {
		rule = "either case"
	}
	s.function(function{
		suffix: suffix, params: [][2]string{{"s", textParam}}, returns: s.typ, decls: decls, body: b.String(),
		doc: fmt.Sprintf("The %s ID that %d %s characters spell (%s); a wrong length, a character the encoding does not read or a value above the largest ID is an error (SQLSTATE 22P02).", s.l.Name, total, spec.Title, rule),
	})
}

// fromDecimal returns the statements that return the ID whose number is
// the DECIMAL variable v, at most 2^Bits-1.
func (s *script) fromDecimal(v string) string {
	var b strings.Builder
	for i := len(s.words) - 1; i >= 0; i-- {
		m := pow2(s.words[i])
		if i == 0 {
			fmt.Fprintf(&b, "  SET w0 = CAST(%s AS UNSIGNED);\n", v)
			break
		}
		fmt.Fprintf(&b, "  SET w%d = CAST(MOD(%s, %s) AS UNSIGNED);\n  SET %s = (%s - MOD(%s, %s)) / %s;\n", i, v, m, v, v, v, m, m)
	}
	fmt.Fprintf(&b, "  RETURN %s;\n", s.build())
	return b.String()
}

// emitUUID writes P_to_uuid and P_from_uuid, for a 128-bit layout whose
// text is a UUID's: 36 characters, lower-case hex with hyphens.
func (s *script) emitUUID() {
	s.function(function{
		suffix: "to_uuid", params: s.idParam(), returns: textType(36), idParam: true,
		body: "  RETURN LOWER(CONCAT_WS('-', SUBSTRING(h, 1, 8), SUBSTRING(h, 9, 4), SUBSTRING(h, 13, 4), SUBSTRING(h, 17, 4), SUBSTRING(h, 21, 12)));\n",
		doc:  fmt.Sprintf("A %s ID as a UUID's text, 36 characters of lower-case hex and hyphens, which CAST(... AS UUID) reads.", s.l.Name),
	})
	fn := literal(s.name("from_uuid"))
	body := fmt.Sprintf(`  IF s IS NULL THEN
    RETURN NULL;
  END IF;
  IF len <> 36 THEN
    %s
  END IF;
  WHILE i < 36 DO
    SET c = SUBSTRING(s, i + 1, 1);
    IF IF(i IN (8, 13, 18, 23), c <> '-', NOT (c BETWEEN '0' AND '9' OR c BETWEEN 'a' AND 'f' OR c BETWEEN 'A' AND 'F')) THEN
      %s
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN UNHEX(REPLACE(s, '-', ''));
`, s.signal("22P02", fmt.Sprintf("%s, ': ', %s(s), ' is of length ', len, ', want 36'", fn, s.ref("show"))),
		s.signal("22P02", fmt.Sprintf("%s, ': invalid character ', %s(c), ' at position ', i, ' of ', %s(s), ' (length ', len, ')'", fn, s.ref("show"), s.ref("show"))))
	s.function(function{
		suffix: "from_uuid", params: [][2]string{{"s", textParam}}, returns: s.typ,
		decls: []string{"i INT DEFAULT 0", "c VARBINARY(1)", "len INT DEFAULT LENGTH(s)"}, body: body,
		doc: fmt.Sprintf("The %s ID whose UUID text is s: 36 characters, hex digits in either case with hyphens at 8, 13, 18 and 23 (CAST(u AS CHAR) of a UUID column); anything else is an error (SQLSTATE 22P02).", s.l.Name),
	})
}

// emitDecimal writes P_to_decimal and P_from_decimal, for a 64-bit layout
// whose text is the unsigned number its bits hold: BIGINT UNSIGNED's own.
func (s *script) emitDecimal() {
	s.function(function{
		suffix: "to_decimal", params: s.idParam(), returns: textType(20),
		body: "  RETURN CAST(id AS CHAR);\n",
		doc:  fmt.Sprintf("A %s ID in decimal, its canonical text: the unsigned number its 64 bits hold.", s.l.Name),
	})
	most, largest := s.l.Text.Width, "9223372036854775807"
	if s.l.Text.Signed {
		largest = "18446744073709551615"
	}
	fn := literal(s.name("from_decimal"))
	body := fmt.Sprintf(`  IF s IS NULL THEN
    RETURN NULL;
  END IF;
  IF len < 1 OR len > %d THEN
    %s
  END IF;
  IF len > 1 AND LEFT(s, 1) = '0' THEN
    %s
  END IF;
  WHILE i < len DO
    SET c = SUBSTRING(s, i + 1, 1);
    IF NOT c BETWEEN '0' AND '9' THEN
      %s
    END IF;
    SET i = i + 1;
  END WHILE;
  SET n = CAST(s AS DECIMAL(65,0));
  IF n > %s THEN
    %s
  END IF;
  RETURN CAST(n AS UNSIGNED);
`, most,
		s.signal("22P02", fmt.Sprintf("%s, ': ', %s(s), ' is of length ', len, ', want 1 to %d'", fn, s.ref("show"), most)),
		s.signal("22P02", fmt.Sprintf("%s, ': invalid character ''0'' at position 0 of ', %s(s), ' (length ', len, '): only zero itself starts with a zero'", fn, s.ref("show"))),
		s.signal("22P02", fmt.Sprintf("%s, ': invalid character ', %s(c), ' at position ', i, ' of ', %s(s), ' (length ', len, ')'", fn, s.ref("show"), s.ref("show"))),
		largest,
		s.signal("22P02", fmt.Sprintf("%s, ': ', %s(s), ' of length ', len, ' is above the largest ID, %s'", fn, s.ref("show"), largest)))
	s.function(function{
		suffix: "from_decimal", params: [][2]string{{"s", textParam}}, returns: s.typ,
		decls: []string{"i INT DEFAULT 0", "c VARBINARY(1)", "n DECIMAL(65,0)", "len INT DEFAULT LENGTH(s)"}, body: body,
		doc: fmt.Sprintf("The %s ID whose canonical text is s: 1 to %d digits with no sign and no leading zeros, at most %s; anything else is an error (SQLSTATE 22P02).", s.l.Name, most, largest),
	})
}
