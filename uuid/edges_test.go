package uuid_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/uuid"
)

// Options are applied by NewGenerator alone, each once, and their order
// never matters: a node given before the clock is kept as one given after
// it (a zero Generator once dropped it).
func TestOptionsOnceInAnyOrder(t *testing.T) {
	at := func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }
	var first uuid.UUID
	for i, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {1, 3, 0, 2}} {
		opts := []uuid.Option{uuid.WithNode(42), uuid.WithClock(at), uuid.WithClockSeq(7), uuid.WithEntropy(bytes.NewReader(make([]byte, 1<<10)))}
		var given []uuid.Option
		for _, k := range order {
			given = append(given, opts[k])
		}
		g, err := uuid.NewGenerator(given...)
		if err != nil {
			t.Fatal(err)
		}
		id, err := g.NewV1()
		if err != nil {
			t.Fatal(err)
		}
		if f := id.V1(); f.Node != 42 || f.ClockSeq != 7 {
			t.Errorf("order %v: node %d, clock sequence %d; want 42 and 7", order, f.Node, f.ClockSeq)
		}
		if i == 0 {
			first = id
		} else if id != first {
			t.Errorf("order %v: %v, where another order made %v", order, id, first)
		}
	}
	if _, err := uuid.NewGenerator(uuid.WithNode(1), uuid.WithNode(2)); !errors.Is(err, uuid.ErrOption) {
		t.Errorf("WithNode twice: %v, want ErrOption", err)
	}
	if _, err := uuid.NewGenerator(uuid.Option{}); !errors.Is(err, uuid.ErrOption) {
		t.Errorf("the zero Option: %v, want ErrOption", err)
	}
}

// Nil, Max and the name spaces are functions: what a caller does to the
// UUID one returns changes no other caller's, nor a later NewV5.
func TestConstantsUnshared(t *testing.T) {
	want := uuid.NewV5(uuid.NamespaceDNS(), "www.example.com")
	ns := uuid.NamespaceDNS()
	ns[0] ^= 0xff
	n, m := uuid.Nil(), uuid.Max()
	n[0], m[0] = 1, 1
	if got := uuid.NewV5(uuid.NamespaceDNS(), "www.example.com"); got != want || got.String() != "2ed6657d-e927-568b-95e1-2665a8aea6a2" {
		t.Errorf("NewV5 after a caller changed its copy of NamespaceDNS = %v, want %v", got, want)
	}
	if !uuid.Nil().IsZero() || uuid.Max().String() != "ffffffff-ffff-ffff-ffff-ffffffffffff" {
		t.Errorf("Nil() = %v, Max() = %v after a caller changed its copies", uuid.Nil(), uuid.Max())
	}
	for name, f := range map[string]func() uuid.UUID{"URL": uuid.NamespaceURL, "OID": uuid.NamespaceOID, "X500": uuid.NamespaceX500} {
		if f().Version() != 1 || f()[3] == ns[3] {
			t.Errorf("Namespace%s() = %v", name, f())
		}
	}
}

// A closed store is refused where the generator is made, and a store closed
// later fails the next ID that needs a mark, both with os.ErrClosed (once
// the first NewV7 failed with an error that matched no sentinel).
func TestClosedStore(t *testing.T) {
	s, err := store.Open(filepath.Join(t.TempDir(), "ids.state"))
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	g, err := uuid.NewGenerator(uuid.WithStore(s))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := uuid.NewGenerator(uuid.WithStore(s)); !errors.Is(err, os.ErrClosed) {
		t.Errorf("NewGenerator with a closed store: %v, want os.ErrClosed", err)
	}
	for name, next := range map[string]func() (uuid.UUID, error){"NewV1": g.NewV1, "NewV6": g.NewV6, "NewV7": g.NewV7} {
		if _, err := next(); !errors.Is(err, os.ErrClosed) {
			t.Errorf("%s after the store closed: %v, want os.ErrClosed", name, err)
		}
	}
	if err := g.FillV7(make([]uuid.UUID, 3)); !errors.Is(err, os.ErrClosed) {
		t.Errorf("FillV7 after the store closed: %v, want os.ErrClosed", err)
	}
}

// UnmarshalJSON reads any JSON string encoding/json reads: escapes, which
// google/uuid, reading through UnmarshalText, takes too.
func TestUnmarshalJSONEscapes(t *testing.T) {
	want := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	for _, in := range []string{
		`"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`,
		`"f81d4fae\u002d7dec-11d0-a765-00a0c91e6bf6"`,
		`"\u0066\u0038\u0031d4fae-7dec-11d0-a765-00a0c91e6bf\u0036"`,
		`"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`,
	} {
		var got uuid.UUID
		if err := json.Unmarshal([]byte(in), &got); err != nil || got != want {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{`"f81d4fae\u002`, `"f81d4fae\-7dec-11d0-a765-00a0c91e6bf6"`, "\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\n\"", `"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"x`, `"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"`} {
		var got uuid.UUID
		if err := got.UnmarshalJSON([]byte(in)); !errors.Is(err, uuid.ErrSyntax) {
			t.Errorf("UnmarshalJSON(%q): %v, want ErrSyntax", in, err)
		}
	}
	var got uuid.UUID
	if err := got.UnmarshalJSON([]byte(`42`)); !errors.Is(err, uuid.ErrType) {
		t.Errorf("UnmarshalJSON(42): %v, want ErrType", err)
	}
}
