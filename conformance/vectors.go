package conformance

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// A Vector is an ID that someone outside idforge published, in
// vectors.jsonl: where (Source), what the source says of it (Asserts, in
// words), and the values the source gives, as it gives them. Only what
// the source asserts is written down; nothing is worked out by idforge's
// code. Check holds the interpreter to it, and makecorpus writes each
// vector into the corpus as an "id" record whose Source is the vector's,
// so that every language's corpus test runs it with no code of its own.
type Vector struct {
	Layout  string `json:"layout"`
	Source  string `json:"source"`  // a link to the source
	Asserts string `json:"asserts"` // what the source says, in words

	// Text is the ID as the source writes it, in Form: the layout's own
	// text (interp.TextForm) when Form is empty. Letters' case is the
	// source's, which any form that folds case reads.
	Text string `json:"text"`
	Form string `json:"form,omitempty"`

	// The same ID as bytes (Hex, in either case) or as an unsigned
	// integer (Int, decimal), where the source gives it so.
	Hex string `json:"hex,omitempty"`
	Int string `json:"int,omitempty"`

	// Fields the source gives, by the layout's field names: integers in
	// decimal or with 0x, bytes fields in hex.
	Fields map[string]string `json:"fields,omitempty"`

	// The ID's time as the source gives it: an RFC 3339 instant, or Unix
	// milliseconds.
	Time   string `json:"time,omitempty"`
	UnixMs string `json:"unix_ms,omitempty"`

	// For a name-based ID: the name space (hex) and the name it is made
	// from.
	Namespace string  `json:"namespace,omitempty"`
	Name      *string `json:"name,omitempty"`
}

// LoadVectors reads a file of vectors, one JSON object a line.
func LoadVectors(path string) ([]Vector, error) { return loadLines[Vector](path) }

// ErrVector reports a vector that the interpreter does not read as its
// source says.
var ErrVector = errors.New("conformance: the interpreter disagrees with a published vector")

// Check reads the vector's text as an ID of layout l with the
// interpreter and checks everything the source asserts: the ID writes
// back as the same text, has the bytes or integer given, is valid, has the
// fields and the time given, and, for a name-based layout, is what the
// name makes. It returns the ID's bytes. Its error matches ErrVector
// where the interpreter disagrees, and names what.
func (v Vector) Check(l *layouts.Layout) ([]byte, error) {
	if l == nil || l.Name != v.Layout {
		return nil, fmt.Errorf("conformance: vector of %s checked against another layout", v.Layout)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s %s (%s): %s", ErrVector, v.Layout, v.Text, v.Source, fmt.Sprintf(format, args...))
	}
	form := v.Form
	if form == "" {
		form = interp.TextForm(l)
	}
	b, err := interp.Decode(l, form, v.Text)
	if err != nil {
		return nil, bad("reading it as %s: %v", form, err)
	}
	back, err := interp.Encode(l, form, b)
	if err != nil {
		return nil, bad("writing it as %s: %v", form, err)
	}
	if back != v.Text && !(foldsCase(l, form) && strings.EqualFold(back, v.Text)) {
		return nil, bad("writes back as %s", back)
	}
	if v.Hex != "" {
		want, err := hex.DecodeString(v.Hex)
		if err != nil {
			return nil, bad("bad hex %q", v.Hex)
		}
		if !bytes.Equal(b, want) {
			return nil, bad("bytes %x, the source's %s", b, v.Hex)
		}
	}
	if v.Int != "" {
		want, ok := new(big.Int).SetString(v.Int, 10)
		if !ok {
			return nil, bad("bad integer %q", v.Int)
		}
		if got := new(big.Int).SetBytes(b); got.Cmp(want) != 0 {
			return nil, bad("integer %v, the source's %s", got, v.Int)
		}
	}
	if _, err := interp.Unpack(l, b); err != nil {
		return nil, bad("not a valid ID: %v", err)
	}
	fields, err := interp.Fields(l, b)
	if err != nil {
		return nil, bad("%v", err)
	}
	for name, s := range v.Fields {
		f, ok := l.Field(name)
		if !ok {
			return nil, bad("the layout has no field %s", name)
		}
		var want *big.Int
		if f.Bytes {
			raw, err := hex.DecodeString(s)
			if err != nil {
				return nil, bad("field %s: bad hex %q", name, s)
			}
			want = new(big.Int).SetBytes(raw)
		} else if want, ok = new(big.Int).SetString(s, 0); !ok {
			return nil, bad("field %s: bad integer %q", name, s)
		}
		if got := fields[name]; got.Cmp(want) != 0 {
			return nil, bad("field %s = %#x, the source's %s", name, got, s)
		}
	}
	if v.Time != "" || v.UnixMs != "" {
		got, err := interp.Time(l, b)
		if err != nil {
			return nil, bad("no time: %v", err)
		}
		want, err := v.instant()
		if err != nil {
			return nil, bad("%v", err)
		}
		if !got.Equal(want) {
			return nil, bad("time %s, the source's %s", got.Format(time.RFC3339Nano), want.Format(time.RFC3339Nano))
		}
	}
	if v.Name != nil {
		ns, err := hex.DecodeString(v.Namespace)
		if err != nil {
			return nil, bad("bad name space %q", v.Namespace)
		}
		made, err := interp.Hash(l, append(ns, *v.Name...))
		if err != nil {
			return nil, bad("hashing the name: %v", err)
		}
		if !bytes.Equal(made, b) {
			return nil, bad("the name makes %x", made)
		}
	}
	return b, nil
}

// instant returns the time the vector gives.
func (v Vector) instant() (time.Time, error) {
	if v.Time != "" {
		return time.Parse(time.RFC3339Nano, v.Time)
	}
	ms, ok := new(big.Int).SetString(v.UnixMs, 10)
	if !ok || !ms.IsInt64() {
		return time.Time{}, fmt.Errorf("bad Unix milliseconds %q", v.UnixMs)
	}
	return time.UnixMilli(ms.Int64()), nil
}

// foldsCase reports whether a text form reads letters in either case: the
// UUID form, and an encoding declared with fold.
func foldsCase(l *layouts.Layout, form string) bool {
	if form == "uuid" {
		return true
	}
	s, err := interp.Alphabet(l, form)
	return err == nil && s.Fold
}

// VectorRecord returns the corpus's "id" record of a vector: the
// interpreter's record of the ID (see ID), once Check has held it to the
// source, with the vector's Source.
func VectorRecord(l *layouts.Layout, v Vector) (Record, error) {
	b, err := v.Check(l)
	if err != nil {
		return Record{}, err
	}
	r, err := ID(l, b)
	if err != nil {
		return Record{}, err
	}
	r.Source = v.Source
	return r, nil
}
