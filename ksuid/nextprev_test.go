package ksuid_test

import (
	"math/big"
	"testing"

	"github.com/idforge/idforge/ksuid"
)

// bigOf reads a KSUID as a 160-bit number: the oracle for Next and Prev.
func bigOf(k ksuid.KSUID) *big.Int { return new(big.Int).SetBytes(k[:]) }

func TestNextPrev(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 160)
	var lastOfSecond, firstOfNext ksuid.KSUID
	for i := range 4 {
		lastOfSecond[i], firstOfNext[i] = 0x11, 0x11
	}
	lastOfSecond[3] = 0x10
	for i := 4; i < 20; i++ {
		lastOfSecond[i] = 0xff
	}
	tests := []struct{ id, prev, next ksuid.KSUID }{
		// segmentio/ksuid's own cases: the ends wrap around.
		{ksuid.Nil(), ksuid.Max(), ksuid.KSUID{19: 1}},
		{ksuid.Max(), ksuid.KSUID{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}, ksuid.Nil()},
		// The payload carries into the timestamp and borrows from it.
		{lastOfSecond, lastOfSecond, firstOfNext},
		{firstOfNext, lastOfSecond, firstOfNext},
	}
	tests[2].prev[19] = 0xfe
	tests[3].next[19] = 1
	for _, tc := range tests {
		if got := tc.id.Next(); got != tc.next {
			t.Errorf("%X.Next() = %X, want %X", tc.id, got, tc.next)
		}
		if got := tc.id.Prev(); got != tc.prev {
			t.Errorf("%X.Prev() = %X, want %X", tc.id, got, tc.prev)
		}
	}
	if lastOfSecond.Next().Timestamp() != lastOfSecond.Timestamp()+1 {
		t.Error("Next of a second's last KSUID is not in the next second")
	}
	// Against math/big, on KSUIDs near every carry boundary.
	for i := range 20 {
		for _, fill := range []byte{0x00, 0xff, 0x7f} {
			var k ksuid.KSUID
			for j := i; j < 20; j++ {
				k[j] = fill
			}
			next := new(big.Int).Add(bigOf(k), big.NewInt(1))
			prev := new(big.Int).Sub(bigOf(k), big.NewInt(1))
			if got := bigOf(k.Next()); got.Cmp(next.Mod(next, mod)) != 0 {
				t.Errorf("%X.Next() = %X, want %X", k, k.Next(), next)
			}
			if got := bigOf(k.Prev()); got.Cmp(prev.Mod(prev, mod)) != 0 {
				t.Errorf("%X.Prev() = %X, want %X", k, k.Prev(), prev)
			}
			if k.Next().Prev() != k || k.Prev().Next() != k {
				t.Errorf("%X: Next and Prev are not inverses", k)
			}
		}
	}
}
