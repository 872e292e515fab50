package ulid_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/ulid"
)

func TestAgreesWithInterpreter(t *testing.T) {
	l, err := layouts.Builtin("ulid")
	if err != nil {
		t.Fatal(err)
	}
	var f ulid.Fields
	oracle.CheckPack(t, l, 2000, &f,
		func() ([]byte, error) { u, err := ulid.Pack(f); return u[:], err },
		func(b []byte) any { return ulid.ULID(b).Fields() })
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for seed := range uint64(3) {
		g, err := ulid.NewGenerator(ulid.WithClock(oracle.Script(seed, start, time.Millisecond)), ulid.WithEntropy(oracle.NewStream(seed)))
		if err != nil {
			t.Fatal(err)
		}
		ig, err := interp.NewGenerator(l, interp.WithClock(oracle.Script(seed, start, time.Millisecond)), interp.WithRand(oracle.NewStream(seed)))
		if err != nil {
			t.Fatal(err)
		}
		oracle.CheckGenerate(t, l, 3000, func() ([]byte, error) { u, err := g.Next(); return u[:], err }, ig)
	}
}
