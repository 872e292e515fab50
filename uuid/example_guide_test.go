package uuid_test

import (
	"fmt"
	"log"
	"math/rand/v2"
	"time"

	"github.com/idforge/idforge/uuid"
)

// The opening example of docs/go.md: tools/doccheck holds the guide's
// snippet to this function's body.
func Example_guide() {
	id := uuid.NewV7() // time-ordered, strictly increasing in the process
	v5 := uuid.NewV5(uuid.NamespaceDNS(), "www.example.com")

	// Backfill: build an ID from explicit fields for a historical row.
	created := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)
	old, err := uuid.PackV7(uuid.V7Fields{UnixMs: uint64(created.UnixMilli())})
	if err != nil {
		log.Fatal(err) // a field that does not fit: Pack never masks
	}

	// Tests and replays: inject the clock and the randomness.
	clock := func() time.Time { return created }
	g, err := uuid.NewGenerator(uuid.WithClock(clock), uuid.WithEntropy(rand.NewChaCha8([32]byte{})))
	if err != nil {
		log.Fatal(err) // an option given a value it cannot use, such as a 49-bit uuid.WithNode
	}
	batch := make([]uuid.UUID, 1000)
	if err := g.FillV7(batch); err != nil { // strictly increasing, continuing g's sequence
		log.Fatal(err)
	}

	var z uuid.Generator // the zero Generator works, as NewGenerator() would make it
	next, err := z.NewV7()

	fmt.Println(id.Version(), v5.Version(), old)
	last, _ := batch[999].Time()
	fmt.Println(batch[0].Compare(batch[999]), last)
	fmt.Println(next.Version(), err)
	// Output:
	// 7 5 017f22e2-79b0-7000-8000-000000000000
	// -1 2022-02-22 19:22:22 +0000 UTC
	// 7 <nil>
}
