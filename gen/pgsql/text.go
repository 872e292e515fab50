package pgsql

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/resolved"
)

// newTextCodec returns the codec of the layout's canonical text when that
// is an encoding declared as data (base58, base32hex, one the spec
// declares: any but base62, crockford and hex, which every script has),
// or nil. Its functions are P_to_NAME and P_from_NAME, NAME being the
// encoding's name with '-' as '_'. They are built from the encoding's Spec
// alone: a base 2^k is read and written k bits at a time as bit strings,
// any other base as groups of digits held in bigints.
func newTextCodec(s *script) (*textCodec, error) {
	switch e, name := s.l.Text.Encoding, s.l.Text.Name; {
	case name == "uuid", name == "decimal", resolved.IsCommonForm(name):
		return nil, nil
	default:
		spec := e.Spec()
		t := &textCodec{s: s, e: e, width: e.DigitLen(s.l.Bytes()), name: strings.ReplaceAll(spec.Name, "-", "_")}
		if k := bits.TrailingZeros(uint(len(spec.Digits))); 1<<k == len(spec.Digits) {
			t.k = k
		}
		return t, nil
	}
}

// emitText writes P_to_NAME and P_from_NAME, for a declared encoding.
func (s *script) emitText() {
	if s.text != nil {
		s.text.encode()
		s.text.decode()
	}
}

// textCodec writes the functions of one declared encoding.
type textCodec struct {
	s     *script
	e     *encodings.Encoding
	name  string // for the functions' names: to_NAME, from_NAME
	width int    // digits, without a check symbol
	k     int    // bits a digit for a base 2^k, else 0
}

// spec returns the encoding's declaration.
func (t textCodec) spec() encodings.Spec { return t.e.Spec() }

// what describes the text, for the functions' comments.
func (t textCodec) what() string {
	w := fmt.Sprintf("%d %s characters (%s)", t.width, t.spec().Title, t.spec().Digits)
	if t.spec().Check {
		w += " and Crockford's check symbol"
	}
	return w
}

// pad returns the zero bits below the ID in the digits of an encoding
// that writes bits from the top, and the zero bits above it in one of a
// base 2^k that writes a right-aligned number.
func (t textCodec) pad() (below, above int) {
	if below = t.e.Pad(t.s.l.Bytes()); below > 0 || t.k == 0 {
		return below, 0
	}
	return 0, t.k*t.width - t.s.l.Bits
}

func (t textCodec) encode() {
	s := t.s
	var body string
	if t.k != 0 {
		below, above := t.pad()
		b := s.idBits("$1")
		if above > 0 {
			b = fmt.Sprintf("B'%s' || %s", strings.Repeat("0", above), b)
		}
		if below > 0 {
			b = fmt.Sprintf("%s || B'%s'", b, strings.Repeat("0", below))
		}
		var digits []string
		for i := range t.width {
			digits = append(digits, fmt.Sprintf("substr(%s, substring(b from %d for %d)::int + 1, 1)", literal(t.spec().Digits), t.k*i+1, t.k))
		}
		text := strings.Join(digits, "\n    || ")
		if t.spec().Check {
			text += "\n    || " + t.checkSymbol(s.numeric("$1"))
		}
		body = fmt.Sprintf("DECLARE\n  b bit(%d);\nBEGIN\n  b := %s;\n  RETURN %s;\nEND", t.k*t.width, b, text)
	} else {
		chunk, unit := t.chunk()
		groups := (t.width + chunk - 1) / chunk
		var enc strings.Builder
		fmt.Fprintf(&enc, "DECLARE\n  n numeric := %s;\n  g bigint;\n  r text := '';\nBEGIN\n", s.numeric("$1"))
		if t.spec().Check {
			fmt.Fprintf(&enc, "  r := %s;\n", t.checkSymbol("n"))
		}
		base := len(t.spec().Digits)
		for gi := range groups {
			digits := min(chunk, t.width-gi*chunk)
			fmt.Fprintf(&enc, "  g := mod(n, %s)::bigint;\n  n := div(n, %s);\n", unit, unit)
			for range digits {
				fmt.Fprintf(&enc, "  r := substr(%s, (g %% %d)::int + 1, 1) || r;\n  g := g / %d;\n", literal(t.spec().Digits), base, base)
			}
		}
		enc.WriteString("  RETURN r;\nEND")
		body = enc.String()
	}
	s.function(function{
		suffix: "to_" + t.name, params: [][2]string{{"id", s.typ}}, returns: "text", plpgsql: true, body: body,
		doc: fmt.Sprintf("A %s ID as %s, the layout's canonical text, zero-padded to a fixed width.%s", s.l.Name, t.what(), t.sortsNote()),
	})
}

func (t textCodec) sortsNote() string {
	if !t.e.Sorts() {
		return " The digits do not ascend in byte order, so the text does not sort as the IDs do."
	}
	return " Under COLLATE \"C\" the text sorts as the IDs do."
}

// chunk returns how many digits of a base that is no power of two a
// bigint holds, and that base to the power.
func (t textCodec) chunk() (int, string) {
	base := big.NewInt(int64(len(t.spec().Digits)))
	limit := new(big.Int).Lsh(big.NewInt(1), 62)
	n, unit := 0, big.NewInt(1)
	for new(big.Int).Mul(unit, base).Cmp(limit) < 0 {
		unit.Mul(unit, base)
		n++
	}
	return n, unit.String()
}

// checkSymbol returns the expression of the check symbol of the numeric n.
func (t textCodec) checkSymbol(n string) string {
	return fmt.Sprintf("substr(%s, mod(%s, 37)::int + 1, 1)", literal(encodings.CheckDigits), n)
}

// class returns the characters the text may hold as a bracket expression:
// every byte the encoding reads (encodings.Encoding.Digit: its digits, in
// either case where it folds case, and its aliases), ']' first, '-' last,
// '^' not first.
func (t textCodec) class() string { return readClass(t.e) }

// readClass returns the bytes encoding e reads as a bracket expression's
// characters: ']' first, '^' and '-' last, the rest by code, a backslash
// doubled.
func readClass(e *encodings.Encoding) string {
	var cs []byte
	for c := 0; c < 128; c++ {
		if _, ok := e.Digit(byte(c)); ok {
			cs = append(cs, byte(c))
		}
	}
	slices.SortFunc(cs, func(a, b byte) int { return rank(a) - rank(b) })
	// A backslash escapes in an ARE's bracket expression too.
	return strings.ReplaceAll(string(cs), `\`, `\\`)
}

// canonical returns the expression of the text x with every byte that
// encoding e reads but never writes (a letter in the other case, an
// alias: Crockford's I, L and O) translated to the digit it reads as, so
// that strpos in the digits gives each character's value.
func canonical(e *encodings.Encoding, x string) string {
	var from, to []byte
	digits := e.Spec().Digits
	for c := 0; c < 128; c++ {
		if v, ok := e.Digit(byte(c)); ok && digits[v] != byte(c) {
			from, to = append(from, byte(c)), append(to, digits[v])
		}
	}
	if len(from) == 0 {
		return x
	}
	return fmt.Sprintf("translate(%s, %s, %s)", x, literal(string(from)), literal(string(to)))
}

// rank orders a bracket expression's characters: ']' first, '^' and '-'
// last, the rest by code.
func rank(c byte) int {
	switch c {
	case ']':
		return -1
	case '^':
		return 1000
	case '-':
		return 1001
	}
	return int(c)
}

func (t textCodec) decode() {
	s := t.s
	suffix := "from_" + t.name
	length := t.width
	if t.spec().Check {
		length++
	}
	var dec strings.Builder
	fmt.Fprintf(&dec, "DECLARE\n  u text := %s;\n  n numeric;\n  b bit(%d);\n", canonical(t.e, "$1"), s.l.Bits)
	if t.k != 0 {
		fmt.Fprintf(&dec, "  v bit(%d);\n", t.k*t.width)
	}
	dec.WriteString("BEGIN\n")
	dec.WriteString(s.checkTextLen(suffix, length))
	dec.WriteString(s.checkChars(suffix, t.width, t.class()))
	digit := func(i int) string {
		return fmt.Sprintf("(strpos(%s, substr(u, %d, 1)) - 1)", literal(t.spec().Digits), i+1)
	}
	overflow := s.raise(suffix, "22P02", "%L of length %s is above the largest "+fmt.Sprint(s.l.Bits)+"-bit value", "$1", "length($1)")
	if t.k != 0 {
		below, above := t.pad()
		var groups []string
		for i := range t.width {
			groups = append(groups, fmt.Sprintf("%s::bit(%d)", digit(i), t.k))
		}
		fmt.Fprintf(&dec, "  v := %s;\n", strings.Join(groups, "\n    || "))
		if above > 0 {
			fmt.Fprintf(&dec, "  IF substring(v from 1 for %d) <> B'%s' THEN\n    %s\n  END IF;\n", above, strings.Repeat("0", above), overflow)
		}
		if below > 0 {
			fmt.Fprintf(&dec, "  IF substring(v from %d) <> B'%s' THEN\n    %s\n  END IF;\n", t.k*t.width-below+1, strings.Repeat("0", below),
				s.raise(suffix, "22P02", "invalid character %L at position %s of %L (length %s): its last bits pad the ID and must be zero", fmt.Sprintf("substr($1, %d, 1)", t.width), fmt.Sprint(t.width-1), "$1", "length($1)"))
		}
		fmt.Fprintf(&dec, "  b := substring(v from %d for %d);\n", above+1, s.l.Bits)
		if t.spec().Check {
			fmt.Fprintf(&dec, "  n := %s;\n", numericOfBits("b", s.l.Bits))
		}
	} else {
		chunk, unit := t.chunk()
		dec.WriteString(numericStmts(t.width, chunk, len(t.spec().Digits), unit, digit))
		fmt.Fprintf(&dec, "  IF n > %s THEN\n    %s\n  END IF;\n", maxValue(s.l.Bits), overflow)
		dec.WriteString("  b := " + numericBits("n", s.l.Bits) + ";\n")
	}
	if t.spec().Check {
		fmt.Fprintf(&dec, "  IF strpos(%s, upper(substr($1, %d, 1))) - 1 <> mod(n, 37) THEN\n    %s\n  END IF;\n", literal(encodings.CheckDigits), length,
			s.raise(suffix, "22P02", "invalid character %L at position %s of %L (length %s): the check symbol does not match", fmt.Sprintf("substr($1, %d, 1)", length), fmt.Sprint(length-1), "$1", "length($1)"))
	}
	dec.WriteString("  RETURN " + s.fromBits("b") + ";\nEND")
	s.function(function{
		suffix: suffix, params: [][2]string{{"s", "text"}}, returns: s.typ, plpgsql: true, body: dec.String(),
		doc: fmt.Sprintf("The %s ID that %s spell%s; a wrong length, another character, a value above the largest ID or padding bits set is an error (SQLSTATE 22P02).", s.l.Name, t.what(), readsNote(t.spec())),
	})
}

// numericOfBits returns the bit string b, of width bits, as a numeric, 32
// bits at a time.
func numericOfBits(b string, width int) string {
	var terms []string
	for lo := 0; lo < width; lo += 32 {
		w := min(32, width-lo)
		t := fmt.Sprintf("substring(%s from %d for %d)::bigint::numeric", b, lo+1, w)
		if rest := width - lo - w; rest > 0 {
			t += " * " + pow2(rest)
		}
		terms = append(terms, t)
	}
	return strings.Join(terms, "\n    + ")
}

// readsNote says, for a decoder's comment, in which case it reads the
// digits and what aliases it reads: " (either case)", " (case matters)",
// " (either case; I and L read as 1, O as 0)".
func readsNote(spec encodings.Spec) string {
	note := "case matters"
	if spec.Fold {
		note = "either case"
	}
	if a := spec.DescribeAliases(); a != "" {
		note += "; " + a
	}
	return " (" + note + ")"
}
