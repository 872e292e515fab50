package compat_test

import (
	"fmt"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// A UUIDv7 moves into a KSUID, keeping all its bits, and back.
func ExampleUUIDToKSUID() {
	u := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f") // RFC 9562 A.6
	k, err := compat.UUIDToKSUID(u)
	if err != nil {
		panic(err)
	}
	back, err := compat.KSUIDToUUID(k)
	fmt.Println(k, k.Time().UTC())
	fmt.Println(back, err)
	// Output:
	// 25TizqdXESOhUr0chKLCG7IeTnz 2022-02-22 19:22:22 +0000 UTC
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f <nil>
}

// Any KSUID gives a UUIDv7 of the same second.
func ExampleKSUIDToUUIDv7() {
	k, _ := ksuid.Parse("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
	u := compat.KSUIDToUUIDv7(k)
	t, _ := u.Time()
	fmt.Println(u, t.UTC())
	// Output: 015f0471-2d98-7b5a-8734-d2d7e6744553 2017-10-10 04:00:47 +0000 UTC
}

// A ULID becomes a UUIDv7 of the same millisecond: its low 74 entropy
// bits are kept, the top six dropped, so the way back gives them as zero.
func ExampleULIDToUUIDv7() {
	l := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	u := compat.ULIDToUUIDv7(l)
	back, _ := compat.UUIDv7ToULID(u)
	fmt.Println(u)
	fmt.Println(back, compat.ULIDToUUIDv7(back) == u)
	// Output:
	// 01563df3-6481-79d9-8c61-efb99302bd5b
	// 01ARYZ6S4109V4RRFFQ69G5FAV true
}

// A UUIDv7 becomes a ULID with its millisecond and all 74 random bits, and
// ULIDToUUIDv7 gives it back exactly.
func ExampleUUIDv7ToULID() {
	u := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	l, err := compat.UUIDv7ToULID(u)
	fmt.Println(l, err)
	fmt.Println(compat.ULIDToUUIDv7(l))
	_, err = compat.UUIDv7ToULID(uuid.MustParse("919108f7-52d1-4320-9bac-f847db4148a8"))
	fmt.Println(err)
	// Output:
	// 01FWHE4YDG0CRDHH6W1G60EECF <nil>
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f
	// compat: not a UUIDv7: version 4, variant bits 10
}

// A BIGINT Snowflake key moves to a uuid column, and back, exactly.
func ExampleSnowflakeToUUIDv7() {
	u, err := compat.SnowflakeToUUIDv7(snowflake.ID(1541815603606036480))
	if err != nil {
		panic(err)
	}
	id, err := compat.UUIDv7ToSnowflake(u)
	fmt.Println(u)
	fmt.Println(id, err)
	// Output:
	// 0181ab11-8149-75e8-8000-000000000000
	// 1541815603606036480 <nil>
}
