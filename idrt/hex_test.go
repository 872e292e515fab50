package idrt

import (
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// uuidOracle is the canonical form built the obvious way.
func uuidOracle(id [16]byte) string {
	h := hex.EncodeToString(id[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

func checkHex(t *testing.T, id [16]byte) {
	t.Helper()
	var u [36]byte
	EncodeUUID(&u, &id)
	if got, want := string(u[:]), uuidOracle(id); got != want {
		t.Fatalf("EncodeUUID(%x) = %q, want %q", id, got, want)
	}
	var h [32]byte
	EncodeHex16(&h, &id)
	if got, want := string(h[:]), hex.EncodeToString(id[:]); got != want {
		t.Fatalf("EncodeHex16(%x) = %q, want %q", id, got, want)
	}
}

func TestEncodeHex(t *testing.T) {
	// Every byte value at every position, then random IDs.
	for b := range 256 {
		for i := range 16 {
			var id [16]byte
			id[i] = byte(b)
			checkHex(t, id)
		}
		var id [16]byte
		for i := range id {
			id[i] = byte(b + i)
		}
		checkHex(t, id)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		var id [16]byte
		for i := range id {
			id[i] = byte(r.Uint32())
		}
		checkHex(t, id)
	}
}

func FuzzEncodeHex(f *testing.F) {
	f.Add([]byte("0123456789abcdef"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var id [16]byte
		copy(id[:], b)
		checkHex(t, id)
	})
}
