package encodings_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/idforge/idforge/encodings"
	"github.com/oklog/ulid/v2"
	"github.com/segmentio/ksuid"
)

// TestKSUIDAgreement checks that 20-byte Base62 is KSUID's string format.
func TestKSUIDAgreement(t *testing.T) {
	r := newRand(t)
	for i := range 5000 {
		var b []byte
		switch i {
		case 0:
			b = make([]byte, 20)
		case 1:
			b = bytes.Repeat([]byte{0xff}, 20)
		default:
			b = randBytes(r, 20)
		}
		id, err := ksuid.FromBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		want := id.String()
		got := encodings.Base62.EncodeToString(b)
		if got != want {
			t.Fatalf("Base62(%x) = %q, ksuid = %q", b, got, want)
		}
		dec, err := encodings.Base62.DecodeString(want)
		if err != nil || !bytes.Equal(dec, b) {
			t.Fatalf("Base62.DecodeString(%q) = %x, %v; want %x", want, dec, err, b)
		}
		parsed, err := ksuid.Parse(got)
		if err != nil || !bytes.Equal(parsed.Bytes(), b) {
			t.Fatalf("ksuid.Parse(%q) = %x, %v; want %x", got, parsed.Bytes(), err, b)
		}
	}
}

// TestULIDAgreement checks that 16-byte Crockford is ULID's string format,
// including the rejection of values above 2^128-1.
func TestULIDAgreement(t *testing.T) {
	r := newRand(t)
	for i := range 5000 {
		var id ulid.ULID
		switch i {
		case 0:
		case 1:
			copy(id[:], bytes.Repeat([]byte{0xff}, 16))
		default:
			copy(id[:], randBytes(r, 16))
		}
		want := id.String()
		got := encodings.Crockford.EncodeToString(id[:])
		if got != want {
			t.Fatalf("Crockford(%x) = %q, ulid = %q", id[:], got, want)
		}
		dec, err := encodings.Crockford.DecodeString(want)
		if err != nil || !bytes.Equal(dec, id[:]) {
			t.Fatalf("Crockford.DecodeString(%q) = %x, %v; want %x", want, dec, err, id[:])
		}
		parsed, err := ulid.ParseStrict(got)
		if err != nil || parsed != id {
			t.Fatalf("ulid.ParseStrict(%q) = %x, %v; want %x", got, parsed[:], err, id[:])
		}
	}
	over := "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"
	if _, err := ulid.ParseStrict(over); !errors.Is(err, ulid.ErrOverflow) {
		t.Errorf("ulid.ParseStrict(%q) = %v, want its ErrOverflow", over, err)
	}
	if _, err := encodings.Crockford.DecodeString(over); !errors.Is(err, encodings.ErrOverflow) {
		t.Errorf("Crockford.DecodeString(%q) = %v, want ErrOverflow", over, err)
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// newRand returns a deterministic source, so failures reproduce.
func newRand(t testing.TB) *rand.Rand {
	t.Helper()
	return rand.New(rand.NewPCG(uint64(len(t.Name())), 0x1d0f))
}
