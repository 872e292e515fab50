package explain

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Errors of ParseTime, At and Bounds; match them with errors.Is.
var (
	ErrBadTime   = errors.New("explain: not a time")
	ErrNoTime    = errors.New("explain: the layout has no time")
	ErrTimeRange = errors.New("explain: the time is outside the layout's range")
	ErrTooMany   = errors.New("explain: too many IDs for one tick")
)

// timeError is an error of ParseTime, At or Bounds: its message alone,
// matching its kind (ErrBadTime, ...).
type timeError struct {
	kind error
	msg  string
}

func (e timeError) Error() string { return e.msg }

// Is makes errors.Is(err, kind) true.
func (e timeError) Is(target error) bool { return target == e.kind }

func timeErrorf(kind error, format string, args ...any) error {
	return timeError{kind, fmt.Sprintf(format, args...)}
}

// secondsDigits is the most digits a bare integer ParseTime reads as Unix
// seconds has: 11 digits of seconds reach the year 5138, and 12 digits of
// milliseconds start in 1973, so the two never meet where IDs live.
const secondsDigits = 11

// TimeForms says what ParseTime reads, for messages and usage.
const TimeForms = "RFC 3339 (2024-05-01T12:00:00Z, 2024-05-01T14:00:00.250+02:00), a date (2024-05-01, midnight UTC), " +
	"or Unix time as an integer: seconds up to 11 digits, milliseconds from 12 (1714564800, 1714564800250), or with a suffix s or ms"

// ParseTime reads a time as new -at, -min-at and -max-at take it:
//
//   - RFC 3339, with any fraction of a second and any offset;
//   - a date alone, 2006-01-02, as midnight UTC;
//   - Unix time as an integer (a sign allowed): seconds when it has at
//     most 11 digits, milliseconds when it has 12 or more, so 1714564800
//     and 1714564800250 are the same day; or with a suffix, s or ms,
//     that says which whatever its length (86400000s).
func ParseTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	digits, unit := s, ""
	switch {
	case strings.HasSuffix(s, "ms"):
		digits, unit = s[:len(s)-2], "ms"
	case strings.HasSuffix(s, "s"):
		digits, unit = s[:len(s)-1], "s"
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || digits == "" || digits[0] == '+' {
		return time.Time{}, timeErrorf(ErrBadTime, "%q is not a time: want %s", s, TimeForms)
	}
	if unit == "" {
		unit = "s"
		if len(strings.TrimPrefix(digits, "-")) > secondsDigits {
			unit = "ms"
		}
	}
	if unit == "ms" {
		return time.UnixMilli(n).UTC(), nil
	}
	if n > 1<<40 || n < -(1<<40) { // far past any layout, and past what time.Time keeps exactly
		return time.Time{}, timeErrorf(ErrBadTime, "%q: %d seconds is too far from 1970", s, n)
	}
	return time.Unix(n, 0).UTC(), nil
}

// TimeRange returns the first and last instants a layout's time holds: its
// epoch and the start of its last tick. ok is false for a layout without
// a time.
func TimeRange(l *layouts.Layout) (first, last time.Time, ok bool) {
	r := view(l)
	if r == nil || r.Clock == nil {
		return time.Time{}, time.Time{}, false
	}
	first, last = r.Clock.Range()
	return first, last, true
}

// timeValue returns a layout's clock, and checks that t is in its range.
func timeValue(l *layouts.Layout, t time.Time) (*resolved.Clock, error) {
	first, last, ok := TimeRange(l)
	if !ok {
		return nil, timeErrorf(ErrNoTime, "%s IDs hold no time", layoutName(l))
	}
	if t.Before(first) || t.After(last) {
		return nil, rangeError(l, t, first, last)
	}
	return view(l).Clock, nil
}

func rangeError(l *layouts.Layout, t, first, last time.Time) error {
	return timeErrorf(ErrTimeRange, "%s is outside %s's range, %s to %s",
		t.UTC().Format(time.RFC3339Nano), layoutName(l), first.Format(time.RFC3339Nano), last.Format(time.RFC3339Nano))
}

// At makes n IDs of layout l whose time is t (to the layout's tick: an ID's
// time is t rounded down to it), distinct and in strictly increasing byte
// order, as a backfill wants them. It uses the interpreter's generator with
// its clock stopped at t (opts, such as interp.WithFixed for the node, go
// to it), so every other part is filled as the layout says: a counter
// counts up within the tick, random bits are fresh. A layout with a clock
// sequence and no counter (UUIDv1, v6) gets a generator, and so a clock
// sequence (and a node, unless given), for each ID, since its generator
// would step the time. When the tick cannot hold n IDs (a counter that
// runs out, too few free bits) the error matches ErrTooMany.
func At(l *layouts.Layout, t time.Time, n int, opts ...interp.Option) ([][]byte, error) {
	c, err := timeValue(l, t)
	if err != nil {
		return nil, err
	}
	want := c.Floor(t) // t is in the clock's range
	r := view(l)
	opts = append(slices.Clip(opts), interp.WithClock(func() time.Time { return t }),
		interp.WithMaxWait(0), interp.WithSleep(func(time.Duration) {}))
	_, hasCounter := r.Value(layouts.Counter)
	_, hasSeq := r.Value(layouts.ClockSeq)
	fresh := hasSeq && !hasCounter
	var g *interp.Generator
	seen := map[string]bool{}
	out := make([][]byte, 0, n)
	tick, _ := r.Tick()
	tooMany := func(why string) error {
		return timeErrorf(ErrTooMany, "only %d %s IDs fit in the %v tick of %s, not %d: %s",
			len(out), r.Name, tick, t.UTC().Format(time.RFC3339Nano), n, why)
	}
	for tries := 0; len(out) < n; tries++ {
		if tries > 4*n+64 {
			return nil, tooMany("too few of the bits beside the time are free")
		}
		if g == nil || fresh {
			if g, err = interp.NewGenerator(l, opts...); err != nil {
				return nil, err
			}
		}
		id, err := g.Next()
		if errors.Is(err, interp.ErrExhausted) {
			return nil, tooMany("the counter ran out")
		}
		if err != nil {
			return nil, err
		}
		if tick, err := interp.Role(l, id, layouts.Time); err != nil || tick.Cmp(want) != 0 {
			return nil, tooMany("the counter ran out")
		}
		if !seen[string(id)] {
			seen[string(id)] = true
			out = append(out, id)
		}
	}
	slices.SortFunc(out, bytes.Compare)
	return out, nil
}

// Bounds returns the smallest ID of layout l whose time is at or after t
// and the largest whose time is at or before t, as interp.MinAt and MaxAt
// make them (docs/contract.md's time bounds): the bounds of a range scan or
// partition, for a layout whose IDs sort by time. Before the first tick lo
// is the smallest ID, past the last tick hi the largest. A side that no ID
// satisfies (hi before the first tick, lo after the last tick's time) is
// nil, and err then matches ErrTimeRange, with the other side given; a
// layout without a time is an error that matches ErrNoTime.
func Bounds(l *layouts.Layout, t time.Time) (lo, hi []byte, err error) {
	first, last, ok := TimeRange(l)
	if !ok {
		return nil, nil, timeErrorf(ErrNoTime, "%s IDs hold no time", layoutName(l))
	}
	lo, errLo := interp.MinAt(l, t)
	hi, errHi := interp.MaxAt(l, t)
	for _, err := range []error{errLo, errHi} {
		if err != nil && !errors.Is(err, interp.ErrTime) {
			return nil, nil, err
		}
	}
	if errLo != nil || errHi != nil {
		return lo, hi, rangeError(l, t, first, last)
	}
	return lo, hi, nil
}
