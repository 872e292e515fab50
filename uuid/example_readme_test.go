package uuid_test

import (
	"fmt"
	"time"

	"github.com/idforge/idforge/uuid"
)

// The README's quick start for Go: a test in tools/doccheck holds the
// README's snippet to this function's body.
func Example_quickStart() {
	id := uuid.NewV7() // time-ordered, strictly increasing in the process
	t, _ := id.Time()  // the millisecond it was made
	fmt.Println(t.Before(time.Now().Add(time.Second)), id.Version())

	v5 := uuid.NewV5(uuid.NamespaceDNS(), "www.example.com")
	fmt.Println(v5)

	// Time-range bounds for a query on a uuid column.
	from, _ := uuid.MinAtV7(time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC))
	fmt.Println(from)
	// Output:
	// true 7
	// 2ed6657d-e927-568b-95e1-2665a8aea6a2
	// 018f3173-7000-7000-8000-000000000000
}
