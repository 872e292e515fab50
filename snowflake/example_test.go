package snowflake_test

import (
	"fmt"
	"time"

	"github.com/idforge/idforge/snowflake"
)

func ExampleNewGenerator() {
	g, err := snowflake.NewGenerator(42)
	if err != nil {
		fmt.Println(err)
		return
	}
	id, _ := g.Next()
	fmt.Println(id.Fields().Node, time.Since(id.Time()) < time.Minute)
	// Output: 42 true
}

// Backfill: build the Snowflake of a historical row from explicit fields.
func ExamplePack() {
	id, err := snowflake.Pack(snowflake.Fields{Timestamp: 144325025343, Node: 42, Sequence: 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(int64(id), id.Time())
	// Output: 605343031096418304 2015-06-01 12:00:00 +0000 UTC
}
