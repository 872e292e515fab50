package ulid_test

import (
	"fmt"
	"time"

	"github.com/idforge/idforge/ulid"
)

// ULIDs made within one millisecond increase by one.
func ExampleNewGenerator() {
	frozen := time.UnixMilli(1469918176385)
	g, err := ulid.NewGenerator(ulid.WithClock(func() time.Time { return frozen }))
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := g.Next()
	b, _ := g.Next()
	ea, eb := a.Entropy(), b.Entropy()
	fmt.Println(a.Time().UnixMilli(), a.Compare(b) < 0, eb[9]-ea[9])
	// Output: 1469918176385 true 1
}

func ExampleMaxTime() {
	fmt.Println(ulid.MaxTime(), time.UnixMilli(int64(ulid.MaxTime())).UTC().Format(time.RFC3339Nano))
	// Output: 281474976710655 10889-08-02T05:31:50.655Z
}
