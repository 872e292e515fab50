package idrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

var jsonSeeds = []string{
	`"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`,
	`"f81d4fae\u002d7dec-11d0-a765-00a0c91e6bf6"`,
	`"\u0046\u0038\u0031d4fae-7dec-11d0-a765-00a0c91e6bf6"`,
	`"\"\\\/\b\f\n\r\t"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ud83dx"`, `"\ude00\ud83d"`, `"\uD83D\uDE00"`,
	`"é"`, "\"\xff\"", "\"\xed\xa0\x80\"", `""`, `"`, ``, `"\"`, `"\u12"`, `"\u12g4"`, `"\x"`, "\"a\nb\"",
	`"a"b"`, `"a" `, ` "a"`, `null`, `12`, `"abc`, `abc"`, `"\u0000"`, `"\\"`, `"\\\"`,
}

// UnquoteJSON reads a JSON string as encoding/json does: the same strings
// are accepted, with the same value.
func TestUnquoteJSONMatchesEncodingJSON(t *testing.T) {
	for _, s := range jsonSeeds {
		checkUnquote(t, []byte(s))
	}
}

func FuzzUnquoteJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkUnquote)
}

func checkUnquote(t *testing.T, data []byte) {
	got, raw, err := UnquoteJSON(data)
	if err != nil && !errors.Is(err, ErrJSON) {
		t.Fatalf("UnquoteJSON(%q): %v, which does not match ErrJSON", data, err)
	}
	// encoding/json takes white space around the value and other values
	// than strings; UnquoteJSON, as UnmarshalJSON methods are called,
	// neither.
	oneString := len(data) > 0 && data[0] == '"' && !bytes.ContainsAny(data[len(data)-1:], " \t\r\n")
	var want string
	jerr := json.Unmarshal(data, &want)
	if oneString && (err == nil) != (jerr == nil) {
		t.Fatalf("UnquoteJSON(%q) = %q, %v; encoding/json: %q, %v", data, got, err, want, jerr)
	}
	if err == nil && string(got) != want {
		t.Fatalf("UnquoteJSON(%q) = %q; encoding/json reads %q", data, got, want)
	}
	if raw && !bytes.Equal(got, data[1:len(data)-1]) {
		t.Fatalf("UnquoteJSON(%q) = %q, raw, but that is not what lies between the quotes", data, got)
	}
}

// The common case, ASCII with no escapes, allocates nothing.
func TestUnquoteJSONAllocs(t *testing.T) {
	data := []byte(`"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`)
	if n := testing.AllocsPerRun(100, func() {
		if _, raw, err := UnquoteJSON(data); err != nil || !raw {
			t.Fatal(raw, err)
		}
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
