package golang_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/idforge/idforge/gen/golang"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// A user's own UUIDv8 layout: generate its package in memory, as `idforge
// gen` does before writing the file.
func ExampleGenerate() {
	l, err := layouts.Parse("orderid.layout", []byte(`
# Order IDs: milliseconds since 2020, a 10-bit shard and a counter.
layout orderid 128
  millis      48  time 2020-01-01T00:00:00Z ms
  ver          4  = 8
  shard       10  node
  counter      2  counter zero wait
  var          2  = 0b10
  rest        62  random
`))
	if err != nil {
		log.Fatal(err)
	}
	src, err := golang.Generate(golang.Single(resolved.Must(l), "orderid", "ID"))
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range bytes.Split(src, []byte("\n")) {
		for _, decl := range []string{"package ", "type ID ", "func NewGenerator(", "func Parse(", "func (id ID) String("} {
			if bytes.HasPrefix(line, []byte(decl)) {
				fmt.Printf("%s\n", line)
			}
		}
	}
	// Output:
	// package orderid
	// type ID [16]byte
	// func NewGenerator(node uint64, opts ...Option) (*Generator, error) {
	// func (id ID) String() string {
	// func Parse(s string) (id ID, err error) {
}

// A package's default text form is its layout's canonical text
// (resolved.Layout.Text): the one its spec declares, else the canonical
// UUID form for a layout that is an RFC 9562 UUID, decimal for a 64-bit
// layout, whose package then holds an int64, and Base62 for any other.
// SetText chooses another, as `idforge gen -text hex` does; a package
// whose text is not decimal holds a byte array.
func ExampleSingle() {
	var texts []string
	for _, name := range []string{"uuidv7", "snowflake", "ulid"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			log.Fatal(err)
		}
		texts = append(texts, golang.Single(resolved.Must(l), "x", "ID").Text)
	}
	fmt.Println(strings.Join(texts, " "))

	snow, _ := layouts.Builtin("snowflake")
	p := golang.Single(resolved.Must(snow), "flake", "ID")
	fmt.Println(p.Text, p.Int64)
	p.SetText("hex")
	fmt.Println(p.Text, p.Int64)
	// Output:
	// uuid decimal crockford
	// decimal true
	// hex false
}
