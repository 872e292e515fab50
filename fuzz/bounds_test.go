package fuzz_test

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// The generated packages' range bounds agree with the interpreter at a
// thousand random times and at the ends of each range, and are the first and
// last ticks of a time.
func TestBounds(t *testing.T) {
	for _, c := range []struct {
		layout   string
		min, max func(time.Time) ([]byte, error)
	}{
		{"uuidv6", uuidAt(uuid.MinAtV6), uuidAt(uuid.MaxAtV6)},
		{"uuidv7", uuidAt(uuid.MinAtV7), uuidAt(uuid.MaxAtV7)},
		{"ksuid", ksuidAt(ksuid.MinAt), ksuidAt(ksuid.MaxAt)},
		{"ulid", ulidAt(ulid.MinAt), ulidAt(ulid.MaxAt)},
		{"snowflake", snowflakeAt(snowflake.MinAt), snowflakeAt(snowflake.MaxAt)},
	} {
		t.Run(c.layout, func(t *testing.T) {
			l, err := layouts.Builtin(c.layout)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(17, 0))
			var times []time.Time
			for range 1000 {
				// From 1900 to 2100, to the nanosecond.
				times = append(times, time.Unix(r.Int64N(6_311_390_400)-2_208_988_800, r.Int64N(1e9)).UTC())
			}
			fuzz.Bounds(t, l, c.min, c.max, times...)
		})
	}
}

// The built-in packages give the conformance corpus's bound records: each
// side the record's ID, or ErrTime where the record has none (maxAt before
// the first tick, minAt after the last), at the ends of each range, the
// Unix epoch and far from any range.
func TestBoundsCorpus(t *testing.T) {
	rs, err := conformance.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	bounds := map[string][2]func(time.Time) ([]byte, error){
		"uuidv6":    {uuidAt(uuid.MinAtV6), uuidAt(uuid.MaxAtV6)},
		"uuidv7":    {uuidAt(uuid.MinAtV7), uuidAt(uuid.MaxAtV7)},
		"ksuid":     {ksuidAt(ksuid.MinAt), ksuidAt(ksuid.MaxAt)},
		"ulid":      {ulidAt(ulid.MinAt), ulidAt(ulid.MaxAt)},
		"snowflake": {snowflakeAt(snowflake.MinAt), snowflakeAt(snowflake.MaxAt)},
	}
	errs := map[string]error{"uuidv6": uuid.ErrTime, "uuidv7": uuid.ErrTime, "ksuid": ksuid.ErrTime, "ulid": ulid.ErrTime, "snowflake": snowflake.ErrTime}
	seen := map[string]int{}
	for _, r := range rs {
		f, ok := bounds[r.Layout]
		if r.Kind != "bound" || !ok {
			continue
		}
		at, ok, err := r.Time()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue // past what a time.Time holds
		}
		seen[r.Layout]++
		for i, want := range []string{r.Min, r.Max} {
			got, err := f[i](at)
			switch {
			case want == "":
				if r.Error != "ErrTime" || !errors.Is(err, errs[r.Layout]) {
					t.Errorf("%s: %s(%s) = %x, %v; want %s", r.Layout, []string{"MinAt", "MaxAt"}[i], r.At, got, err, r.Error)
				}
			case err != nil || hex.EncodeToString(got) != want:
				t.Errorf("%s: %s(%s) = %x, %v; want %s", r.Layout, []string{"MinAt", "MaxAt"}[i], r.At, got, err, want)
			}
		}
	}
	t.Logf("bound records checked: %v", seen)
	for name := range bounds {
		if seen[name] < 10 {
			t.Errorf("%s: %d bound records; the corpus has fewer than it should", name, seen[name])
		}
	}
}

// The bounds of each ID type as bytes, nil with an error.
func uuidAt(f func(time.Time) (uuid.UUID, error)) func(time.Time) ([]byte, error) {
	return func(t time.Time) ([]byte, error) { id, err := f(t); return bytesOr(id[:], err) }
}

func ksuidAt(f func(time.Time) (ksuid.KSUID, error)) func(time.Time) ([]byte, error) {
	return func(t time.Time) ([]byte, error) { id, err := f(t); return bytesOr(id[:], err) }
}

func ulidAt(f func(time.Time) (ulid.ULID, error)) func(time.Time) ([]byte, error) {
	return func(t time.Time) ([]byte, error) { id, err := f(t); return bytesOr(id[:], err) }
}

func snowflakeAt(f func(time.Time) (snowflake.ID, error)) func(time.Time) ([]byte, error) {
	return func(t time.Time) ([]byte, error) {
		id, err := f(t)
		return bytesOr(binary.BigEndian.AppendUint64(nil, uint64(id)), err)
	}
}

func bytesOr(b []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return b, nil
}
