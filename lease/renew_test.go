package lease

import (
	"testing"
	"time"
)

// Renewals are due between TTL/4 and 5/12 of the TTL after the last one,
// at random: holders that began together spread out, and each renews well
// before its deadline (TTL minus a margin below 2/3 of it).
func TestRenewJitter(t *testing.T) {
	const ttl = 12 * time.Second
	seen := map[time.Duration]bool{}
	for range 1000 {
		d := renewJitter(ttl)
		if d < ttl/4 || d > ttl*5/12 {
			t.Fatalf("renewJitter(%v) = %v, outside [%v, %v]", ttl, d, ttl/4, ttl*5/12)
		}
		seen[d] = true
	}
	if len(seen) < 900 {
		t.Errorf("1000 renewals fell on %d distinct waits: not spread", len(seen))
	}
}
