package fuzz_test

import (
	"encoding/binary"
	"testing"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

func builtin(f *testing.F, name string) *layouts.Layout {
	l, err := layouts.Builtin(name)
	if err != nil {
		f.Fatal(err)
	}
	return l
}

func uuidBytes(u uuid.UUID) []byte { return u[:] }

// crockford is the encoding the packages' Crockford forms are in: their
// parsers read Crockford's aliases, and write them back as their digits.
var crockford, _ = encodings.Lookup("crockford")

// The text forms every UUID has, whatever its version.
var uuidTexts = []fuzz.Text[uuid.UUID]{
	{Name: "canonical", Encode: uuid.UUID.String, Parse: uuid.Parse, FoldCase: true, Sorted: true, Lenient: true},
	{Name: "base62", Encode: uuid.UUID.Base62, Parse: uuid.ParseBase62, Sorted: true},
	{Name: "crockford", Encode: uuid.UUID.Crockford, Parse: uuid.ParseCrockford, FoldCase: true, Sorted: true, Reference: crockford},
	{Name: "hex", Encode: uuid.UUID.Hex, Parse: uuid.ParseHex, FoldCase: true, Sorted: true},
}

// validUUID is Valid for one member of package uuid: a UUID of the package
// with the member's version.
func validUUID(version int) func(uuid.UUID) bool {
	return func(u uuid.UUID) bool { return u.Valid() && u.Version() == version }
}

func FuzzUUIDv7(f *testing.F) {
	g, err := uuid.NewGenerator()
	if err != nil {
		f.Fatal(err)
	}
	fuzz.Generated(f, builtin(f, "uuidv7"), fuzz.Codec[uuid.UUID, uuid.V7Fields]{
		Pack: uuid.PackV7, Fields: uuid.UUID.V7, Bytes: uuidBytes, Texts: uuidTexts, Next: g.NewV7,
		Valid: validUUID(7), Zero: func() (uuid.UUID, error) { var z uuid.Generator; return z.NewV7() },
	})
}

func FuzzUUIDv6(f *testing.F) {
	g, err := uuid.NewGenerator()
	if err != nil {
		f.Fatal(err)
	}
	fuzz.Generated(f, builtin(f, "uuidv6"), fuzz.Codec[uuid.UUID, uuid.V6Fields]{
		Pack: uuid.PackV6, Fields: uuid.UUID.V6, Bytes: uuidBytes, Texts: uuidTexts, Next: g.NewV6,
		Valid: validUUID(6), Zero: func() (uuid.UUID, error) { var z uuid.Generator; return z.NewV6() },
	})
}

func FuzzUUIDv1(f *testing.F) {
	g, err := uuid.NewGenerator()
	if err != nil {
		f.Fatal(err)
	}
	fuzz.Generated(f, builtin(f, "uuidv1"), fuzz.Codec[uuid.UUID, uuid.V1Fields]{
		Pack: uuid.PackV1, Fields: uuid.UUID.V1, Bytes: uuidBytes, Texts: uuidTexts, Next: g.NewV1,
		Valid: validUUID(1), Zero: func() (uuid.UUID, error) { var z uuid.Generator; return z.NewV1() },
	})
}

func FuzzKSUID(f *testing.F) {
	g, err := ksuid.NewGenerator()
	if err != nil {
		f.Fatal(err)
	}
	fuzz.Generated(f, builtin(f, "ksuid"), fuzz.Codec[ksuid.KSUID, ksuid.Fields]{
		Pack: ksuid.Pack, Fields: ksuid.KSUID.Fields, Bytes: func(k ksuid.KSUID) []byte { return k[:] },
		Texts: []fuzz.Text[ksuid.KSUID]{
			{Name: "base62", Encode: ksuid.KSUID.String, Parse: ksuid.Parse, Sorted: true},
			{Name: "crockford", Encode: ksuid.KSUID.Crockford, Parse: ksuid.ParseCrockford, FoldCase: true, Sorted: true, Reference: crockford},
		},
		Next: g.Next, Valid: ksuid.KSUID.Valid,
		Zero: func() (ksuid.KSUID, error) { var z ksuid.Generator; return z.Next() },
	})
}

func FuzzULID(f *testing.F) {
	g, err := ulid.NewGenerator()
	if err != nil {
		f.Fatal(err)
	}
	fuzz.Generated(f, builtin(f, "ulid"), fuzz.Codec[ulid.ULID, ulid.Fields]{
		Pack: ulid.Pack, Fields: ulid.ULID.Fields, Bytes: func(u ulid.ULID) []byte { return u[:] },
		Texts: []fuzz.Text[ulid.ULID]{
			{Name: "crockford", Encode: ulid.ULID.String, Parse: ulid.Parse, FoldCase: true, Sorted: true, Reference: crockford},
			{Name: "base62", Encode: ulid.ULID.Base62, Parse: ulid.ParseBase62, Sorted: true},
		},
		Next: g.Next, Valid: ulid.ULID.Valid,
		Zero: func() (ulid.ULID, error) { var z ulid.Generator; return z.Next() },
	})
}

func FuzzSnowflake(f *testing.F) {
	g, err := snowflake.NewGenerator(5)
	if err != nil {
		f.Fatal(err)
	}
	fuzz.Generated(f, builtin(f, "snowflake"), fuzz.Codec[snowflake.ID, snowflake.Fields]{
		Pack: snowflake.Pack, Fields: snowflake.ID.Fields,
		Bytes: func(id snowflake.ID) []byte { return binary.BigEndian.AppendUint64(nil, uint64(id)) },
		Texts: []fuzz.Text[snowflake.ID]{
			{Name: "decimal", Encode: snowflake.ID.String, Parse: snowflake.Parse},
			{Name: "base62", Encode: snowflake.ID.Base62, Parse: snowflake.ParseBase62, Sorted: true},
		},
		Next: g.Next, Valid: snowflake.ID.Valid,
		Zero: func() (snowflake.ID, error) { var z snowflake.Generator; return z.Next() },
	})
}
