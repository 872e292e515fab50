package golang

import (
	"strings"
	"unicode"
)

// Doc comments paste names from the spec and the package into prose; these
// helpers keep the prose English.

// an returns the phrase s with the indefinite article it takes: "an orderid
// ID", "a ulid ID", "an ID", "a KSUID", "an 80-bit counter", "a 16-bit
// counter". It goes by sound as far as spelling tells: a word that starts
// with a, e, i or o (u mostly sounds like "you" in identifiers: uuid, ulid,
// unix), a capitalised abbreviation whose first letter's name starts with a
// vowel (an ID, an SQL type), and a number that is read starting with a
// vowel (8, 11, 18, 80 to 89, 800 to 899, ...; widths stop at 1024).
func an(s string) string {
	if s == "" {
		return s
	}
	word := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' })[0]
	vowel := false
	switch c := word[0]; {
	case '0' <= c && c <= '9':
		n := len(word) - len(strings.TrimLeft(word, "0123456789"))
		digits := word[:n]
		vowel = c == '8' || digits == "11" || digits == "18"
	case abbreviation(word):
		vowel = strings.ContainsRune("AEFHILMNORSX", rune(c))
	default:
		vowel = strings.ContainsRune("aeioAEIO", rune(c))
	}
	if vowel {
		return "an " + s
	}
	return "a " + s
}

// abbreviation reports whether a word is read letter by letter: its first two
// letters are capitals, as in ID, KSUID or UUIDv7.
func abbreviation(word string) bool {
	return len(word) >= 2 && unicode.IsUpper(rune(word[0])) && unicode.IsUpper(rune(word[1]))
}

// plural returns the plural of a type name: IDs, UUIDs, KSUIDs.
func plural(t string) string { return t + "s" }
