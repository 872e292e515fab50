package corpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// makeConversions returns conversions.jsonl: package compat's functions on
// fixed inputs chosen to reach every branch, each error included.
func makeConversions() ([]byte, error) {
	rnd := rand.NewChaCha8(sha256.Sum256([]byte("idforge conversions")))
	random := func(n int) []byte { b := make([]byte, n); rnd.Read(b); return b }
	// withVersion returns 16 random bytes with RFC 9562's variant and the
	// version v.
	withVersion := func(v byte) uuid.UUID {
		var u uuid.UUID
		rnd.Read(u[:])
		u[6] = u[6]&0x0f | v<<4
		u[8] = u[8]&0x3f | 0x80
		return u
	}
	v7At := func(ms uint64) uuid.UUID {
		u := withVersion(7)
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], ms)
		copy(u[:6], b[2:])
		return u
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	add := func(conv string, in []byte, res []byte, err error) error {
		c := conformance.Conversion{Conv: conv, In: hex.EncodeToString(in)}
		if err != nil {
			c.Error = errorName(err)
		} else {
			c.Out = hex.EncodeToString(res)
		}
		return enc.Encode(c)
	}
	sample := uint64(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC).UnixMilli())

	// UUIDs of every version, the Nil, the Max, a v7 past a KSUID's
	// range and a v1 before it.
	var uuids []uuid.UUID
	for v := byte(1); v <= 8; v++ {
		uuids = append(uuids, withVersion(v))
	}
	uuids = append(uuids, v7At(sample), v7At(sample+1), v7At(0), v7At(1<<48-1), uuid.Nil(), uuid.Max(), uuid.UUID(random(16)))
	v1 := withVersion(1)
	v1[0], v1[1], v1[2], v1[3], v1[4], v1[5], v1[6], v1[7] = 0, 0, 0, 0, 0, 0, 0x10, 0 // 1582
	uuids = append(uuids, v1)
	v6, err := uuid.V1ToV6(uuids[0])
	if err != nil {
		return nil, err
	}
	uuids = append(uuids, v6)

	var ksuids []ksuid.KSUID
	for _, u := range uuids {
		k, err := compat.UUIDToKSUID(u)
		if err := add("UUIDToKSUID", u[:], k[:], err); err != nil {
			return nil, err
		}
		if err == nil {
			ksuids = append(ksuids, k)
		}
	}
	ats := []time.Time{time.Unix(1_700_000_000, 999_999_999), time.Unix(0, 0), time.Date(2150, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2014, 5, 13, 16, 53, 20, 0, time.UTC)}
	for i, at := range ats {
		u := uuids[3+i%5]
		k, err := compat.UUIDToKSUIDAt(u, at)
		c := conformance.Conversion{Conv: "UUIDToKSUIDAt", In: hex.EncodeToString(u[:]), At: fmt.Sprint(at.UnixNano())}
		if err != nil {
			c.Error = errorName(err)
		} else {
			c.Out = hex.EncodeToString(k[:])
		}
		if err := enc.Encode(c); err != nil {
			return nil, err
		}
	}
	ksuids = append(ksuids, ksuid.KSUID(random(20)), ksuid.KSUID{}, ksuid.KSUID(bytes.Repeat([]byte{0xff}, 20)))
	for _, k := range ksuids {
		u, err := compat.KSUIDToUUID(k)
		if err := add("KSUIDToUUID", k[:], u[:], err); err != nil {
			return nil, err
		}
		u = compat.KSUIDToUUIDv7(k)
		if err := add("KSUIDToUUIDv7", k[:], u[:], nil); err != nil {
			return nil, err
		}
	}

	ulids := []ulid.ULID{ulid.ULID(random(16)), ulid.ULID(random(16)), {}, ulid.ULID(bytes.Repeat([]byte{0xff}, 16))}
	for _, u := range uuids[:4] {
		l := compat.UUIDToULID(u)
		if err := add("UUIDToULID", u[:], l[:], nil); err != nil {
			return nil, err
		}
		ulids = append(ulids, l)
	}
	for _, l := range ulids {
		u := compat.ULIDToUUID(l)
		if err := add("ULIDToUUID", l[:], u[:], nil); err != nil {
			return nil, err
		}
		u = compat.ULIDToUUIDv7(l)
		if err := add("ULIDToUUIDv7", l[:], u[:], nil); err != nil {
			return nil, err
		}
	}
	for _, u := range uuids {
		l, err := compat.UUIDv7ToULID(u)
		if err := add("UUIDv7ToULID", u[:], l[:], err); err != nil {
			return nil, err
		}
	}

	ids := []snowflake.ID{0, 1, 1<<63 - 1, snowflake.ID(binary.BigEndian.Uint64(random(8)) >> 1), -1, -1 << 63}
	embedded := slices.Clone(uuids)
	for _, id := range ids {
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], uint64(id))
		u, err := compat.SnowflakeToUUIDv7(id)
		if err := add("SnowflakeToUUIDv7", b[:], u[:], err); err != nil {
			return nil, err
		}
		if err == nil {
			embedded = append(embedded, u)
		}
	}
	// A v7 that embeds a Snowflake but for one low bit, and one whose time
	// is before the Snowflake's epoch.
	notQuite := embedded[len(embedded)-1]
	notQuite[15] |= 1
	embedded = append(embedded, notQuite, v7At(0))
	for _, u := range embedded {
		id, err := compat.UUIDv7ToSnowflake(u)
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], uint64(id))
		if err := add("UUIDv7ToSnowflake", u[:], b[:], err); err != nil {
			return nil, err
		}
	}
	return out.Bytes(), nil
}

// errorName names the sentinel an error wraps, as the corpus does.
func errorName(err error) string {
	for _, e := range []struct {
		name string
		err  error
	}{
		{"ErrNoTime", compat.ErrNoTime},
		{"ErrNotUUID", compat.ErrNotUUID},
		{"ErrNotV7", compat.ErrNotV7},
		{"ErrNotEmbedded", compat.ErrNotEmbedded},
		{"ErrTime", ksuid.ErrTime},
		{"ErrRange", snowflake.ErrRange},
	} {
		if errors.Is(err, e.err) {
			return e.name
		}
	}
	panic("conformance/internal/corpus: an error the corpus has no name for: " + err.Error())
}
