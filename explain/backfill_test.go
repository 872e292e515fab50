package explain_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

func TestParseTime(t *testing.T) {
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"2024-05-01T12:00:00Z":          day.Add(12 * time.Hour),
		"2024-05-01T14:00:00.250+02:00": day.Add(12*time.Hour + 250*time.Millisecond),
		"2024-05-01":                    day,
		"1714521600":                    day,                                // 10 digits: seconds
		"01714521600":                   day,                                // 11 digits: still seconds
		"1714521600250":                 day.Add(250e6),                     // 13 digits: milliseconds
		"171452160025":                  time.UnixMilli(171452160025).UTC(), // 12 digits: milliseconds (1975)
		"1714521600250ms":               day.Add(250e6),
		"1714521600s":                   day,
		"86400000s":                     time.Unix(86400000, 0).UTC(), // a suffix wins over the length
		"-86400":                        time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC),
	} {
		got, err := explain.ParseTime(in)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "yesterday", "1e9", "+5", "ms", "s", "12.5", "2024-13-01", "99999999999999999999", "1714521600000s"} {
		if _, err := explain.ParseTime(in); !errors.Is(err, explain.ErrBadTime) {
			t.Errorf("ParseTime(%q): %v, want ErrBadTime", in, err)
		}
	}
}

// timeLayouts are the built-in layouts with a time (sampleTime gives a
// time in the range of each).
func timeLayouts(t *testing.T) []*layouts.Layout {
	ls, err := explain.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var out []*layouts.Layout
	for _, l := range ls {
		if _, _, ok := explain.TimeRange(l); ok {
			out = append(out, l)
		}
	}
	if len(out) < 10 {
		t.Fatalf("only %d layouts with a time", len(out))
	}
	return out
}

// sampleTime returns a time well inside l's range, on a whole second and
// so on a tick of every layout whose ticks divide a second or are whole
// seconds from an epoch on a whole second: 2024-05-01T12:00:00Z where the
// range holds it a day either side, else the whole hour a day after the
// epoch (a layout whose epoch is later) or a day before the range ends.
func sampleTime(t *testing.T, l *layouts.Layout) time.Time {
	t.Helper()
	first, last, ok := explain.TimeRange(l)
	if !ok {
		t.Fatalf("%s has no time", l.Name)
	}
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	switch {
	case at.Before(first.Add(24 * time.Hour)):
		at = first.Add(48 * time.Hour).Truncate(time.Hour)
	case at.After(last.Add(-24 * time.Hour)):
		at = last.Add(-48 * time.Hour).Truncate(time.Hour)
	}
	return at
}

func nodeOpts(l *layouts.Layout) []interp.Option {
	if v, ok := l.Value(layouts.Node); ok && !v.MAC {
		return []interp.Option{interp.WithFixed(layouts.Node, big.NewInt(1))}
	}
	return nil
}

// At's IDs, in every layout with a time, are distinct, strictly
// increasing, valid, and of the time given, to the layout's tick; and
// Bounds's lie around them: min <= every ID <= max for a layout whose IDs
// sort by time, and for any layout the bounds' times are the time's tick.
func TestAtAndBounds(t *testing.T) {
	for _, l := range timeLayouts(t) {
		at := sampleTime(t, l)
		ids, err := explain.At(l, at, 50, nodeOpts(l)...)
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		if len(ids) != 50 {
			t.Errorf("%s: %d IDs, want 50", l.Name, len(ids))
		}
		lo, hi, err := explain.Bounds(l, at)
		if err != nil {
			t.Errorf("%s: Bounds: %v", l.Name, err)
			continue
		}
		for _, b := range [][]byte{lo, hi} {
			if got, err := interp.Time(l, b); err != nil || !got.Equal(at) {
				t.Errorf("%s: bound %x has time %v, %v; want %v", l.Name, b, got, err, at)
			}
		}
		for i, id := range ids {
			if _, err := interp.Unpack(l, id); err != nil {
				t.Errorf("%s: %x does not unpack: %v", l.Name, id, err)
			}
			if got, err := interp.Time(l, id); err != nil || !got.Equal(at) {
				t.Errorf("%s: %x has time %v, %v; want %v", l.Name, id, got, err, at)
			}
			if i > 0 && bytes.Compare(ids[i-1], id) >= 0 {
				t.Errorf("%s: %x then %x: not strictly increasing", l.Name, ids[i-1], id)
			}
			if l.TimeSortable() && (bytes.Compare(lo, id) > 0 || bytes.Compare(id, hi) > 0) {
				t.Errorf("%s: %x is outside the bounds %x to %x", l.Name, id, lo, hi)
			}
		}
	}
}

// A time between ticks: At's IDs have the tick at or before it; MinAt's
// time is at or after it and MaxAt's at or before it.
func TestBetweenTicks(t *testing.T) {
	for _, l := range timeLayouts(t) {
		at := sampleTime(t, l).Add(123456789 * time.Nanosecond)
		tick, _ := l.Tick()
		ids, err := explain.At(l, at, 3, nodeOpts(l)...)
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		for _, id := range ids {
			got, _ := interp.Time(l, id)
			if got.After(at) || !got.Add(max(tick, 1)).After(at) {
				t.Errorf("%s: %x has time %v, want the tick of %v", l.Name, id, got, at)
			}
		}
		lo, hi, err := explain.Bounds(l, at)
		if err != nil {
			t.Errorf("%s: Bounds: %v", l.Name, err)
			continue
		}
		if tl, _ := interp.Time(l, lo); tl.Before(at) {
			t.Errorf("%s: min %v before %v", l.Name, tl, at)
		}
		if th, _ := interp.Time(l, hi); th.After(at) {
			t.Errorf("%s: max %v after %v", l.Name, th, at)
		}
		// No ID has a time of exactly at, so the range is empty.
		if l.TimeSortable() && bytes.Compare(hi, lo) >= 0 {
			t.Errorf("%s: max %x not below min %x for a time between ticks", l.Name, hi, lo)
		}
	}
}

func TestAtErrors(t *testing.T) {
	get := func(name string) *layouts.Layout { l, _ := explain.Builtin(name); return l }
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	if _, err := explain.At(get("uuidv4"), day, 1); !errors.Is(err, explain.ErrNoTime) {
		t.Errorf("uuidv4: %v, want ErrNoTime", err)
	}
	if _, _, err := explain.Bounds(get("uuidv5"), day); !errors.Is(err, explain.ErrNoTime) {
		t.Errorf("Bounds uuidv5: %v, want ErrNoTime", err)
	}
	if _, err := explain.At(get("uuidv7"), time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC), 1); !errors.Is(err, explain.ErrTimeRange) {
		t.Errorf("uuidv7 in 1960: %v, want ErrTimeRange", err)
	}
	// Beyond the ends of the range, the side that has an ID gives it (the
	// first before the epoch, the last past the last tick), and the other
	// is nil with ErrTimeRange.
	if lo, hi, err := explain.Bounds(get("snowflake"), time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)); !errors.Is(err, explain.ErrTimeRange) || lo != nil || fmt.Sprintf("%x", hi) != "7fffffffffffffff" {
		t.Errorf("Bounds snowflake in 2200: %x, %x, %v; want nil, 7fffffffffffffff, ErrTimeRange", lo, hi, err)
	}
	if lo, hi, err := explain.Bounds(get("snowflake"), time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)); !errors.Is(err, explain.ErrTimeRange) || hi != nil || fmt.Sprintf("%x", lo) != "0000000000000000" {
		t.Errorf("Bounds snowflake in 1970: %x, %x, %v; want 0000000000000000, nil, ErrTimeRange", lo, hi, err)
	}
	sf := get("snowflake")
	if ids, err := explain.At(sf, day, 4096, nodeOpts(sf)...); err != nil || len(ids) != 4096 {
		t.Errorf("4096 Snowflakes of one ms: %d, %v", len(ids), err)
	}
	if _, err := explain.At(sf, day, 4097, nodeOpts(sf)...); !errors.Is(err, explain.ErrTooMany) {
		t.Errorf("4097 Snowflakes of one ms: %v, want ErrTooMany", err)
	}
	tiny, err := layouts.Parse("tiny.layout", []byte("layout tiny 40\n  t 36 time unix s\n  r 4 random\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := explain.At(tiny, day, 17); !errors.Is(err, explain.ErrTooMany) {
		t.Errorf("17 IDs of 4 random bits: %v, want ErrTooMany", err)
	}
}
