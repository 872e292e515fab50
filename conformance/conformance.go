// Package conformance holds one language-neutral corpus, corpus.jsonl.gz
// (JSON lines, gzip-compressed), that the Go, JavaScript and Python tests
// all read: for every built-in layout
// and the random layouts in random/, IDs in every encoding, their fields,
// time, validity, MinAt/MaxAt at sample instants, and bad inputs with the
// error kind (the Go sentinel's name) each must give.
//
// The corpus is made by makecorpus (package conformance/internal/corpus),
// which go generate runs, from the interpreter (package interp): every text,
// field, time and bound, and the error kind of every bad input, is its plain
// arithmetic, which shares no code with package resolved or the encodings'
// codecs, so that a mistake in either is not written into the corpus too
// (conformance/check holds resolved to the corpus). Its mask records come
// from package mask. The random layouts are files made once by makecorpus
// -random, so that regenerating never depends on the day it runs.
// TestCorpusUpToDate makes the corpus again in memory and holds the
// committed files to it. A layout whose epoch is after the corpus's sample
// instant (2024-05-06) starts its IDs within a day after its epoch
// instead (corpus.Start).
//
// Its readers: the uuid, ksuid, ulid and snowflake packages' TestTextCorpus
// (through internal/texttest), gen/pgsql's TestCorpus (PostgreSQL),
// TestJavaScript and TestPython here (node and python3 on the generated
// modules); FuzzEmitters here makes records of the same kinds for random
// layouts on the fly (ID, Bound, Bad).
//
// vectors.jsonl holds IDs published outside idforge (Vector): each with a
// link to its source, what the source asserts, and the values it gives.
// Vector.Check holds the interpreter to each (TestVectors runs them all),
// and makecorpus writes each into the corpus as an "id" record with its
// Source, after its layout's own records, so that every language's corpus
// test runs the published IDs with no code of its own. To add one, add a
// line there and run go generate.
//
// The corpus is for implementations outside idforge too: docs/conformance.md
// specifies its records and their version (FormatVersion), and the testee
// protocol by which package conformance/testee, idforge conformance
// -testee CMD, runs it against a program in any language; Corpus returns
// the corpus embedded in this package. Its "order" records hold IDs in
// unsigned byte order, and its "sequence" records what a generator must
// make under a clock that moves on, stands still or steps back (Order,
// Sequence).
//
// Beside it, conversions.jsonl holds package compat's conversions on fixed
// inputs (see Conversion), which the JavaScript and Python packages'
// conversions must give too; compat's TestCorpus checks Go still does.
package conformance

//go:generate go run ./makecorpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"time"
)

// Record is one line of the corpus. Kind says which fields it uses:
//
//   - "layout": Layout, File, Spec, Text (the default text form: the one
//     the spec declares, else uuid, decimal for a 64-bit layout, or
//     base62), Monotonic, Node, Generates;
//   - "id": Hex and the encodings, Text, Fields (decimal integers, or hex
//     for bytes fields), Valid, UnixNs (decimal, empty without a time);
//     Source, for an ID published outside idforge (vectors.jsonl), links
//     to where;
//   - "bound": At (decimal nanoseconds since the Unix epoch), Min and Max
//     (hex): MinAt's and MaxAt's IDs, exactly as DESIGN defines them at the
//     range's ends too; where no ID satisfies one side (MaxAt before the
//     first tick's time, MinAt after the last tick's), that side is absent
//     and Error is ErrTime;
//   - "bad": Form (base62, crockford, hex, text or bytes), Input (hex for
//     bytes; absent for the empty text, a 64-bit layout's bad decimal),
//     Error (ErrLength, ErrSyntax or ErrOverflow); Pos, for ErrSyntax, the
//     0-based byte offset of the first character the form does not allow.
//     Every language's message for it names the input's length in bytes
//     ("length N", for bytes "N bytes"), and for ErrSyntax the place
//     ("position Pos"), as Go's uuid.SyntaxError does;
//   - "name", for a name-based layout: the ID Hex that the name Name (the
//     text, as UTF-8) in the name space Namespace (hex, a UUID's 16 bytes)
//     makes: Go's uuid.NewV3, NewV5 or NewV8SHA256, and every language's
//     fromName;
//   - "alias": Form (crockford, or text for a layout whose canonical text
//     is an encoding with aliases) and Input, text that the form reads
//     though its writer never writes it (Crockford's I, L and O, and lower
//     case); Hex, the ID it reads as; Text, what the form writes of that
//     ID, upper case with no alias;
//   - "valid": Input (absent for the empty text) and Valid, whether the
//     layout's check of text (JavaScript's isValid, Python's is_valid,
//     Java's static isValid; Go's Parse and then Valid) is true of it:
//     parse reads it and the ID it reads has the layout's constant bits.
//     Error, where parse refuses the text, is the kind it gives
//     (ErrLength, ErrSyntax or ErrOverflow). See Valid;
//   - "bad-name", for a name-based layout: text that is not valid
//     Unicode, UTF16 (its UTF-16 code units, with a lone surrogate), which
//     fromName refuses as a name of text with Error (ErrType); Input, its
//     code points as bytes in UTF-8's scheme (hex), which no UTF-8 decoder
//     accepts, and Hex, the ID that fromName gives those bytes as a name
//     of bytes, hashed as they are, in Namespace. See BadNameRecords;
//   - "mask": see Key;
//   - "stored": under the storage profile Profile (package storage), the
//     ID Hex is stored as Stored (hex) and Stored reads back as Hex; with
//     Error ErrStored, Input (hex) is no stored value of the profile (its
//     padding is not zero);
//   - "stored-order": under the storage profile Profile, which keeps the
//     layout in time order, StoredValues (hex) are stored values of IDs
//     of different times in the store's ascending order: inserted in any
//     order into a column of the store's type, ORDER BY gives them so;
//   - "order": IDs, hex, in ascending unsigned byte order, the order every
//     language's compare must give them (Order);
//   - "sequence": a generator scenario (Sequence): Scenario (steady,
//     frozen or step-back), Clock (the readings, decimal nanoseconds since
//     the Unix epoch, that an injected clock gives while the generator
//     makes each ID in turn) and Times (each reading's tick, as an ID's
//     time reads: decimal nanoseconds).
//
// A "layout" record carries Version, the corpus format's version
// (FormatVersion). docs/conformance.md specifies every kind and the rule
// by which the format changes.
type Record struct {
	Layout string `json:"layout"`
	Kind   string `json:"kind"`

	Version int `json:"version,omitempty"` // the format's version, on a "layout" record

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
	Source    string            `json:"source,omitempty"` // where an ID published outside idforge is (Vector)

	At  string `json:"at,omitempty"`
	Min string `json:"min,omitempty"`
	Max string `json:"max,omitempty"`

	Form  string `json:"form,omitempty"`
	Input string `json:"input,omitempty"`
	Error string `json:"error,omitempty"`
	Pos   *int   `json:"pos,omitempty"` // a "bad" record's place of ErrSyntax (a pointer, for 0)

	// A "mask" record: under Key (hex) and Tweak (hex), the ID Hex masks to
	// Public (hex), and Public unmasks to Hex (package mask).
	Key    string `json:"key,omitempty"`
	Tweak  string `json:"tweak,omitempty"`
	Public string `json:"public,omitempty"`

	// A "stored" record: under the storage profile Profile, the ID Hex is
	// stored as Stored (hex), and back (package storage).
	Profile string `json:"profile,omitempty"`
	Stored  string `json:"stored,omitempty"`
	// A "stored-order" record's stored values under Profile, hex, in the
	// store's ascending order.
	StoredValues []string `json:"stored_values,omitempty"`

	Namespace string  `json:"namespace,omitempty"`
	Name      *string `json:"name,omitempty"` // a pointer, for the empty name

	UTF16 []uint16 `json:"utf16,omitempty"` // a "bad-name" record's name, as UTF-16 code units

	IDs      []string `json:"ids,omitempty"`      // an "order" record's IDs, hex, ascending
	Scenario string   `json:"scenario,omitempty"` // a "sequence" record's scenario
	Clock    []string `json:"clock,omitempty"`    // a "sequence" record's clock readings
	Times    []string `json:"times,omitempty"`    // the tick of each of Clock, as an ID's time reads
}

// FormatVersion is the version of the corpus's format that this package
// writes and reads, carried by every "layout" record. Within a version,
// records only gain kinds and fields, which readers ignore where they do
// not know them; a change to what an existing field or kind means, or a
// field or kind taken away, raises it.
const FormatVersion = 1

// Sequence scenarios: what the injected clock of a "sequence" record does.
const (
	Steady   = "steady"    // the clock moves on by at least one tick for every ID
	Frozen   = "frozen"    // the clock stands still
	StepBack = "step-back" // the clock goes back by 0, 7 or 14 seconds at each ID
)

// Time returns a bound record's At, nanoseconds since the Unix epoch, as a
// time.Time; false where At is past what a time.Time holds (the records
// far from every range go to ±300,000,000 years), and an error where At is
// not a whole number.
func (r Record) Time() (time.Time, bool, error) {
	ns, ok := new(big.Int).SetString(r.At, 10)
	if !ok {
		return time.Time{}, false, fmt.Errorf("%s: a bound at %q, not a whole number of nanoseconds", r.Layout, r.At)
	}
	sec, nsec := new(big.Int).DivMod(ns, big.NewInt(1e9), new(big.Int))
	if !sec.IsInt64() {
		return time.Time{}, false, nil
	}
	return time.Unix(sec.Int64(), nsec.Int64()), true, nil
}

// Load reads a corpus file: JSON lines, or JSON lines gzip-compressed, as
// the committed corpus.jsonl.gz is.
func Load(path string) ([]Record, error) { return loadLines[Record](path) }

// loadLines reads a file of JSON values, one a line.
func loadLines[T any](path string) ([]T, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if isGzip(b) {
		if b, err = gunzip(b); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	var vs []T
	sc := bufio.NewScanner(bytes.NewReader(b))
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
