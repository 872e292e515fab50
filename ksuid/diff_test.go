package ksuid_test

import (
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
)

func TestAgreesWithInterpreter(t *testing.T) {
	l, err := layouts.Builtin("ksuid")
	if err != nil {
		t.Fatal(err)
	}
	var f ksuid.Fields
	oracle.CheckPack(t, l, 2000, &f,
		func() ([]byte, error) { k, err := ksuid.Pack(f); return k[:], err },
		func(b []byte) any { return ksuid.KSUID(b).Fields() })
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for seed := range uint64(3) {
		g, err := ksuid.NewGenerator(ksuid.WithClock(oracle.Script(seed, start, time.Second)), ksuid.WithEntropy(oracle.NewStream(seed)))
		if err != nil {
			t.Fatal(err)
		}
		ig, err := interp.NewGenerator(l, interp.WithClock(oracle.Script(seed, start, time.Second)), interp.WithRand(oracle.NewStream(seed)))
		if err != nil {
			t.Fatal(err)
		}
		oracle.CheckGenerate(t, l, 2000, func() ([]byte, error) { k, err := g.Next(); return k[:], err }, ig)
	}
}
