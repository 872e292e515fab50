// Package compat converts IDs between families: UUID and KSUID, UUID and
// ULID (bit for bit, or as UUIDv7), Snowflake and UUIDv7. Each function says what it keeps and what it
// loses. (UUIDv1 and v6 convert within package uuid: uuid.V1ToV6.)
package compat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// Errors from the conversions. Match them with errors.Is.
var (
	// ErrNoTime means the UUID's version carries no time (v3, v4, v5, v8):
	// give the time with UUIDToKSUIDAt.
	ErrNoTime = errors.New("compat: the UUID holds no time")
	// ErrNotUUID means bytes that should hold an RFC 9562 UUID do not: the
	// variant is not 0b10 or the version is not 1 to 8.
	ErrNotUUID = errors.New("compat: not an RFC 9562 UUID")
	// ErrNotEmbedded means a UUIDv7 is not one SnowflakeToUUIDv7 made.
	ErrNotEmbedded = errors.New("compat: not a Snowflake embedded in a UUIDv7")
	// ErrNotV7 means a UUID given where a UUIDv7 is needed has another
	// version, or not the RFC 9562 variant.
	ErrNotV7 = errors.New("compat: not a UUIDv7")
)

// isRFC9562 reports whether u has the RFC 9562 variant and a defined version.
func isRFC9562(u uuid.UUID) bool {
	return u[8]>>6 == 0b10 && u.Version() >= 1 && u.Version() <= 8
}

// UUIDToKSUID returns the KSUID whose timestamp is the UUID's time (v1, v6
// or v7) and whose payload is the UUID's 16 bytes.
//
// Kept: every bit of the UUID, so KSUIDToUUID gives it back; and order, for
// v6 and v7, whose bytes already sort by time. Lost: nothing; the KSUID's
// second is derived from the UUID. It returns ErrNoTime for UUIDs without a
// time, and ksuid.ErrTime for a time outside the KSUID's range
// (2014-05-13 to 2150).
func UUIDToKSUID(u uuid.UUID) (ksuid.KSUID, error) {
	t, ok := u.Time()
	if !ok {
		return ksuid.KSUID{}, fmt.Errorf("%w: version %d", ErrNoTime, u.Version())
	}
	return UUIDToKSUIDAt(u, t)
}

// UUIDToKSUIDAt returns the KSUID whose timestamp is t, to the second, and
// whose payload is the UUID's 16 bytes: the form for UUIDs without a time,
// such as v4 with the row's creation time. Kept: every bit of the UUID.
func UUIDToKSUIDAt(u uuid.UUID, t time.Time) (ksuid.KSUID, error) {
	return ksuid.FromParts(t, u)
}

// KSUIDToUUID returns the UUID held in a KSUID's payload: the exact inverse
// of UUIDToKSUID. Lost: the KSUID's timestamp (for a UUID with a time it is
// the UUID's own, to the second). It returns ErrNotUUID when the payload is
// not an RFC 9562 UUID, as in a KSUID made by ksuid.New.
func KSUIDToUUID(k ksuid.KSUID) (uuid.UUID, error) {
	u := uuid.UUID(k.Payload())
	if !isRFC9562(u) {
		return uuid.UUID{}, fmt.Errorf("%w: the payload of KSUID %x", ErrNotUUID, [20]byte(k))
	}
	return u, nil
}

// KSUIDToUUIDv7 returns a UUIDv7 for any KSUID: its time is the KSUID's
// second, and its other 74 bits are the first 74 bits of the payload.
//
// Kept: the time to the second, and so the order of KSUIDs from different
// seconds; the same KSUID always gives the same UUID. Lost: the rest of the
// payload (54 bits), so it cannot be undone and KSUIDs within one second
// may sort differently as UUIDs.
func KSUIDToUUIDv7(k ksuid.KSUID) uuid.UUID {
	p := k.Payload()
	hi, lo := binary.BigEndian.Uint64(p[0:8]), binary.BigEndian.Uint64(p[8:16])
	u, _ := uuid.PackV7(uuid.V7Fields{
		UnixMs: uint64(k.Time().UnixMilli()),
		RandA:  uint16(hi >> 52),   // payload bits 0 to 11
		RandB:  hi<<12>>2 | lo>>54, // payload bits 12 to 73
	})
	return u
}

// UUIDToULID returns the ULID with the same 128 bits. Kept: everything. A
// UUIDv7's first 48 bits are Unix milliseconds, as a ULID's are, so the ULID
// has the UUID's time; other versions give ULIDs whose time means nothing.
// The ULID's entropy still holds the UUID's version and variant bits;
// UUIDv7ToULID gives a ULID whose entropy is only the UUIDv7's random bits.
func UUIDToULID(u uuid.UUID) ulid.ULID { return ulid.ULID(u) }

// ULIDToUUID returns the UUID with the same 128 bits. Kept: everything. The
// result is an RFC 9562 UUID only if the ULID came from one (UUIDToULID);
// a ULID from ulid.New has no version or variant bits: ULIDToUUIDv7 makes a
// UUIDv7 of any ULID.
func ULIDToUUID(u ulid.ULID) uuid.UUID { return uuid.UUID(u) }

// ULIDToUUIDv7 returns a UUIDv7 for any ULID: unix_ts_ms is the ULID's
// millisecond, and rand_a and rand_b hold the low 74 bits of its 80-bit
// entropy (rand_a the upper 12 of them, rand_b the lower 62).
//
// Lost: the six most significant entropy bits (bits 48 to 53 of the ULID,
// the top six bits of its byte 6), as UUIDv7 spends six bits on its version
// and variant; UUIDv7ToULID gives the ULID back with those six bits zero.
// Kept: the millisecond, so ULIDs of different milliseconds keep their
// order; and the low 74 entropy bits, where a monotonic ULID generator
// counts within a millisecond, so the consecutive ULIDs of one generator
// give distinct UUIDs in the same order (dropping the low six bits instead
// would merge them in runs of 64). Two ULIDs of one millisecond that differ
// only in their top six entropy bits give the same UUID.
func ULIDToUUIDv7(l ulid.ULID) uuid.UUID {
	hi := uint64(binary.BigEndian.Uint16(l[6:8])) & 0x3ff // entropy bits 64 to 73, counted from the bottom
	lo := binary.BigEndian.Uint64(l[8:16])
	u, _ := uuid.PackV7(uuid.V7Fields{ // every field fits: 48, 12 and 62 bits
		UnixMs: l.Timestamp(),
		RandA:  uint16(hi<<2 | lo>>62),
		RandB:  lo & (1<<62 - 1),
	})
	return u
}

// UUIDv7ToULID returns the ULID with a UUIDv7's millisecond, whose 80-bit
// entropy is the UUID's 74 random bits (rand_a, then rand_b) below six
// zero bits. It is the inverse of ULIDToUUIDv7: ULIDToUUIDv7 gives the UUID
// back exactly.
//
// Kept: the millisecond and all 74 bits of rand_a and rand_b, and so the
// order: UUIDv7s sort as their ULIDs do. Lost: only the constant version
// and variant bits. Unlike UUIDToULID, which copies all 128 bits, the
// ULID's entropy holds no version or variant. It returns ErrNotV7 for a
// UUID that is not a UUIDv7.
func UUIDv7ToULID(u uuid.UUID) (ulid.ULID, error) {
	if u.Version() != 7 || u[8]>>6 != 0b10 {
		return ulid.ULID{}, fmt.Errorf("%w: version %d, variant bits %02b", ErrNotV7, u.Version(), u[8]>>6)
	}
	f := u.V7()
	var l ulid.ULID
	copy(l[0:6], u[0:6])
	binary.BigEndian.PutUint16(l[6:8], f.RandA>>2)
	binary.BigEndian.PutUint64(l[8:16], uint64(f.RandA&3)<<62|f.RandB)
	return l, nil
}

// SnowflakeToUUIDv7 embeds a Snowflake in a UUIDv7, for moving BIGINT keys
// to uuid columns: unix_ts_ms is the Snowflake's time, rand_a and the top 10
// bits of rand_b hold its node and sequence, and the remaining 52 bits are
// zero, so the same Snowflake always gives the same UUID.
//
// Kept: every bit (UUIDv7ToSnowflake undoes it) and the order of the IDs.
// The UUIDs have no randomness, so mint new rows' keys with uuid.NewV7.
func SnowflakeToUUIDv7(id snowflake.ID) (uuid.UUID, error) {
	if id < 0 {
		return uuid.UUID{}, fmt.Errorf("%w: Snowflake %d is negative", snowflake.ErrRange, id)
	}
	f := id.Fields()
	low := uint64(f.Node)<<12 | uint64(f.Sequence) // 22 bits
	return uuid.PackV7(uuid.V7Fields{
		UnixMs: uint64(id.Time().UnixMilli()),
		RandA:  uint16(low >> 10),
		RandB:  low & 0x3ff << 52,
	})
}

// UUIDv7ToSnowflake undoes SnowflakeToUUIDv7. It returns ErrNotEmbedded for
// a UUID that is not a v7, has a nonzero bit where SnowflakeToUUIDv7 writes
// zeros, or a time outside the Snowflake's range.
func UUIDv7ToSnowflake(u uuid.UUID) (snowflake.ID, error) {
	f := u.V7()
	if u.Version() != 7 || u[8]>>6 != 0b10 || f.RandB&(1<<52-1) != 0 {
		return 0, fmt.Errorf("%w: %x", ErrNotEmbedded, [16]byte(u))
	}
	low := uint64(f.RandA)<<10 | f.RandB>>52
	ms := int64(f.UnixMs) - snowflake.ID(0).Time().UnixMilli()
	id, err := snowflake.Pack(snowflake.Fields{Timestamp: ms, Node: int64(low >> 12), Sequence: int64(low & 0xfff)})
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrNotEmbedded, err)
	}
	return id, nil
}
