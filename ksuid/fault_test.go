package ksuid_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/ksuid"
)

// Times outside the KSUID's 32 bits of seconds are errors, never wrapped.
func TestTimeRange(t *testing.T) {
	first := time.Unix(1400000000, 0)
	last := time.Unix(1400000000+1<<32-1, 0)
	for _, tm := range []time.Time{first.Add(-time.Second), last.Add(time.Second)} {
		g, err := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return tm }))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Next(); !errors.Is(err, ksuid.ErrTime) {
			t.Errorf("%v: err = %v, want ErrTime", tm, err)
		}
	}
	for _, tm := range []time.Time{first, last} {
		g, err := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return tm }))
		if err != nil {
			t.Fatal(err)
		}
		if k, err := g.Next(); err != nil || !k.Time().Equal(tm) {
			t.Errorf("%v: %v, %v", tm, k.Time(), err)
		}
	}
	if y := last.UTC().Year(); y != 2150 {
		t.Errorf("the last KSUID second is in %d, want 2150", y)
	}
}

// A time error shows the time in RFC 3339, never Go's monotonic clock
// reading (m=+...), which time.Now's values carry.
func TestTimeErrorText(t *testing.T) {
	late := time.Now().Add(200 * 365 * 24 * time.Hour) // Add keeps the monotonic reading
	g, err := ksuid.NewGenerator(ksuid.WithClock(func() time.Time { return late }))
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Next()
	if !errors.Is(err, ksuid.ErrTime) || strings.Contains(err.Error(), "m=+") || !strings.Contains(err.Error(), late.UTC().Format(time.RFC3339Nano)) {
		t.Errorf("err = %v, want ErrTime with the time in RFC 3339", err)
	}
}
