package typeid_test

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

// The oracle: the specification's rules as regular expressions, and the
// suffix as a number in base 32 with math/big, character by character.

var (
	prefixRE = regexp.MustCompile(`^([a-z]([a-z_]{0,61}[a-z])?)?$`) // the specification's own
	suffixRE = regexp.MustCompile(`^[0-7][0-9a-hjkmnp-tv-z]{25}$`)
)

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// oracleParse reads s as the specification defines it: the suffix is what
// follows the last underscore, since a suffix has none.
func oracleParse(s string) (prefix string, u uuid.UUID, ok bool) {
	suffix := s
	if i := strings.LastIndex(s, "_"); i >= 0 {
		prefix, suffix = s[:i], s[i+1:]
		if prefix == "" {
			return "", uuid.Nil(), false
		}
	}
	if !prefixRE.MatchString(prefix) || !suffixRE.MatchString(suffix) {
		return "", uuid.Nil(), false
	}
	n := new(big.Int)
	for _, c := range suffix {
		n.Mul(n, big.NewInt(32))
		n.Add(n, big.NewInt(int64(strings.IndexRune(alphabet, c))))
	}
	n.FillBytes(u[:])
	return prefix, u, true
}

// oracleString writes prefix and u as the specification defines it.
func oracleString(prefix string, u uuid.UUID) string {
	n := new(big.Int).SetBytes(u[:])
	digits := make([]byte, 26)
	for i := 25; i >= 0; i-- {
		var d big.Int
		n.DivMod(n, big.NewInt(32), &d)
		digits[i] = alphabet[d.Int64()]
	}
	if prefix == "" {
		return string(digits)
	}
	return prefix + "_" + string(digits)
}

// checkParse checks Parse against the oracle on s: both accept it or both
// reject it; an accepted s comes back as the oracle's prefix and UUID, and
// String gives s back; a rejected one gives a typed error and the zero
// TypeID.
func checkParse(t *testing.T, s string) {
	t.Helper()
	id, err := typeid.Parse(s)
	prefix, u, ok := oracleParse(s)
	switch {
	case ok && err != nil:
		t.Fatalf("Parse(%q): %v; the oracle reads %q, %v", s, err, prefix, u)
	case !ok && err == nil:
		t.Fatalf("Parse(%q) = %q; the oracle rejects it", s, id)
	case ok:
		if id.Prefix() != prefix || id.UUID() != u || id.String() != s {
			t.Fatalf("Parse(%q) = %q, %v, %q; the oracle reads %q, %v", s, id.Prefix(), id.UUID(), id, prefix, u)
		}
	default:
		if !errors.Is(err, typeid.ErrPrefix) && !errors.Is(err, typeid.ErrSuffix) || id != (typeid.TypeID{}) {
			t.Fatalf("Parse(%q) = %q, %v; want ErrPrefix or ErrSuffix and the zero TypeID", s, id, err)
		}
	}
}

// checkFromUUID checks FromUUID and the text it writes against the oracle.
func checkFromUUID(t *testing.T, prefix string, u uuid.UUID) {
	t.Helper()
	id, err := typeid.FromUUID(prefix, u)
	if valid := prefixRE.MatchString(prefix); valid != (err == nil) {
		t.Fatalf("FromUUID(%q, %v): %v; the oracle says valid %v", prefix, u, err, valid)
	}
	if err != nil {
		if !errors.Is(err, typeid.ErrPrefix) {
			t.Fatalf("FromUUID(%q): %v; want ErrPrefix", prefix, err)
		}
		return
	}
	want := oracleString(prefix, u)
	b, _ := id.AppendText([]byte("x"))
	if id.String() != want || string(b) != "x"+want || id.Prefix() != prefix || id.UUID() != u {
		t.Fatalf("FromUUID(%q, %v) = %q (%q), %q, %v; want %q", prefix, u, id, b, id.Prefix(), id.UUID(), want)
	}
	back, err := typeid.Parse(want)
	if err != nil || back != id {
		t.Fatalf("Parse(%q) = %q, %v; want %q back", want, back, err, id)
	}
}

// randomText makes strings that are valid TypeIDs, or nearly: drawn from
// the bytes that matter (letters in both cases, digits, the underscore, the
// Crockford aliases, a hyphen, space, non-ASCII) at the lengths that matter.
func randomText(r *rand.Rand) string {
	const some = "abcxyzABCXYZ_0123789ilouILOU- \xc3\xa9"
	var b strings.Builder
	if r.IntN(4) > 0 {
		n := []int{1, 2, 5, 62, 63, 64}[r.IntN(6)]
		for range n {
			if r.IntN(8) == 0 {
				b.WriteByte(some[r.IntN(len(some))])
			} else {
				b.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		b.WriteByte('_')
	}
	n := []int{0, 25, 26, 26, 26, 26, 27}[r.IntN(7)]
	for i := range n {
		switch {
		case r.IntN(30) == 0:
			b.WriteByte(some[r.IntN(len(some))])
		case i == 0:
			b.WriteByte(alphabet[r.IntN(9)]) // 8 is an overflow
		default:
			b.WriteByte(alphabet[r.IntN(32)])
		}
	}
	return b.String()
}

func TestParseAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	valid := 0
	for range 50000 {
		s := randomText(r)
		checkParse(t, s)
		if _, _, ok := oracleParse(s); ok {
			valid++
		}
	}
	if valid < 5000 || valid > 45000 {
		t.Errorf("%d of 50000 random texts valid: the generator does not test both sides", valid)
	}
}

func TestFromUUIDAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	prefixes := []string{"", "a", "user", "my__type", strings.Repeat("z", 63), strings.Repeat("z", 64), "User", "_a"}
	for range 20000 {
		var u uuid.UUID
		for i := range u {
			u[i] = byte(r.Uint32())
			if r.IntN(8) == 0 {
				u[i] = []byte{0, 0xff}[r.IntN(2)]
			}
		}
		checkFromUUID(t, prefixes[r.IntN(len(prefixes))], u)
	}
}
