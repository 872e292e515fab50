package compat_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
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
