package layouts_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/idforge/idforge/layouts"
)

func ExampleParse() {
	spec := `
# Orders: milliseconds since 2024, a 10-bit shard and a 12-bit sequence.
layout orders 64
  sign       1  = 0
  timestamp 41  time 2024-01-01T00:00:00Z ms
  shard     10  node
  sequence  12  counter zero wait
`
	l, err := layouts.Parse("orders.layout", []byte(spec))
	if err != nil {
		fmt.Println(err)
		return
	}
	overflow, _ := l.Overflow()
	fmt.Println(l.Name, l.Bytes(), "bytes")
	fmt.Println("sorts by time:", l.TimeSortable())
	fmt.Println("overflows:", overflow.Format(time.DateOnly))
	fmt.Println("IDs per ms per shard:", l.PerTick())
	for _, f := range l.Fields {
		fmt.Printf("  %s: %d bits, %s\n", f.Name, f.Width, f.Role)
	}
	// Output:
	// orders 8 bytes
	// sorts by time: true
	// overflows: 2093-09-06
	// IDs per ms per shard: 4096
	//   timestamp: 41 bits, time
	//   shard: 10 bits, node
	//   sequence: 12 bits, counter
}

// Parse reports every problem in a spec at once, each with its file, line
// and field.
func ExampleParse_error() {
	_, err := layouts.Parse("bad.layout", []byte(`
layout bad 128
  unix_ms  48  time unix bogus
  ver       4  = 0
  rand_a   12  random
  var       2  = 0b11
  rand_b   62  random
`))
	fmt.Println(err)
	fmt.Println(errors.Is(err, layouts.ErrUnit), errors.Is(err, layouts.ErrVersion))
	// Output:
	// bad.layout:3: unix_ms: "bogus" is neither a unit (s, ms, us, ns, 10ms, 100ns, ms/4096, 2^-12s, ...) nor an epoch (unix, gregorian, 2006-01-02T15:04:05Z)
	// bad.layout:4: ver: version 0 is unused (RFC 9562 section 4.2); a custom layout is version 8
	// bad.layout:6: var: variant 0b11 beside version field ver on line 4: an RFC 9562 UUID's variant is 0b10 (section 4.1)
	// true true
}

func ExampleBuiltin() {
	l, _ := layouts.Builtin("uuidv7")
	fmt.Print(l.Format())
	// Output:
	// # UUIDv7 — RFC 9562 section 5.7.
	// # Unix milliseconds, then a 26-bit counter across rand_a and the top of rand_b
	// # (section 6.2, method 1: seeded at random each millisecond with its top bit
	// # clear, borrowing the next millisecond if it runs out), then 48 random bits.
	// layout uuidv7 128
	//   unix_ts_ms   48  time unix ms as unix_ms
	//   ver           4  = 7
	//   rand_a       12  counter[14:26] seeded borrow
	//   var           2  = 0b10
	//   rand_b       62  counter[0:14] + random
}

func ExampleLayout_Collision() {
	l, _ := layouts.Builtin("uuidv4")
	p := l.Collision(1e6, 100, 365*24*time.Hour) // 100 generators, a million a second each, for a year
	fmt.Printf("%.1e\n", p)
	// Output:
	// 9.4e-07
}

func ExampleLayout_FirstDuplicate() {
	// 48 bits of milliseconds and 16 random bits, no counter: the IDs of
	// one millisecond differ only in their random bits.
	l, _ := layouts.Parse("burst.layout", []byte("layout burst 64\n  t 48 time unix ms\n  r 16 random\n"))
	all, self := l.FirstDuplicate(200000, 1) // one generator, 200000 IDs a second
	fmt.Println(layouts.FormatWait(all), layouts.FormatWait(self))
	if w, ok := l.RepeatWarning(); ok {
		fmt.Println(w.Line, w.Field)
	}
	// Output:
	// 2.27ms 2.27ms
	// 3 r
}
