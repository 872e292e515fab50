package compat_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// FuzzConversions reads its input as a UUID, a KSUID and a Snowflake and
// checks every conversion: the lossless ones undo exactly, the lossy one
// keeps what it promises, and none panics.
func FuzzConversions(f *testing.F) {
	f.Add(make([]byte, 36))
	f.Add([]byte("\x01\x7f\x22\xe2\x79\xb0\x7c\xc3\x98\xc4\xdc\x0c\x0c\x07\x39\x8f" + "\x06\x69\xf7\xef\xb5\xa1\xcd\x34\xb5\xf9\x9d\x11\x54\xfb\x68\x53\x34\x5c\x97\x35"))
	f.Add([]byte("\x1e\xc9\x41\x4c\x23\x2a\x6b\x00\xb3\xc8\x9f\x6b\xde\xce\xd8\x46" + "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var raw [36]byte
		copy(raw[:], data)
		u := uuid.UUID(raw[:16])
		k := ksuid.KSUID(raw[16:36])

		if compat.ULIDToUUID(compat.UUIDToULID(u)) != u {
			t.Fatalf("UUID %x does not survive a ULID round trip", u[:])
		}
		checkULIDUUIDv7(t, ulid.ULID(raw[16:32]), ulid.ULID(raw[20:36]), u)
		if kk, err := compat.UUIDToKSUID(u); err == nil {
			back, err := compat.KSUIDToUUID(kk)
			if err != nil || back != u {
				t.Fatalf("UUID %x -> KSUID %x -> %x, %v", u[:], kk[:], back[:], err)
			}
			ut, _ := u.Time()
			if kk.Time().Unix() != ut.Unix() {
				t.Fatalf("KSUID second %v, UUID time %v", kk.Time(), ut)
			}
		} else if !errors.Is(err, compat.ErrNoTime) && !errors.Is(err, ksuid.ErrTime) {
			t.Fatalf("UUIDToKSUID(%x): unexpected error %v", u[:], err)
		}

		v7 := compat.KSUIDToUUIDv7(k)
		if t7, ok := v7.Time(); !ok || v7.Version() != 7 || !t7.Equal(k.Time()) {
			t.Fatalf("KSUIDToUUIDv7(%x) = %x: time %v, want %v", k[:], v7[:], t7, k.Time())
		}
		if back, err := compat.KSUIDToUUID(k); err == nil {
			if back != uuid.UUID(k.Payload()) || back[8]>>6 != 0b10 {
				t.Fatalf("KSUIDToUUID(%x) = %x", k[:], back[:])
			}
		}

		id := snowflake.ID(binary.BigEndian.Uint64(raw[:8]) >> 1) // never negative
		emb, err := compat.SnowflakeToUUIDv7(id)
		if err != nil {
			t.Fatalf("SnowflakeToUUIDv7(%d): %v", id, err)
		}
		if back, err := compat.UUIDv7ToSnowflake(emb); err != nil || back != id {
			t.Fatalf("Snowflake %d -> %x -> %d, %v", id, emb[:], back, err)
		}
		if back, err := compat.UUIDv7ToSnowflake(u); err == nil {
			if again, _ := compat.SnowflakeToUUIDv7(back); again != u {
				t.Fatalf("UUIDv7ToSnowflake accepted %x, which does not embed %d", u[:], back)
			}
		}
	})
}

// checkULIDUUIDv7 checks ULIDToUUIDv7 and UUIDv7ToULID on two ULIDs and a
// UUID against the interpreter oracle and their documented promises: the
// UUID is a v7 with the ULID's millisecond; only the top six entropy bits
// are lost; UUIDv7ToULID undoes ULIDToUUIDv7 exactly; order is kept
// whenever the dropped bits agree; and a non-v7 UUID is refused.
func checkULIDUUIDv7(t *testing.T, a, b ulid.ULID, u uuid.UUID) {
	t.Helper()
	va, vb := compat.ULIDToUUIDv7(a), compat.ULIDToUUIDv7(b)
	if want := ulidToV7Oracle(t, a); va != want {
		t.Fatalf("ULIDToUUIDv7(%x) = %x, oracle %x", a[:], va[:], want[:])
	}
	if tm, ok := va.Time(); !ok || va.Version() != 7 || va[8]>>6 != 0b10 || !tm.Equal(a.Time()) {
		t.Fatalf("ULIDToUUIDv7(%x) = %x: not a v7 at %v", a[:], va[:], a.Time())
	}
	back, err := compat.UUIDv7ToULID(va)
	trimmed := a
	trimmed[6] &= 0x03 // the six dropped bits
	if err != nil || back != trimmed {
		t.Fatalf("ULID %x -> %x -> %x, %v; want %x", a[:], va[:], back[:], err, trimmed[:])
	}
	if again := compat.ULIDToUUIDv7(back); again != va {
		t.Fatalf("UUIDv7 %x -> ULID %x -> %x", va[:], back[:], again[:])
	}
	if a[6]>>2 == b[6]>>2 && a.Compare(b) != va.Compare(vb) {
		t.Fatalf("order: ULIDs %x, %x compare %d; UUIDs %x, %x compare %d", a[:], b[:], a.Compare(b), va[:], vb[:], va.Compare(vb))
	}
	l, err := compat.UUIDv7ToULID(u)
	if u.Version() != 7 || u[8]>>6 != 0b10 {
		if !errors.Is(err, compat.ErrNotV7) {
			t.Fatalf("UUIDv7ToULID(%x) of a non-v7: err = %v", u[:], err)
		}
		return
	}
	if want := v7ToULIDOracle(t, u); err != nil || l != want || compat.ULIDToUUIDv7(l) != u {
		t.Fatalf("UUIDv7ToULID(%x) = %x, %v; oracle %x", u[:], l[:], err, want[:])
	}
	if l[6]>>2 != 0 {
		t.Fatalf("UUIDv7ToULID(%x) = %x: top six entropy bits not zero", u[:], l[:])
	}
}
