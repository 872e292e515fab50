package ulid_test

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/ulid"
)

func ExampleParse() {
	id, err := ulid.Parse("01ARYZ6S410000000000000000")
	fmt.Println(id.Time().UnixMilli(), err)
	// Lower case reads the same ULID.
	same, _ := ulid.Parse("01aryz6s410000000000000000")
	fmt.Println(same == id, same)
	// Output:
	// 1469918176385 <nil>
	// true 01ARYZ6S410000000000000000
}

// Crockford's I and L read as 1 and O as 0, in either case, as the ULID
// spec says; String writes the ULID back canonical. U is no digit, and a
// first character above 7 does not fit in 128 bits.
func ExampleParse_errors() {
	id, err := ulid.Parse("01ARYZ6S41OoOoIiLl00000000")
	fmt.Println(id, err)
	_, err = ulid.Parse("01ARYZ6S41UUUUUUUUUUUUUUUU")
	var se *ulid.SyntaxError
	fmt.Println(errors.As(err, &se), se.Pos, string(se.Char))
	_, err = ulid.Parse("8ZZZZZZZZZZZZZZZZZZZZZZZZZ")
	fmt.Println(errors.Is(err, ulid.ErrOverflow))
	// Output:
	// 01ARYZ6S410000111100000000 <nil>
	// true 10 U
	// true
}

func ExampleULID_Base62() {
	id := ulid.MustParse("01ARYZ6S410000000000000000")
	fmt.Println(id.Base62())
	// Output: 02WP6vjLRKLrjy5PYNDme8
}
