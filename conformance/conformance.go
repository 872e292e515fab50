// Package conformance holds one language-neutral corpus, corpus.jsonl, that
// the Go, JavaScript and Python tests all read: for every built-in layout
// and the random layouts in random/, IDs in every encoding, their fields,
// time, validity, MinAt/MaxAt at sample instants, and bad inputs with the
// error kind (the Go sentinel's name) each must give.
//
// The corpus is made from the interpreter (package interp) and the
// reference codecs (package encodings) by makecorpus, which go generate
// runs; the random layouts are files made once by makecorpus -random, so
// that regenerating never depends on the day it runs.
//
// Its readers: the uuid, ksuid, ulid and snowflake packages' TestTextCorpus
// (through internal/texttest), gen/pgsql's TestCorpus (PostgreSQL),
// TestJavaScript and TestPython here (node and python3 on the generated
// modules); FuzzEmitters here makes records of the same kinds for random
// layouts on the fly (ID, Bound, Bad).
//
// Beside it, conversions.jsonl holds package compat's conversions on fixed
// inputs (see Conversion), which the JavaScript and Python packages'
// conversions must give too; compat's TestCorpus checks Go still does.
package conformance

//go:generate go run ./makecorpus

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

// Record is one line of the corpus. Kind says which fields it uses:
//
//   - "layout": Layout, File, Spec, Text (the default text form: the one
//     the spec declares, else uuid, decimal for a 64-bit layout, or
//     base62), Monotonic, Node, Generates;
//   - "id": Hex and the encodings, Text, Fields (decimal integers, or hex
//     for bytes fields), Valid, UnixNs (decimal, empty without a time);
//   - "bound": At (decimal nanoseconds since the Unix epoch), Min and Max (hex);
//   - "bad": Form (base62, crockford, hex, text or bytes), Input (hex for
//     bytes; absent for the empty text, a 64-bit layout's bad decimal),
//     Error (ErrLength, ErrSyntax or ErrOverflow);
//   - "name", for a name-based layout: the ID Hex that the name Name (the
//     text, as UTF-8) in the name space Namespace (hex, a UUID's 16 bytes)
//     makes: Go's uuid.NewV3, NewV5 or NewV8SHA256, and every language's
//     fromName;
//   - "alias": Form (crockford, or text for a layout whose canonical text
//     is an encoding with aliases) and Input, text that the form reads
//     though its writer never writes it (Crockford's I, L and O, and lower
//     case); Hex, the ID it reads as; Text, what the form writes of that
//     ID, upper case with no alias;
//   - "mask": see Key.
type Record struct {
	Layout string `json:"layout"`
	Kind   string `json:"kind"`

	File      string `json:"file,omitempty"`
	Spec      string `json:"spec,omitempty"`
	Monotonic bool   `json:"monotonic,omitempty"` // a generator's IDs strictly increase as bytes: Monotonic and TimeSortable
	Node      int    `json:"node,omitempty"`      // the width of the node a generator must be given
	Generates bool   `json:"generates,omitempty"` // the layout has a generator (it is not name-based)

	Hex       string            `json:"hex,omitempty"`
	Base62    string            `json:"base62,omitempty"`
	Crockford string            `json:"crockford,omitempty"`
	Text      string            `json:"text,omitempty"`
	Fields    map[string]string `json:"fields,omitempty"`
	Valid     *bool             `json:"valid,omitempty"`
	UnixNs    string            `json:"unix_ns,omitempty"`

	At  string `json:"at,omitempty"`
	Min string `json:"min,omitempty"`
	Max string `json:"max,omitempty"`

	Form  string `json:"form,omitempty"`
	Input string `json:"input,omitempty"`
	Error string `json:"error,omitempty"`

	// A "mask" record: under Key (hex) and Tweak (hex), the ID Hex masks to
	// Public (hex), and Public unmasks to Hex (package mask).
	Key    string `json:"key,omitempty"`
	Tweak  string `json:"tweak,omitempty"`
	Public string `json:"public,omitempty"`

	Namespace string  `json:"namespace,omitempty"`
	Name      *string `json:"name,omitempty"` // a pointer, for the empty name
}

// Load reads a corpus file.
func Load(path string) ([]Record, error) { return loadLines[Record](path) }

// loadLines reads a file of JSON values, one a line.
func loadLines[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var vs []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		vs = append(vs, v)
	}
	return vs, sc.Err()
}
