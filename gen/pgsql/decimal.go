package pgsql

import (
	"fmt"
	"strconv"
)

// decimalText reports whether the layout's canonical text is decimal: a
// 64-bit layout held as a bigint, whose text is the unsigned number its
// bits hold. Its text functions are then P_to_decimal and P_from_decimal.
func (s *script) decimalText() bool { return s.kind == kBigint && s.l.Text.Name == "decimal" }

// emitDecimal writes P_to_decimal and P_from_decimal: the ID's canonical
// text, the unsigned number its 64 bits hold, where the bigint that holds
// it is negative from 2^63 on. A layout whose top bit is not a constant
// zero (resolved.Text.Signed: Discord's, whose IDs pass 2^63 in 2084)
// reads 1 to 20 digits up to 2^64-1; any other 1 to 19 up to 2^63-1, as
// Go's generated Parse of the layout does. bigint's own text (id::text,
// '…'::bigint) is signed and reads '+1', ' 1' and '01' too.
func (s *script) emitDecimal() {
	if !s.decimalText() {
		return
	}
	s.function(function{
		suffix: "to_decimal", params: [][2]string{{"id", s.typ}}, returns: "text",
		body: "SELECT CASE WHEN $1 >= 0 THEN $1::text ELSE ($1::numeric + 18446744073709551616)::text END",
		doc:  fmt.Sprintf("A %s ID in decimal, its canonical text: the unsigned number its 64 bits hold, as Go's String writes it (a bigint of 2^63 and above is negative; its text here is not).", s.l.Name),
	})
	most, largest, wrap := s.l.Text.Width, "9223372036854775807", ""
	if s.l.Text.Signed {
		// From 2^63 on, the bigint of the same 64 bits is negative.
		largest = "18446744073709551615"
		wrap = "\n  IF n > 9223372036854775807 THEN\n    n := n - 18446744073709551616;\n  END IF;"
	}
	suffix := "from_decimal"
	body := fmt.Sprintf(`DECLARE
  n numeric;
BEGIN
  IF length($1) < 1 OR length($1) > %d THEN
    %s
  END IF;
  IF length($1) > 1 AND left($1, 1) = '0' THEN
    %s
  END IF;
  IF $1 !~ '^[0-9]*$' THEN
    %s
  END IF;
  n := $1::numeric;
  IF n > %s THEN
    %s
  END IF;%s
  RETURN n::bigint;
END`, most,
		s.raise(suffix, "22P02", "%L is of length %s, want 1 to "+strconv.Itoa(most), "$1", "length($1)"),
		s.raise(suffix, "22P02", "invalid character %L at position 0 of %L (length %s): only zero itself starts with a zero", "'0'", "$1", "length($1)"),
		s.raise(suffix, "22P02", "invalid character %L at position %s of %L (length %s)", "substring($1 from '[^0-9]')", "strpos($1, substring($1 from '[^0-9]')) - 1", "$1", "length($1)"),
		largest,
		s.raise(suffix, "22P02", "%L of length %s is above the largest ID, "+largest, "$1", "length($1)"), wrap)
	s.function(function{
		suffix: suffix, params: [][2]string{{"s", "text"}}, returns: s.typ, plpgsql: true, body: body,
		doc: fmt.Sprintf("The %s ID whose canonical text is s: 1 to %d digits with no sign and no leading zeros, the unsigned number its bits hold, at most %s; anything else is an error (SQLSTATE 22P02).", s.l.Name, most, largest),
	})
}
