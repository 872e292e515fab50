package pgsql_test

import (
	"testing"

	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
)

// The SQL functions of layout discord read the ID Discord's API
// documentation gives as its example, 175928847299117063, as the bigint
// it is in every language's text (decimal): the snowflake made at
// 2016-04-30 11:18:25.796 UTC by worker 1, process 0, its 7th that
// millisecond. gen/crosslang's TestCanonicalText reads it in Go,
// JavaScript and Python. An ID of 2085, above 2^63, is written unsigned by
// discord_to_decimal and read back by discord_from_decimal.
func TestDiscordDecimal(t *testing.T) {
	db := pgtest.DB(t)
	l, err := layouts.Builtin("discord")
	if err != nil {
		t.Fatal(err)
	}
	s := load(t, db, l)
	s.exec("SET TIME ZONE 'UTC'")
	s.exec("SET DateStyle = ISO")
	const id = "'175928847299117063'::bigint"
	for _, c := range [][2]string{
		{"(" + id + ")::text", "175928847299117063"},
		{s.fn("to_hex") + "(" + id + ")", "0271065ac1020007"},
		{s.fn("time") + "(" + id + ")::text", "2016-04-30 11:18:25.796+00"},
		{s.fn("timestamp") + "(" + id + ")::text", "41944705796"},
		{s.fn("worker") + "(" + id + ")::text", "1"},
		{s.fn("process") + "(" + id + ")::text", "0"},
		{s.fn("increment") + "(" + id + ")::text", "7"},
		{s.fn("valid") + "(" + id + ")::text", "true"},
		{s.fn("from_hex") + "('0271065ac1020007')::text", "175928847299117063"},
		{s.fn("to_decimal") + "(" + id + ")", "175928847299117063"},
		{s.fn("from_decimal") + "('175928847299117063')::text", "175928847299117063"},
		// Past 2084-09 the top bit is set: the bigint is negative, and the
		// text, as Discord writes it and every language, is not.
		{s.fn("to_decimal") + "(" + s.fn("min_at") + "('2085-01-01T00:00:00Z'))", "9265532947660800000"},
		{s.fn("min_at") + "('2085-01-01T00:00:00Z')::text", "-9181211126048751616"},
		{s.fn("to_hex") + "(" + s.fn("from_decimal") + "('9265532947660800000'))", "8095c92000000000"},
		{s.fn("time") + "(" + s.fn("from_decimal") + "('9265532947660800000'))::text", "2085-01-01 00:00:00+00"},
		{s.fn("to_decimal") + "(-1)", "18446744073709551615"},
	} {
		if got := s.rows("SELECT " + c[0]); len(got) != 1 || got[0][0] != c[1] {
			t.Errorf("%s = %v, want %s", c[0], got, c[1])
		}
	}
}
