package snowflake

import (
	"testing"

	"github.com/idforge/idforge/internal/oracle"
)

// TestTicksFromMilli: the generator's clock path, from the system clock's
// millisecond with no time.Time between (issue 69), gives the tick, or the
// error, that ticksFrom gives for the same instant.
func TestTicksFromMilli(t *testing.T) {
	oracle.TicksFromMilli(t, 1288834974657, ticksFrom, ticksFromMilli)
}
