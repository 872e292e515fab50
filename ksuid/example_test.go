package ksuid_test

import (
	"fmt"
	"time"

	"github.com/idforge/idforge/ksuid"
)

func ExampleFromParts() {
	k, err := ksuid.FromParts(time.Unix(1507608047, 0), [16]byte{0xb5, 0xa1, 0xcd, 0x34})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%x %d %v\n", k[:4], k.Timestamp(), k.Time())
	// Output: 0669f7ef 107608047 2017-10-10 04:00:47 +0000 UTC
}

func ExampleFromParts_outOfRange() {
	_, err := ksuid.FromParts(time.Date(2010, 1, 1, 0, 0, 0, 0, time.UTC), [16]byte{})
	fmt.Println(err != nil)
	// Output: true
}

func ExampleKSUID_Next() {
	k := ksuid.MustParse("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
	fmt.Println(k.Next())
	fmt.Println(k.Prev())
	fmt.Println(ksuid.Max().Next() == ksuid.Nil(), ksuid.Nil().Prev() == ksuid.Max())
	// Output:
	// 0ujtsYcgvSTl8PAuAdqWYSMnLOw
	// 0ujtsYcgvSTl8PAuAdqWYSMnLOu
	// true true
}
