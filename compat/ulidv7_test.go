package compat_test

import (
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// ulidV7Cases pair a ULID with its UUIDv7 and the ULID that UUIDv7ToULID
// gives back: the same, with the top six entropy bits zero.
var ulidV7Cases = []struct {
	name       string
	ulid, v7   string // ULID bytes in hex; the UUID in its canonical form
	ulidBackHx string
}{
	{"zero entropy (the ULID spec's example)", "01563df36481" + "00000000000000000000", "01563df3-6481-7000-8000-000000000000", "01563df36481" + "00000000000000000000"},
	{"all-ones entropy", "01563df36481" + "ffffffffffffffffffff", "01563df3-6481-7fff-bfff-ffffffffffff", "01563df36481" + "03ffffffffffffffffff"},
	{"only the six dropped bits", "01563df36481" + "fc000000000000000000", "01563df3-6481-7000-8000-000000000000", "01563df36481" + "00000000000000000000"},
	{"the bit below them is kept", "01563df36481" + "02000000000000000000", "01563df3-6481-7800-8000-000000000000", "01563df36481" + "02000000000000000000"},
	{"the lowest bit is kept", "01563df36481" + "00000000000000000001", "01563df3-6481-7000-8000-000000000001", "01563df36481" + "00000000000000000001"},
	// RFC 9562 A.6's UUIDv7: rand_a 0xcc3, rand_b 0x18c4dc0c0c07398f, so the
	// entropy is 0xcc3<<62 | 0x18c4dc0c0c07398f = 0x330_d8c4dc0c0c07398f.
	{"RFC 9562 A.6", "017f22e279b0" + "0330d8c4dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "017f22e279b0" + "0330d8c4dc0c0c07398f"},
	{"the last millisecond", "ffffffffffff" + "0000000000000000002a", "ffffffff-ffff-7000-8000-00000000002a", "ffffffffffff" + "0000000000000000002a"},
}

func mustULID(t *testing.T, h string) ulid.ULID {
	t.Helper()
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != 16 {
		t.Fatalf("bad ULID hex %q", h)
	}
	return ulid.ULID(b)
}

func TestULIDToUUIDv7Vectors(t *testing.T) {
	for _, c := range ulidV7Cases {
		l := mustULID(t, c.ulid)
		u := compat.ULIDToUUIDv7(l)
		if u.String() != c.v7 {
			t.Errorf("%s: ULIDToUUIDv7(%x) = %s, want %s", c.name, l[:], u, c.v7)
		}
		back, err := compat.UUIDv7ToULID(uuid.MustParse(c.v7))
		if err != nil || back != mustULID(t, c.ulidBackHx) {
			t.Errorf("%s: UUIDv7ToULID(%s) = %x, %v; want %s", c.name, c.v7, back[:], err, c.ulidBackHx)
		}
		if ut, _ := u.Time(); !ut.Equal(l.Time()) {
			t.Errorf("%s: time %v, want %v", c.name, ut, l.Time())
		}
	}
	for _, s := range []string{"919108f7-52d1-4320-9bac-f847db4148a8", "017f22e2-79b0-7cc3-d8c4-dc0c0c07398f", "00000000-0000-0000-0000-000000000000"} {
		if _, err := compat.UUIDv7ToULID(uuid.MustParse(s)); !errors.Is(err, compat.ErrNotV7) {
			t.Errorf("UUIDv7ToULID(%s): err = %v, want ErrNotV7", s, err)
		}
	}
}

// ulidToV7Oracle converts through the interpreter and math/big, by the
// layouts' own field names: rand_a is entropy bits 62 to 73, rand_b bits 0
// to 61.
func ulidToV7Oracle(t testing.TB, l ulid.ULID) uuid.UUID {
	ul, _ := layouts.Builtin("ulid")
	v7, _ := layouts.Builtin("uuidv7")
	f, err := interp.Unpack(ul, l[:])
	if err != nil {
		t.Fatal(err)
	}
	e := f["entropy"]
	randA := new(big.Int).And(new(big.Int).Rsh(e, 62), big.NewInt(0xfff))
	randB := new(big.Int).And(e, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 62), big.NewInt(1)))
	b, err := interp.Pack(v7, interp.Values{"unix_ms": f["timestamp"], "rand_a": randA, "rand_b": randB})
	if err != nil {
		t.Fatal(err)
	}
	return uuid.UUID(b)
}

// v7ToULIDOracle is the inverse through the interpreter: entropy is
// rand_a<<62 | rand_b.
func v7ToULIDOracle(t testing.TB, u uuid.UUID) ulid.ULID {
	ul, _ := layouts.Builtin("ulid")
	v7, _ := layouts.Builtin("uuidv7")
	f, err := interp.Unpack(v7, u[:])
	if err != nil {
		t.Fatal(err)
	}
	e := new(big.Int).Or(new(big.Int).Lsh(f["rand_a"], 62), f["rand_b"])
	b, err := interp.Pack(ul, interp.Values{"timestamp": f["unix_ms"], "entropy": e})
	if err != nil {
		t.Fatal(err)
	}
	return ulid.ULID(b)
}

func TestULIDUUIDv7Oracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		var l ulid.ULID
		for i := range l {
			l[i] = byte(rng.Uint32())
		}
		u := compat.ULIDToUUIDv7(l)
		if want := ulidToV7Oracle(t, l); u != want {
			t.Fatalf("ULIDToUUIDv7(%x) = %x, oracle %x", l[:], u[:], want[:])
		}
		back, err := compat.UUIDv7ToULID(u)
		if want := v7ToULIDOracle(t, u); err != nil || back != want {
			t.Fatalf("UUIDv7ToULID(%x) = %x, %v; oracle %x", u[:], back[:], err, want[:])
		}
	}
}

// A monotonic ULID generator's IDs, all in one millisecond, give distinct
// UUIDv7s in the same order; and UUIDv7s give ULIDs in their order.
func TestULIDUUIDv7KeepsOrder(t *testing.T) {
	frozen := time.UnixMilli(1700000000000)
	g, err := ulid.NewGenerator(ulid.WithClock(func() time.Time { return frozen }))
	if err != nil {
		t.Fatal(err)
	}
	batch := make([]ulid.ULID, 10000)
	if err := g.Fill(batch); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(batch); i++ {
		a, b := compat.ULIDToUUIDv7(batch[i-1]), compat.ULIDToUUIDv7(batch[i])
		if a.Compare(b) >= 0 {
			t.Fatalf("ULIDs %x < %x give UUIDs %x >= %x", batch[i-1][:], batch[i][:], a[:], b[:])
		}
	}
	ug, err := uuid.NewGenerator(uuid.WithClock(func() time.Time { return frozen }))
	if err != nil {
		t.Fatal(err)
	}
	prev, _ := compat.UUIDv7ToULID(must(ug.NewV7()))
	for range 10000 {
		l, err := compat.UUIDv7ToULID(must(ug.NewV7()))
		if err != nil {
			t.Fatal(err)
		}
		if l.Compare(prev) <= 0 {
			t.Fatalf("order lost: %x after %x", l[:], prev[:])
		}
		prev = l
	}
}

func must(u uuid.UUID, err error) uuid.UUID {
	if err != nil {
		panic(err)
	}
	return u
}
