package uuid_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/idforge/idforge/uuid"
)

// A range query on a uuid primary key: the rows made on 1 May 2024 (UTC)
// are those from the smallest UUIDv7 of that midnight up to, not including,
// the smallest of the next. Both bounds are plain UUIDs, so the query uses
// the key's index; in SQL, uuidv7_min_at from `idforge gen -lang sql` gives
// the same bounds. A bound is ErrTime only where no UUIDv7 qualifies: the
// largest before 1970, the smallest after the last millisecond 48 bits hold.
func ExampleMinAtV7() {
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	from, _ := uuid.MinAtV7(day)
	to, _ := uuid.MinAtV7(day.AddDate(0, 0, 1))
	fmt.Println("SELECT * FROM events WHERE id >= $1 AND id < $2")
	fmt.Println(from)
	fmt.Println(to)
	// The last UUIDv7 of the day, for a closed range (id <= $2):
	last, _ := uuid.MaxAtV7(day.AddDate(0, 0, 1).Add(-time.Millisecond))
	fmt.Println(last)
	// Before the first millisecond, no UUIDv7 is at or before the time:
	_, err := uuid.MaxAtV7(time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC))
	fmt.Println(errors.Is(err, uuid.ErrTime))
	// Output:
	// SELECT * FROM events WHERE id >= $1 AND id < $2
	// 018f3173-7000-7000-8000-000000000000
	// 018f3699-cc00-7000-8000-000000000000
	// 018f3699-cbff-7fff-bfff-ffffffffffff
	// true
}
