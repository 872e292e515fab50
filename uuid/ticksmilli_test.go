package uuid

import (
	"testing"

	"github.com/idforge/idforge/internal/oracle"
)

// TestTicksFromMilli: the generator's clock path, from the system clock's
// millisecond with no time.Time between (issue 69), gives the tick, or the
// error, that ticksFromV7 gives for the same instant.
func TestTicksFromMilli(t *testing.T) {
	oracle.TicksFromMilli(t, 0, ticksFromV7, ticksFromMilliV7)
}
