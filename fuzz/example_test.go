package fuzz_test

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
)

// ToFields fills a generated package's Fields struct from the values the
// interpreter uses, by the spec's field names; FromFields reads them back.
// The checks use the pair to hold generated code to the interpreter.
func ExampleToFields() {
	l, _ := layouts.Builtin("snowflake")
	values := interp.Values{"timestamp": big.NewInt(1 << 40), "node": big.NewInt(42), "sequence": big.NewInt(7)}

	var f snowflake.Fields
	if err := fuzz.ToFields(l, values, &f); err != nil {
		panic(err)
	}
	id, _ := snowflake.Pack(f)
	b, _ := interp.Pack(l, values)
	fmt.Printf("%+v\n", f)
	fmt.Printf("generated %x, interpreter %x\n", uint64(id), b)
	fmt.Println(fuzz.FromFields(l, id.Fields()))
	// Output:
	// {Timestamp:1099511627776 Node:42 Sequence:7}
	// generated 400000000002a007, interpreter 400000000002a007
	// map[node:42 sequence:7 timestamp:1099511627776]
}

// A value wider than the Go field it goes to is an error, not a truncation.
func ExampleToFields_tooWide() {
	l, _ := layouts.Builtin("snowflake")
	values := interp.Values{"timestamp": new(big.Int).Lsh(big.NewInt(1), 64), "node": big.NewInt(0), "sequence": big.NewInt(0)}
	var f snowflake.Fields
	fmt.Println(fuzz.ToFields(l, values, &f))
	// Output: fuzz: 18446744073709551616 does not fit Timestamp
}

// Generated wires a generated package to the checks inside a native fuzz
// target: the package's Pack, Fields, bytes, text forms and generator. This
// one is ulid's; run it with go test -fuzz=FuzzULID. (An example cannot
// make the *testing.F a fuzz target gets, so this one only compiles.)
func ExampleGenerated() {
	fuzzULID := func(f *testing.F) {
		l, err := layouts.Builtin("ulid")
		if err != nil {
			f.Fatal(err)
		}
		g, err := ulid.NewGenerator()
		if err != nil {
			f.Fatal(err)
		}
		fuzz.Generated(f, l, fuzz.Codec[ulid.ULID, ulid.Fields]{
			Pack:   ulid.Pack,
			Fields: ulid.ULID.Fields,
			Bytes:  func(id ulid.ULID) []byte { return id[:] },
			Texts: []fuzz.Text[ulid.ULID]{
				// Crockford's reads I, L and O as 1, 1 and 0: the encoding
				// says what the text must re-encode to.
				{Name: "crockford", Encode: ulid.ULID.String, Parse: ulid.Parse, FoldCase: true, Sorted: true, Reference: crockford},
				{Name: "base62", Encode: ulid.ULID.Base62, Parse: ulid.ParseBase62, Sorted: true},
			},
			Next:  g.Next,
			Valid: ulid.ULID.Valid,
		})
	}
	_ = fuzzULID
}
