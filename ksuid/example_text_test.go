package ksuid_test

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/ksuid"
)

func ExampleParse() {
	id, err := ksuid.Parse("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
	fmt.Println(id.Timestamp(), id.Time(), err)
	fmt.Printf("%x\n", id.Payload())
	// Output:
	// 107608047 2017-10-10 04:00:47 +0000 UTC <nil>
	// b5a1cd34b5f99d1154fb6853345c9735
}

// Text above Max, which 27 Base62 characters can hold, is not a KSUID.
func ExampleParse_overflow() {
	fmt.Println(ksuid.Max())
	_, err := ksuid.Parse("aWgEPTl1tmebfsQzFP4bxwgy80W")
	fmt.Println(errors.Is(err, ksuid.ErrOverflow))
	_, err = ksuid.Parse("0ujtsYcgvSTl8PAuAdqWYSMnLOv!")
	fmt.Println(errors.Is(err, ksuid.ErrLength))
	// Output:
	// aWgEPTl1tmebfsQzFP4bxwgy80V
	// true
	// true
}

func ExampleKSUID_Hex() {
	id := ksuid.MustParse("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
	fmt.Println(id.Hex())
	// Output: 0669f7efb5a1cd34b5f99d1154fb6853345c9735
}

func ExampleKSUID_AppendText() {
	id := ksuid.MustParse("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
	b := []byte("event ")
	b, _ = id.AppendText(b)
	fmt.Println(string(b))
	// Output: event 0ujtsYcgvSTl8PAuAdqWYSMnLOv
}
