package compat_test

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// TestCorpus runs every conversion of conformance/conversions.jsonl, which
// the JavaScript and Python packages also read, and checks that this
// package still gives each result and error.
func TestCorpus(t *testing.T) {
	cs, err := conformance.LoadConversions("../conformance/conversions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	sentinels := map[string]error{
		"ErrNoTime": compat.ErrNoTime, "ErrNotUUID": compat.ErrNotUUID, "ErrNotV7": compat.ErrNotV7,
		"ErrNotEmbedded": compat.ErrNotEmbedded, "ErrTime": ksuid.ErrTime, "ErrRange": snowflake.ErrRange,
	}
	seen := map[string]bool{}
	for _, c := range cs {
		in, err := hex.DecodeString(c.In)
		if err != nil {
			t.Fatal(err)
		}
		seen[c.Conv] = true
		var out []byte
		switch c.Conv {
		case "UUIDToKSUID":
			k, e := compat.UUIDToKSUID(uuid.UUID(in))
			out, err = k[:], e
		case "UUIDToKSUIDAt":
			ns, e := strconv.ParseInt(c.At, 10, 64)
			if e != nil {
				t.Fatal(e)
			}
			k, e := compat.UUIDToKSUIDAt(uuid.UUID(in), time.Unix(0, ns))
			out, err = k[:], e
		case "KSUIDToUUID":
			u, e := compat.KSUIDToUUID(ksuid.KSUID(in))
			out, err = u[:], e
		case "KSUIDToUUIDv7":
			u := compat.KSUIDToUUIDv7(ksuid.KSUID(in))
			out, err = u[:], nil
		case "UUIDToULID":
			l := compat.UUIDToULID(uuid.UUID(in))
			out, err = l[:], nil
		case "ULIDToUUID":
			u := compat.ULIDToUUID(ulid.ULID(in))
			out, err = u[:], nil
		case "ULIDToUUIDv7":
			u := compat.ULIDToUUIDv7(ulid.ULID(in))
			out, err = u[:], nil
		case "UUIDv7ToULID":
			l, e := compat.UUIDv7ToULID(uuid.UUID(in))
			out, err = l[:], e
		case "SnowflakeToUUIDv7":
			u, e := compat.SnowflakeToUUIDv7(snowflake.ID(binary.BigEndian.Uint64(in)))
			out, err = u[:], e
		case "UUIDv7ToSnowflake":
			id, e := compat.UUIDv7ToSnowflake(uuid.UUID(in))
			out, err = binary.BigEndian.AppendUint64(nil, uint64(id)), e
		default:
			t.Fatalf("a conversion this test does not know: %s", c.Conv)
		}
		if c.Error != "" {
			if !errors.Is(err, sentinels[c.Error]) {
				t.Errorf("%s(%s): %v, want %s", c.Conv, c.In, err, c.Error)
			}
		} else if err != nil || hex.EncodeToString(out) != c.Out {
			t.Errorf("%s(%s) = %x, %v; want %s", c.Conv, c.In, out, err, c.Out)
		}
	}
	if len(seen) != 10 {
		t.Errorf("the corpus calls %d of the 10 conversions", len(seen))
	}
}
