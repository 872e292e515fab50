package ulid_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/ulid"
)

// A closed store is refused where the generator is made, and a store closed
// later fails the next ID that needs a mark, both with os.ErrClosed.
func TestClosedStore(t *testing.T) {
	s, err := store.Open(filepath.Join(t.TempDir(), "ids.state"))
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	g, err := ulid.NewGenerator(ulid.WithStore(s))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := ulid.NewGenerator(ulid.WithStore(s)); !errors.Is(err, os.ErrClosed) {
		t.Errorf("NewGenerator with a closed store: %v, want os.ErrClosed", err)
	}
	if _, err := g.Next(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Next after the store closed: %v, want os.ErrClosed", err)
	}
}

// UnmarshalJSON reads JSON strings with escapes, as encoding/json does.
func TestUnmarshalJSONEscapes(t *testing.T) {
	want := ulid.MustParse("01ARYZ6S410000000000000000")
	for _, in := range []string{`"01ARYZ6S410000000000000000"`, `"\u00301ARYZ6S410000000000000000"`, `"01ARYZ6S41000000000000000\u0030"`} {
		var got ulid.ULID
		if err := json.Unmarshal([]byte(in), &got); err != nil || got != want {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{`"\u003`, `"\q01ARYZ6S410000000000000000"`, "\"01ARYZ6S410000000000000000\t\"", `"01ARYZ6S410000000000000000"x`} {
		var got ulid.ULID
		if err := got.UnmarshalJSON([]byte(in)); !errors.Is(err, ulid.ErrSyntax) {
			t.Errorf("UnmarshalJSON(%q): %v, want ErrSyntax", in, err)
		}
	}
}
