package idrt_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/idforge/idforge/idrt"
)

// The guard a generated file declares, here for runtime version 9.
const (
	_ = idrt.EnforceVersion(9 - idrt.MinVersion)
	_ = idrt.EnforceVersion(idrt.MaxVersion - 9)
)

// A generated file declares the version guard so that it fails to compile
// against a runtime that does not support it.
func ExampleEnforceVersion() {
	fmt.Println(idrt.MinVersion <= 9 && 9 <= idrt.MaxVersion)
	// Output: true
}

// uuidv7 is the policy of UUIDv7 with a 12-bit seeded counter in rand_a
// (RFC 9562 §6.2 method 1) that borrows the next millisecond on overflow.
var uuidv7 = idrt.Policy{
	CounterBits: 12,
	Init:        idrt.InitSeeded,
	Overflow:    idrt.OverflowBorrow,
	MaxTick:     1<<48 - 1,
}

// The clock freezes, then goes backwards: the IDs still increase.
func ExampleState_Next() {
	var s idrt.State
	seed := idrt.Counter{Lo: 0xabc}
	for _, now := range []uint64{1000, 1000, 1001, 999, 1002} {
		tick, c, err := s.Next(&uuidv7, now, seed)
		fmt.Printf("now %d: tick %d counter %#x %v\n", now, tick, c.Lo, err)
	}
	// Output:
	// now 1000: tick 1000 counter 0x2bc <nil>
	// now 1000: tick 1000 counter 0x2bd <nil>
	// now 1001: tick 1001 counter 0x2bc <nil>
	// now 999: tick 1001 counter 0x2bd <nil>
	// now 1002: tick 1002 counter 0x2bc <nil>
}

// A generator making UUIDv7-style IDs from the real clock and crypto/rand.
func ExampleState_Next_generator() {
	var s idrt.State
	e := idrt.Crypto()
	var prev [16]byte
	for i := range 1000 {
		var r [16]byte
		if _, err := e.Read(r[:]); err != nil {
			panic(err)
		}
		seed := idrt.Counter{Lo: uint64(binary.BigEndian.Uint16(r[:2]))}
		tick, c, err := s.Next(&uuidv7, uint64(time.Now().UnixMilli()), seed)
		if err != nil {
			panic(err)
		}
		var id [16]byte
		binary.BigEndian.PutUint64(id[:8], tick<<16|0x7000|c.Lo) // unix_ts_ms, ver, rand_a
		copy(id[8:], r[8:])
		id[8] = id[8]&0x3f | 0x80 // var
		if i > 0 && bytes.Compare(id[:], prev[:]) <= 0 {
			fmt.Println("not increasing")
		}
		prev = id
	}
	fmt.Println("1000 increasing IDs")
	// Output: 1000 increasing IDs
}

// A Snowflake-style generator whose 12-bit counter starts at zero and waits
// for the next millisecond when it runs out.
func ExampleWait_Past() {
	snowflake := idrt.Policy{CounterBits: 12, Init: idrt.InitZero, Overflow: idrt.OverflowWait, MaxTick: 1<<41 - 1}
	clock := func() uint64 { return uint64(time.Now().UnixMilli()) }
	var s idrt.State
	start := clock()
	s.Restore(start, idrt.Counter{Lo: 4095}) // as if this millisecond were used up
	tick, _, err := s.Next(&snowflake, start, idrt.Counter{})
	if errors.Is(err, idrt.ErrExhausted) {
		var now uint64
		if now, err = (idrt.Wait{Tick: time.Millisecond, Max: time.Second}).Past(tick, clock); err == nil {
			var next uint64
			next, _, err = s.Next(&snowflake, now, idrt.Counter{})
			fmt.Println(next > tick, err)
		}
	}
	// Output: true <nil>
}

// An Entropy over an injected reader hands out the reader's bytes in order.
func ExampleNewEntropy() {
	e := idrt.NewEntropy(bytes.NewReader(bytes.Repeat([]byte("0123456789abcdef"), 256)))
	var a, b [6]byte
	e.Read(a[:])
	e.Read(b[:])
	fmt.Printf("%s %s\n", a[:], b[:])
	// Output: 012345 6789ab
}

// When the underlying reader fails, Read returns the error and no bytes.
func ExampleEntropy_Read() {
	e := idrt.NewEntropy(bytes.NewReader(make([]byte, 40))) // a stream of 40 bytes
	var b [16]byte
	for range 3 {
		n, err := e.Read(b[:])
		fmt.Println(n, err)
	}
	// Output:
	// 16 <nil>
	// 16 <nil>
	// 0 unexpected EOF
}

func ExampleCrypto() {
	var b [16]byte
	n, err := idrt.Crypto().Read(b[:])
	fmt.Println(n, err)
	// Output: 16 <nil>
}
