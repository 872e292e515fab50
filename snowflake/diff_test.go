package snowflake_test

import (
	"encoding/binary"
	"math/big"
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
)

func bytesOf(id snowflake.ID) []byte { return binary.BigEndian.AppendUint64(nil, uint64(id)) }

func TestAgreesWithInterpreter(t *testing.T) {
	l, err := layouts.Builtin("snowflake")
	if err != nil {
		t.Fatal(err)
	}
	var f snowflake.Fields
	oracle.CheckPack(t, l, 2000, &f,
		func() ([]byte, error) { id, err := snowflake.Pack(f); return bytesOf(id), err },
		func(b []byte) any { return snowflake.ID(binary.BigEndian.Uint64(b)).Fields() })
	// The interpreter has no limit on how far back the clock may go, so the
	// comparison uses a clock that only stands still or moves on.
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for seed := range uint64(3) {
		g, err := snowflake.NewGenerator(int64(seed+1), snowflake.WithClock(oracle.Forward(seed, start, time.Millisecond)))
		if err != nil {
			t.Fatal(err)
		}
		ig, err := interp.NewGenerator(l, interp.WithClock(oracle.Forward(seed, start, time.Millisecond)), interp.WithFixed(layouts.Node, big.NewInt(int64(seed+1))))
		if err != nil {
			t.Fatal(err)
		}
		oracle.CheckGenerate(t, l, 3000, func() ([]byte, error) { id, err := g.Next(); return bytesOf(id), err }, ig)
	}
}

func TestNewGeneratorNodeRange(t *testing.T) {
	for _, node := range []int64{-1, 1024} {
		if _, err := snowflake.NewGenerator(node); err == nil {
			t.Errorf("NewGenerator(%d) accepted a node outside 10 bits", node)
		}
	}
	if _, err := snowflake.NewGenerator(1023); err != nil {
		t.Errorf("NewGenerator(1023): %v", err)
	}
}
