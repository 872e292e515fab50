package fuzz

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/json"
	"reflect"
	"testing"
)

// CheckMarshal checks that each way of writing id that its type has is
// read back by its counterpart: MarshalText by UnmarshalText, MarshalBinary
// by UnmarshalBinary, MarshalJSON by UnmarshalJSON, AppendText by
// UnmarshalText and AppendBinary by UnmarshalBinary (each appending to a
// non-empty slice, which must be kept), and Value by Scan (the database
// value as a driver hands it back: []byte for a string, as well as itself).
// A type that writes a form must read it: a MarshalBinary without an
// UnmarshalBinary fails the check.
func CheckMarshal[ID any](tb testing.TB, id ID) {
	tb.Helper()
	name := reflect.TypeOf(id).String()
	back := func(read func(p *ID) error, what string, data any) {
		tb.Helper()
		var got ID
		if err := read(&got); err != nil {
			tb.Fatalf("%s: %s of %v (%v) does not read back: %v", name, what, id, data, err)
		}
		if !reflect.DeepEqual(got, id) {
			tb.Fatalf("%s: %s of %v (%v) reads back as %v", name, what, id, data, got)
		}
	}
	prefix := []byte("prefix:")
	appended := func(what string) func([]byte, error) []byte {
		return func(b []byte, err error) []byte {
			tb.Helper()
			if err != nil {
				tb.Fatalf("%s: %s: %v", name, what, err)
			}
			if !bytes.HasPrefix(b, prefix) {
				tb.Fatalf("%s: %s wrote over what it appends to: %q", name, what, b)
			}
			return b[len(prefix):]
		}
	}
	write := func(what string) func([]byte, error) []byte {
		return func(b []byte, err error) []byte {
			tb.Helper()
			if err != nil {
				tb.Fatalf("%s: %s: %v", name, what, err)
			}
			return b
		}
	}

	if m, ok := any(id).(encoding.TextMarshaler); ok {
		text := write("MarshalText")(m.MarshalText())
		back(func(p *ID) error {
			return mustHave[encoding.TextUnmarshaler](tb, name, any(p)).UnmarshalText(text)
		}, "MarshalText", string(text))
	}
	if m, ok := any(id).(encoding.TextAppender); ok {
		text := appended("AppendText")(m.AppendText(bytes.Clone(prefix)))
		back(func(p *ID) error {
			return mustHave[encoding.TextUnmarshaler](tb, name, any(p)).UnmarshalText(text)
		}, "AppendText", string(text))
	}
	if m, ok := any(id).(encoding.BinaryMarshaler); ok {
		bin := write("MarshalBinary")(m.MarshalBinary())
		back(func(p *ID) error {
			return mustHave[encoding.BinaryUnmarshaler](tb, name, any(p)).UnmarshalBinary(bin)
		}, "MarshalBinary", bin)
		// A binary column gives Scan the same bytes, unless they read as
		// text as well, which Scan then takes them for.
		var probe ID
		if _, ok := any(&probe).(sql.Scanner); ok && !readsAsText(&probe, bin) {
			back(func(p *ID) error { return any(p).(sql.Scanner).Scan(bin) }, "MarshalBinary to Scan", bin)
		}
	}
	if m, ok := any(id).(encoding.TextMarshaler); ok {
		if _, ok := any(&id).(sql.Scanner); ok {
			text, _ := m.MarshalText()
			back(func(p *ID) error { return any(p).(sql.Scanner).Scan(text) }, "MarshalText to Scan as bytes", string(text))
			back(func(p *ID) error { return any(p).(sql.Scanner).Scan(string(text)) }, "MarshalText to Scan", string(text))
		}
	}
	if m, ok := any(id).(encoding.BinaryAppender); ok {
		bin := appended("AppendBinary")(m.AppendBinary(bytes.Clone(prefix)))
		back(func(p *ID) error {
			return mustHave[encoding.BinaryUnmarshaler](tb, name, any(p)).UnmarshalBinary(bin)
		}, "AppendBinary", bin)
	}
	if m, ok := any(id).(json.Marshaler); ok {
		j := write("MarshalJSON")(m.MarshalJSON())
		back(func(p *ID) error { return mustHave[json.Unmarshaler](tb, name, any(p)).UnmarshalJSON(j) }, "MarshalJSON", string(j))
		back(func(p *ID) error { return json.Unmarshal(j, p) }, "json.Marshal", string(j))
	}
	if m, ok := any(id).(driver.Valuer); ok {
		v, err := m.Value()
		if err != nil {
			tb.Fatalf("%s: Value: %v", name, err)
		}
		if !driver.IsValue(v) {
			tb.Fatalf("%s: Value %#v is not a driver.Value", name, v)
		}
		back(func(p *ID) error { return mustHave[sql.Scanner](tb, name, any(p)).Scan(v) }, "Value", v)
		if s, ok := v.(string); ok { // drivers hand text columns back as bytes too
			back(func(p *ID) error { return mustHave[sql.Scanner](tb, name, any(p)).Scan([]byte(s)) }, "Value as bytes", s)
		}
	}
}

// readsAsText reports whether b is also text that p's UnmarshalText reads.
func readsAsText(p any, b []byte) bool {
	u, ok := p.(encoding.TextUnmarshaler)
	return ok && u.UnmarshalText(b) == nil
}

// mustHave returns p as an I, failing the test when the type cannot read
// back a form it writes.
func mustHave[I any](tb testing.TB, name string, p any) I {
	tb.Helper()
	i, ok := p.(I)
	if !ok {
		tb.Fatalf("%s writes a form that it has no %s to read back", name, reflect.TypeFor[I]())
	}
	return i
}
