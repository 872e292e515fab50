package verify_test

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/verify"
)

// Check a few UUIDv7s from elsewhere against layout uuidv7: the third has
// a version of 6 where the layout's 7 goes.
func ExampleRun() {
	l, _ := layouts.Builtin("uuidv7")
	in := strings.NewReader(`017f22e2-79b0-7cc3-98c4-dc0c0c07398f
017f22e2-79b0-7cc4-98c4-dc0c0c07398f
017f22e2-79b1-6000-8000-000000000000
`)
	r, err := verify.Run(l, in, verify.Options{})
	if err != nil {
		panic(err)
	}
	for _, c := range r.Checks {
		if c.Group == "structure" {
			fmt.Printf("%s %s: %s %v\n", c.Status, c.Name, c.Message, c.Lines)
		}
	}
	fmt.Println("failed:", r.Failed)
	// Output:
	// ok text: every line reads as an ID of uuidv7 in UUID text []
	// ok canonical: every line is exactly the canonical UUID text []
	// FAIL constant: ver is not 7 in 1 ID [3]
	// ok constant: var is 0b10 in every ID []
	// failed: true
}
