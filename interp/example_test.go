package interp_test

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Backfill: build a Snowflake from explicit fields for a historical row.
func ExamplePack() {
	l, _ := layouts.Builtin("snowflake")
	when := time.Date(2015, 6, 1, 12, 0, 0, 0, time.UTC)
	tv, _ := l.Value(layouts.Time)
	ticks, _ := interp.Ticks(tv, when)
	id, err := interp.Pack(l, interp.Values{
		"timestamp": ticks,
		"node":      big.NewInt(42),
		"sequence":  big.NewInt(0),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(new(big.Int).SetBytes(id))
	t, _ := interp.Time(l, id)
	fmt.Println(t)
	// Output:
	// 605343031096418304
	// 2015-06-01 12:00:00 +0000 UTC
}

func ExampleUnpack() {
	l, _ := layouts.Builtin("uuidv1")
	id, _ := hex.DecodeString("C232AB00941411ECB3C89F6BDECED846")
	v, _ := interp.Unpack(l, id)
	fmt.Printf("timestamp %#x clock_seq %#x node %#x\n", v["timestamp"], v["clock_seq"], v["node"])
	// Output:
	// timestamp 0x1ec9414c232ab00 clock_seq 0x33c8 node 0x9f6bdeced846
}

func ExampleGenerator() {
	l, _ := layouts.Builtin("uuidv7")
	g, _ := interp.NewGenerator(l)
	a, _ := g.Next()
	b, _ := g.Next()
	fmt.Println(len(a), hex.EncodeToString(a) < hex.EncodeToString(b))
	// Output:
	// 16 true
}
