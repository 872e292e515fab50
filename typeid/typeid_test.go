package typeid_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

const (
	v7Text = "user_01h455vb4pex5vsknk084sn02q"
	v7UUID = "01890a5d-ac96-774b-bcce-b302099a8057"
)

type userPrefix struct{}

func (userPrefix) Prefix() string { return "user" }

type orderPrefix struct{}

func (orderPrefix) Prefix() string { return "order" }

type badPrefix struct{}

func (badPrefix) Prefix() string { return "Bad" }

type userID = typeid.Of[userPrefix]

func TestZero(t *testing.T) {
	var z typeid.TypeID
	if z.String() != "00000000000000000000000000" || z.Prefix() != "" || z.UUID() != uuid.Nil() {
		t.Errorf("zero TypeID: %q, %q, %v", z, z.Prefix(), z.UUID())
	}
	// The zero value and the nil UUID without a prefix are one TypeID, however made.
	fromUUID, _ := typeid.FromUUID("", uuid.Nil())
	parsed, _ := typeid.Parse("00000000000000000000000000")
	if fromUUID != z || parsed != z {
		t.Errorf("FromUUID and Parse of the nil TypeID: %#v, %#v; want the zero value", fromUUID, parsed)
	}
	var zu userID
	if zu.String() != "user_00000000000000000000000000" || zu.Prefix() != "user" || zu.UUID() != uuid.Nil() {
		t.Errorf("zero Of[userPrefix]: %q, %q, %v", zu, zu.Prefix(), zu.UUID())
	}
	if p, _ := typeid.ParseOf[userPrefix]("user_00000000000000000000000000"); p.String() != zu.String() || p.Compare(zu) != 0 {
		t.Errorf("ParseOf of the nil user ID: %q", p)
	}
}

// A nil *SyntaxError answers rather than panics, as the zero one does.
func TestNilSyntaxError(t *testing.T) {
	var e *typeid.SyntaxError
	if got := e.Error(); got != "<nil>" {
		t.Errorf("(*SyntaxError)(nil).Error() = %q, want <nil>", got)
	}
	if err := e.Unwrap(); err != nil {
		t.Errorf("(*SyntaxError)(nil).Unwrap() = %v, want nil", err)
	}
	if got := new(typeid.SyntaxError).Error(); got == "" {
		t.Error("the zero SyntaxError has no message")
	}
}

// New makes v7 TypeIDs that sort, as text, in the order they were made.
func TestNew(t *testing.T) {
	before := time.Now().Truncate(time.Millisecond)
	var texts []string
	for range 1000 {
		id, err := typeid.New("user")
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, id.String())
		if id.Prefix() != "user" || id.UUID().Version() != 7 {
			t.Fatalf("New: %q, version %d", id, id.UUID().Version())
		}
	}
	if !slices.IsSorted(texts) || len(slices.Compact(slices.Clone(texts))) != len(texts) {
		t.Error("New's TypeIDs are not strictly increasing as text")
	}
	last := typeid.MustParse(texts[len(texts)-1])
	if tm, _ := last.UUID().Time(); tm.Before(before) || tm.After(time.Now()) {
		t.Errorf("time %v, made after %v", tm, before)
	}
}

func TestMustParse(t *testing.T) {
	if id := typeid.MustParse(v7Text); id.UUID() != uuid.MustParse(v7UUID) {
		t.Errorf("MustParse: %v", id.UUID())
	}
	defer func() {
		if err, ok := recover().(error); !ok || !errors.Is(err, typeid.ErrSuffix) {
			t.Errorf("MustParse of bad text panicked with %v; want ErrSuffix", err)
		}
	}()
	typeid.MustParse("user_")
}

func TestText(t *testing.T) {
	id := typeid.MustParse(v7Text)
	b, err := id.MarshalText()
	if string(b) != v7Text || err != nil {
		t.Errorf("MarshalText: %q, %v", b, err)
	}
	var got typeid.TypeID
	if err := got.UnmarshalText([]byte(v7Text)); err != nil || got != id {
		t.Errorf("UnmarshalText: %q, %v", got, err)
	}
	if err := got.UnmarshalText([]byte("User_01h455vb4pex5vsknk084sn02q")); !errors.Is(err, typeid.ErrPrefix) || got != id {
		t.Errorf("UnmarshalText of bad text: %v, and %q after it; want ErrPrefix and no change", err, got)
	}
}

func TestJSON(t *testing.T) {
	type row struct {
		ID   typeid.TypeID `json:"id"`
		User userID        `json:"user"`
	}
	in := row{typeid.MustParse("order_01h455vb4pex5vsknk084sn02q"), must(typeid.ParseOf[userPrefix](v7Text))}
	j, err := json.Marshal(in)
	if want := `{"id":"order_01h455vb4pex5vsknk084sn02q","user":"user_01h455vb4pex5vsknk084sn02q"}`; string(j) != want || err != nil {
		t.Fatalf("json.Marshal: %s, %v; want %s", j, err, want)
	}
	var out row
	if err := json.Unmarshal(j, &out); err != nil || out != in {
		t.Fatalf("json.Unmarshal: %+v, %v", out, err)
	}
	// null leaves the value as it is.
	if err := json.Unmarshal([]byte(`{"id":null,"user":null}`), &out); err != nil || out != in {
		t.Errorf("null: %+v, %v", out, err)
	}
	for _, c := range []struct {
		json string
		want error
	}{
		{`{"id":7}`, typeid.ErrType},
		{`{"user":{}}`, typeid.ErrType},
		{`{"id":"user_01H455VB4PEX5VSKNK084SN02Q"}`, typeid.ErrSuffix},
		{`{"user":"order_01h455vb4pex5vsknk084sn02q"}`, typeid.ErrPrefix},
		{`{"id":"\u0075ser_01h455vb4pex5vsknk084sn02q"}`, typeid.ErrPrefix}, // written as is, escapes and all
	} {
		got := in
		if err := json.Unmarshal([]byte(c.json), &got); !errors.Is(err, c.want) || got != in {
			t.Errorf("json.Unmarshal(%s): %v; want %v and no change", c.json, err, c.want)
		}
	}
}

// A TypeID is text in a database; an Of[P] is its UUID, and reads either.
func TestSQL(t *testing.T) {
	id := typeid.MustParse(v7Text)
	if v, err := id.Value(); v != v7Text || err != nil {
		t.Errorf("Value: %v, %v", v, err)
	}
	for _, src := range []any{v7Text, []byte(v7Text)} {
		var got typeid.TypeID
		if err := got.Scan(src); err != nil || got != id {
			t.Errorf("Scan(%T): %q, %v", src, got, err)
		}
	}
	for _, c := range []struct {
		src  any
		want error
	}{
		{nil, typeid.ErrType},
		{int64(1), typeid.ErrType},
		{"", typeid.ErrSuffix},
		{v7UUID, typeid.ErrSuffix},
	} {
		got := id
		if err := got.Scan(c.src); !errors.Is(err, c.want) || got != id {
			t.Errorf("Scan(%#v): %v; want %v and no change", c.src, err, c.want)
		}
	}
	var null sql.Null[typeid.TypeID]
	if err := null.Scan(nil); err != nil || null.Valid {
		t.Errorf("sql.Null Scan(nil): %v, %v", null, err)
	}
	if err := null.Scan(v7Text); err != nil || !null.Valid || null.V != id {
		t.Errorf("sql.Null Scan: %v, %v", null, err)
	}

	user := must(typeid.ParseOf[userPrefix](v7Text))
	if v, err := user.Value(); v != v7UUID || err != nil {
		t.Errorf("Of Value: %v, %v; want the UUID", v, err)
	}
	u := uuid.MustParse(v7UUID)
	for _, src := range []any{v7UUID, []byte(v7UUID), u[:], strings.ToUpper(v7UUID), v7Text, []byte(v7Text)} {
		var got userID
		if err := got.Scan(src); err != nil || got != user {
			t.Errorf("Of Scan(%#v): %q, %v", src, got, err)
		}
	}
	for _, c := range []struct {
		src  any
		want error
	}{
		{nil, typeid.ErrType},
		{1.5, typeid.ErrType},
		{"order_01h455vb4pex5vsknk084sn02q", typeid.ErrPrefix},
		{"01h455vb4pex5vsknk084sn02q", typeid.ErrPrefix},
		{"user_01h455vb4pex5vsknk084sn02", typeid.ErrSuffix},
		{v7UUID[1:], typeid.ErrSuffix},
	} {
		got := user
		if err := got.Scan(c.src); !errors.Is(err, c.want) || got != user {
			t.Errorf("Of Scan(%#v): %v; want %v and no change", c.src, err, c.want)
		}
	}
}

// Of[P] keeps IDs of different prefixes apart and checks P's prefix.
func TestOf(t *testing.T) {
	u := uuid.MustParse(v7UUID)
	user, err := typeid.FromUUIDOf[userPrefix](u)
	if err != nil || user.String() != v7Text || user.Prefix() != "user" || user.UUID() != u || user.TypeID() != typeid.MustParse(v7Text) {
		t.Fatalf("FromUUIDOf: %q, %v", user, err)
	}
	if b, _ := user.AppendText(nil); string(b) != v7Text {
		t.Errorf("AppendText: %q", b)
	}
	if b, _ := user.MarshalText(); string(b) != v7Text {
		t.Errorf("MarshalText: %q", b)
	}
	var back userID
	if err := back.UnmarshalText([]byte(v7Text)); err != nil || back != user {
		t.Errorf("UnmarshalText: %q, %v", back, err)
	}
	if err := back.UnmarshalText([]byte("order_01h455vb4pex5vsknk084sn02q")); !errors.Is(err, typeid.ErrPrefix) || back != user {
		t.Errorf("UnmarshalText of an order ID: %v", err)
	}
	if _, err := typeid.ParseOf[orderPrefix](v7Text); !errors.Is(err, typeid.ErrPrefix) {
		t.Errorf("ParseOf[orderPrefix](a user ID): %v; want ErrPrefix", err)
	}
	if _, err := typeid.As[orderPrefix](user.TypeID()); !errors.Is(err, typeid.ErrPrefix) {
		t.Errorf("As[orderPrefix](a user ID): %v; want ErrPrefix", err)
	}
	if order, err := typeid.As[orderPrefix](typeid.MustParse("order_01h455vb4pex5vsknk084sn02q")); err != nil || order.UUID() != u {
		t.Errorf("As[orderPrefix]: %q, %v", order, err)
	}
	n, err := typeid.NewOf[userPrefix]()
	if err != nil || n.UUID().Version() != 7 || !strings.HasPrefix(n.String(), "user_") || user.Compare(n) >= 0 || n.Compare(user) <= 0 {
		t.Errorf("NewOf: %q, %v", n, err)
	}
	if _, err := typeid.NewOf[badPrefix](); !errors.Is(err, typeid.ErrPrefix) {
		t.Errorf("NewOf[badPrefix]: %v; want ErrPrefix", err)
	}
	if _, err := typeid.FromUUIDOf[badPrefix](u); !errors.Is(err, typeid.ErrPrefix) {
		t.Errorf("FromUUIDOf[badPrefix]: %v; want ErrPrefix", err)
	}
}

// The allocations the package promises: none to parse, to append the text
// or to read a TypeID's parts; one to make a TypeID from parts.
func TestAllocs(t *testing.T) {
	id := typeid.MustParse(v7Text)
	u := id.UUID()
	buf := make([]byte, 0, 64)
	for _, c := range []struct {
		name string
		want float64
		f    func()
	}{
		{"Parse", 0, func() { id, _ = typeid.Parse(v7Text) }},
		{"ParseOf", 0, func() { _, _ = typeid.ParseOf[userPrefix](v7Text) }},
		{"AppendText", 0, func() { buf, _ = id.AppendText(buf[:0]) }},
		{"String", 0, func() { _ = id.String() }},
		{"Prefix and UUID", 0, func() { _, u = id.Prefix(), id.UUID() }},
		{"FromUUID", 1, func() { id, _ = typeid.FromUUID("user", u) }},
		{"New", 1, func() { id, _ = typeid.New("user") }},
	} {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
