package encodings_test

import (
	"errors"
	"fmt"

	"github.com/idforge/idforge/encodings"
)

func ExampleBase62() {
	id := []byte{ // a KSUID
		0x06, 0x69, 0xf7, 0xef, 0xb5, 0xa1, 0xcd, 0x34, 0xb5, 0xf9,
		0x9d, 0x11, 0x54, 0xfb, 0x68, 0x53, 0x34, 0x5c, 0x97, 0x35,
	}
	s := encodings.Base62.EncodeToString(id)
	fmt.Println(s, len(s) == encodings.Base62.EncodedLen(len(id)))

	b, err := encodings.Base62.DecodeString(s)
	fmt.Printf("%x %v\n", b, err)

	fmt.Println(encodings.Base62.EncodeToString([]byte{0, 1}))
	// Output:
	// 0ujtsYcgvSTl8PAuAdqWYSMnLOv true
	// 0669f7efb5a1cd34b5f99d1154fb6853345c9735 <nil>
	// 001
}

func ExampleCrockford() {
	// A ULID: 48-bit millisecond timestamp, then 80 bits of entropy.
	id := []byte{0x01, 0x56, 0x3d, 0xf3, 0x64, 0x81, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	s := encodings.Crockford.EncodeToString(id)
	fmt.Println(s)

	// Lower case is accepted, and Crockford's aliases: I and L read as 1,
	// O as 0. U is not a digit.
	b, err := encodings.Crockford.DecodeString("01aryz6s41oooooooooooooooo")
	fmt.Printf("%x %v\n", b, err)
	fmt.Println(encodings.Crockford.EncodeToString(b))
	_, err = encodings.Crockford.DecodeString("01ARYZ6S41000000000000000U")
	fmt.Println(err)
	// Output:
	// 01ARYZ6S410000000000000000
	// 01563df3648100000000000000000000 <nil>
	// 01ARYZ6S410000000000000000
	// encodings: invalid character 'U' at position 25
}

func ExampleHex() {
	dst := []byte("id=")
	dst = encodings.Hex.AppendEncode(dst, []byte{0xca, 0xfe})
	fmt.Println(string(dst))

	b, err := encodings.Hex.DecodeString("CAFE")
	fmt.Printf("%x %v\n", b, err)
	// Output:
	// id=cafe
	// cafe <nil>
}

func ExampleInvalidCharError() {
	_, err := encodings.Base62.DecodeString("0ujtsYcgvSTl8PAuAdq-YSMnLOv")
	var ice encodings.InvalidCharError
	if errors.As(err, &ice) {
		fmt.Println(ice.Pos, string(ice.Char), errors.Is(err, encodings.ErrInvalidChar))
	}
	// Output:
	// 19 - true
}

func ExampleBase62Encoding_DecodedLen() {
	for _, m := range []int{22, 23, 27} {
		fmt.Println(m, encodings.Base62.DecodedLen(m))
	}
	// Output:
	// 22 16
	// 23 17
	// 27 20
}

func ExampleBase62Encoding_AppendDecode() {
	// Decoding into a reused buffer allocates nothing.
	buf := make([]byte, 0, 20)
	buf, err := encodings.Base62.AppendDecode(buf[:0], []byte("aWgEPTl1tmebfsQzFP4bxwgy80V"))
	fmt.Printf("%x %v\n", buf, err)

	// Out of range: 2^160 does not fit in 20 bytes, and nothing is appended.
	buf, err = encodings.Base62.AppendDecode(buf[:0], []byte("aWgEPTl1tmebfsQzFP4bxwgy80W"))
	fmt.Println(len(buf), err, errors.Is(err, encodings.ErrOverflow))
	// Output:
	// ffffffffffffffffffffffffffffffffffffffff <nil>
	// 0 encodings: value out of range true
}

func ExampleLookup() {
	// An xid: 12 bytes in base32hex, written from the top bit.
	b32, _ := encodings.Lookup("base32hex")
	b, err := b32.DecodeString("9m4e2mr0ui3e8a215n4g")
	fmt.Printf("%x %v\n", b, err)

	// The same 16 bytes in Bitcoin's Base58, fixed-width, and with
	// Crockford's check symbol.
	id := []byte{0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0, 0x7c, 0xc3, 0x98, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f}
	for _, name := range []string{"base58", "crockford-check"} {
		e, _ := encodings.Lookup(name)
		fmt.Println(name, e.EncodeToString(id), e.Sorts())
	}
	// Output:
	// 4d88e15b60f486e428412dc9 <nil>
	// base58 1BihbxwwQ4NZZpKRH9JDCz true
	// crockford-check 01FWHE4YDGFK1SHH6W1G60EECFX true
}

func ExampleDeclare() {
	// An encoding of one's own, declared as a spec's encoding line is.
	dice, err := encodings.Declare("encoding dice Dice 123456")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(dice.EncodeToString([]byte{0xff, 0xff}), dice.EncodedLen(2))

	_, err = encodings.Declare("encoding bad Bad 0120")
	fmt.Println(err)
	// Output:
	// 2334334 7
	// encodings: bad declaration: encoding "bad": digit '0' appears twice (or in both cases, with fold)
}
