//go:build go1.27

package uuid_test

import (
	"fmt"
	stduuid "uuid"

	"github.com/idforge/idforge/uuid"
)

// Both packages' UUIDs are [16]byte, so a value of one converts to the
// other, with no function in between.
func Example_stdlib() {
	id := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	s := stduuid.UUID(id) // hand ours to code that takes the standard library's
	fmt.Println(s)

	back := uuid.UUID(stduuid.MustParse("017F22E2-79B0-7CC3-98C4-DC0C0C07398F"))
	t, _ := back.Time()
	fmt.Println(back.Version(), t, back == id)
	// Output:
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f
	// 7 2022-02-22 19:22:22 +0000 UTC true
}
