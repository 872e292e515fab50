package compat_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/uuid"
)

func TestUUIDKSUIDRoundTrip(t *testing.T) {
	for _, u := range []uuid.UUID{uuid.NewV1(), uuid.NewV6(), uuid.NewV7()} {
		k, err := compat.UUIDToKSUID(u)
		if err != nil {
			t.Fatalf("v%d: %v", u.Version(), err)
		}
		ut, _ := u.Time()
		if k.Time().Unix() != ut.Unix() || k.Payload() != [16]byte(u) {
			t.Errorf("v%d: KSUID time %v payload %x; want %v, %x", u.Version(), k.Time(), k.Payload(), ut, u)
		}
		back, err := compat.KSUIDToUUID(k)
		if err != nil || back != u {
			t.Errorf("v%d: KSUIDToUUID = %x, %v; want %x", u.Version(), back, err, u)
		}
	}
	if _, err := compat.UUIDToKSUID(uuid.NewV4()); !errors.Is(err, compat.ErrNoTime) {
		t.Errorf("v4: err = %v, want ErrNoTime", err)
	}
	at := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	v4 := uuid.NewV4()
	k, err := compat.UUIDToKSUIDAt(v4, at)
	if err != nil || !k.Time().Equal(at) {
		t.Fatalf("UUIDToKSUIDAt = %v, %v", k.Time(), err)
	}
	if back, _ := compat.KSUIDToUUID(k); back != v4 {
		t.Error("v4 round trip lost bits")
	}
	if _, err := compat.UUIDToKSUIDAt(v4, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)); !errors.Is(err, ksuid.ErrTime) {
		t.Errorf("year 2000: err = %v, want ksuid.ErrTime", err)
	}
	// A random KSUID's payload is not a UUID.
	var payload [16]byte
	payload[8] = 0xC0 // variant 0b11
	k, _ = ksuid.FromParts(at, payload)
	if _, err := compat.KSUIDToUUID(k); !errors.Is(err, compat.ErrNotUUID) {
		t.Errorf("non-UUID payload: err = %v", err)
	}
}

// UUIDv7s converted to KSUIDs sort as they did.
func TestUUIDToKSUIDKeepsOrder(t *testing.T) {
	g, err := uuid.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	first, _ := g.NewV7()
	prev, _ := compat.UUIDToKSUID(first)
	for range 10000 {
		u, _ := g.NewV7()
		k, err := compat.UUIDToKSUID(u)
		if err != nil {
			t.Fatal(err)
		}
		if k.Compare(prev) <= 0 {
			t.Fatalf("order lost: %x after %x", k, prev)
		}
		prev = k
	}
}

func TestKSUIDToUUIDv7(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var prev ksuid.KSUID
	var prevU uuid.UUID
	for i := range 10000 {
		var payload [16]byte
		for j := range payload {
			payload[j] = byte(rng.Uint32())
		}
		k, err := ksuid.FromParts(time.Unix(1600000000+int64(i), 0), payload)
		if err != nil {
			t.Fatal(err)
		}
		u := compat.KSUIDToUUIDv7(k)
		if u.Version() != 7 {
			t.Fatalf("version %d", u.Version())
		}
		if ut, _ := u.Time(); !ut.Equal(k.Time()) {
			t.Fatalf("time %v, want %v", ut, k.Time())
		}
		if f := u.V7(); uint64(f.RandA) != uint64(payload[0])<<4|uint64(payload[1]>>4) {
			t.Fatalf("rand_a %#x is not the payload's first 12 bits", f.RandA)
		}
		if i > 0 && (k.Compare(prev) > 0) != (u.Compare(prevU) > 0) {
			t.Fatalf("order of seconds lost")
		}
		if compat.KSUIDToUUIDv7(k) != u {
			t.Fatal("not deterministic")
		}
		prev, prevU = k, u
	}
}

func TestULID(t *testing.T) {
	u := uuid.NewV7()
	l := compat.UUIDToULID(u)
	ut, _ := u.Time()
	if !l.Time().Equal(ut) {
		t.Errorf("ULID time %v, UUID time %v", l.Time(), ut)
	}
	if compat.ULIDToUUID(l) != u {
		t.Error("round trip lost bits")
	}
}

func TestSnowflakeEmbedding(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var prevS snowflake.ID
	var prevU uuid.UUID
	for i := range 20000 {
		id, err := snowflake.Pack(snowflake.Fields{
			Timestamp: rng.Int64N(1 << 41), Node: rng.Int64N(1 << 10), Sequence: rng.Int64N(1 << 12),
		})
		if i%2 == 1 { // also neighbours, to test order closely
			id = prevS + 1
		}
		if err != nil {
			t.Fatal(err)
		}
		u, err := compat.SnowflakeToUUIDv7(id)
		if err != nil {
			t.Fatal(err)
		}
		if ut, _ := u.Time(); !ut.Equal(id.Time()) {
			t.Fatalf("time %v, want %v", ut, id.Time())
		}
		back, err := compat.UUIDv7ToSnowflake(u)
		if err != nil || back != id {
			t.Fatalf("round trip %d -> %x -> %d, %v", id, u, back, err)
		}
		if i > 0 && (id > prevS) != (u.Compare(prevU) > 0) {
			t.Fatalf("order lost between %d and %d", prevS, id)
		}
		prevS, prevU = id, u
	}
	if _, err := compat.UUIDv7ToSnowflake(uuid.NewV7()); !errors.Is(err, compat.ErrNotEmbedded) {
		t.Errorf("random v7: err = %v", err)
	}
	if _, err := compat.SnowflakeToUUIDv7(-1); err == nil {
		t.Error("negative Snowflake accepted")
	}
}
