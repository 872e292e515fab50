package uuid_test

import (
	"fmt"
	"time"

	"github.com/idforge/idforge/uuid"
)

func ExampleNewV7() {
	a := uuid.NewV7()
	b := uuid.NewV7()
	fmt.Println(a.Version(), a.Compare(b) < 0)
	// Output: 7 true
}

// Backfill: build a UUIDv7 for a row created at a known time.
func ExamplePackV7() {
	created := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)
	u, err := uuid.PackV7(uuid.V7Fields{UnixMs: uint64(created.UnixMilli()), RandA: 0xCC3, RandB: 0x18C4DC0C0C07398F})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, _ := u.Time()
	fmt.Printf("%x %v\n", u[:], t)
	// Output: 017f22e279b07cc398c4dc0c0c07398f 2022-02-22 19:22:22 +0000 UTC
}

func ExampleNewV5() {
	u := uuid.NewV5(uuid.NamespaceDNS(), "www.example.com")
	fmt.Printf("%x\n", u[:])
	// Output: 2ed6657de927568b95e12665a8aea6a2
}

func ExampleV1ToV6() {
	v1, _ := uuid.PackV1(uuid.V1Fields{Timestamp: 0x1EC9414C232AB00, ClockSeq: 0x33C8, Node: 0x9F6BDECED846})
	v6, _ := uuid.V1ToV6(v1)
	fmt.Printf("%x\n", v6[:])
	// Output: 1ec9414c232a6b00b3c89f6bdeced846
}

// A generator with an injected clock, for tests and for replaying history.
func ExampleNewGenerator() {
	frozen := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	g, err := uuid.NewGenerator(uuid.WithClock(func() time.Time { return frozen }))
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := g.NewV7()
	b, _ := g.NewV7()
	ta, _ := a.Time()
	fmt.Println(ta, a.Compare(b) < 0)
	// Output: 2030-01-01 00:00:00 +0000 UTC true
}

func ExampleGenerator_FillV7() {
	var g uuid.Generator // the zero Generator is ready to use
	batch := make([]uuid.UUID, 1000)
	if err := g.FillV7(batch); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(batch[0].Compare(batch[999]) < 0)
	// Output: true
}

func ExampleUUID_Variant() {
	u := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	fmt.Println(u.Version(), u.Variant())
	fmt.Println(uuid.Nil().Variant(), uuid.Max().Variant())
	// Output:
	// 7 RFC 9562
	// NCS Future
}

func ExampleUUID_IsZero() {
	var u uuid.UUID // a UUID not yet set is Nil
	fmt.Println(u.IsZero(), uuid.NewV7().IsZero())
	// Output: true false
}

func ExampleUUID_Valid() {
	// Parse reads any UUID; Valid says whether it is one this package makes:
	// the RFC 9562 variant, with version 1 or 3 to 8.
	for _, s := range []string{
		"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", // version 7
		"000003e8-9414-21ec-b300-325096b39f47", // version 2 (DCE Security)
		"017f22e2-79b0-7cc3-c8c4-dc0c0c07398f", // Microsoft's variant
		"00000000-0000-0000-0000-000000000000", // Nil
	} {
		fmt.Println(uuid.MustParse(s).Valid())
	}
	// Output:
	// true
	// false
	// false
	// false
}
