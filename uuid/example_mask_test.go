package uuid_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/uuid"
)

// Private IDs: a UUIDv7 kept in the database, and its public form, a
// UUIDv4, shown to the world. docs/private-ids.md quotes this example.
func ExampleNewMaskerV7() {
	// In production: maskkey.ReadFile("ids.key"), a file idforge key wrote.
	key, err := maskkey.Parse("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	if err != nil {
		log.Fatal(err) // ErrKey: under 16 bytes, all zero, or not hex
	}
	m, err := uuid.NewMaskerV7(key, nil) // a tweak, such as a tenant's name, or nil
	if err != nil {
		log.Fatal(err)
	}
	id := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	pub, err := m.Mask(id) // ErrInvalid for an ID that is not a UUIDv7
	if err != nil {
		log.Fatal(err)
	}
	back, err := m.Unmask(pub) // ErrNotMasked for a UUID that is not a v4
	fmt.Println(pub.Version(), back == id, err)

	_, err = m.Mask(uuid.NewV4())
	fmt.Println(errors.Is(err, uuid.ErrInvalid))
	fmt.Println(key) // a key never prints
	// Output:
	// 4 true <nil>
	// true
	// maskkey.Key(…)
}
