package snowflake_test

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	bwsnowflake "github.com/bwmarrin/snowflake"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/internal/texttest"
	"github.com/idforge/idforge/snowflake"
)

// The interfaces the text API promises.
var (
	_ encoding.TextAppender      = snowflake.ID(0)
	_ encoding.TextMarshaler     = snowflake.ID(0)
	_ encoding.TextUnmarshaler   = (*snowflake.ID)(nil)
	_ encoding.BinaryAppender    = snowflake.ID(0)
	_ encoding.BinaryMarshaler   = snowflake.ID(0)
	_ encoding.BinaryUnmarshaler = (*snowflake.ID)(nil)
	_ json.Marshaler             = snowflake.ID(0)
	_ json.Unmarshaler           = (*snowflake.ID)(nil)
	_ sql.Scanner                = (*snowflake.ID)(nil)
	_ driver.Valuer              = snowflake.ID(0)
	_ sql.Scanner                = (*snowflake.NullID)(nil)
	_ driver.Valuer              = snowflake.NullID{}
	_ json.Marshaler             = snowflake.NullID{}
	_ json.Unmarshaler           = (*snowflake.NullID)(nil)
)

// tweetID is the ID of a tweet of 2022-06-28; its fields are worked out
// from Twitter's layout by bwmarrin/snowflake.
const tweetID = "1541815603606036480"

const maxID = snowflake.ID(math.MaxInt64)

func TestTextVectors(t *testing.T) {
	id, err := snowflake.Parse(tweetID)
	if err != nil || int64(id) != 1541815603606036480 {
		t.Fatalf("Parse(%q) = %d, %v", tweetID, id, err)
	}
	peer := bwsnowflake.ParseInt64(int64(id))
	f := id.Fields()
	if f.Timestamp+1288834974657 != peer.Time() || f.Node != peer.Node() || f.Sequence != peer.Step() {
		t.Errorf("fields %+v; bwmarrin/snowflake reads time %d, node %d, step %d", f, peer.Time(), peer.Node(), peer.Step())
	}
	if id.Time().UnixMilli() != peer.Time() {
		t.Errorf("Time() = %v, bwmarrin/snowflake %d ms", id.Time(), peer.Time())
	}
	if s := id.String(); s != tweetID {
		t.Errorf("String() = %q", s)
	}
	for _, c := range []struct {
		id                        snowflake.ID
		dec, b62, crockford, hexa string
	}{
		{0, "0", "00000000000", "0000000000000", "0000000000000000"},
		{maxID, "9223372036854775807", "AzL8n0Y58m7", "7ZZZZZZZZZZZZ", "7fffffffffffffff"},
	} {
		if c.id.String() != c.dec || c.id.Base62() != c.b62 || c.id.Crockford() != c.crockford || c.id.Hex() != c.hexa {
			t.Errorf("%d: %q %q %q %q", int64(c.id), c.id.String(), c.id.Base62(), c.id.Crockford(), c.id.Hex())
		}
	}
	if snowflake.MustParse(tweetID) != id {
		t.Error("MustParse differs from Parse")
	}
}

// randomIDs returns n random IDs from a fixed seed, then 0, the largest ID
// and every ID with one bit set or clear.
func randomIDs(n int) []snowflake.ID {
	r := rand.New(rand.NewChaCha8([32]byte{'s', 'n', 'o', 'w'}))
	var ids []snowflake.ID
	for range n {
		ids = append(ids, snowflake.ID(r.Int64()))
	}
	ids = append(ids, 0, maxID)
	for bit := range 63 {
		ids = append(ids, snowflake.ID(1)<<bit, maxID&^(1<<bit))
	}
	return ids
}

func bigEndian(id snowflake.ID) []byte { return binary.BigEndian.AppendUint64(nil, uint64(id)) }

// The fixed-width codecs write what the generic codecs of package encodings
// write for the ID's big-endian bytes, and decimal is strconv's.
func TestTextCodecsAgree(t *testing.T) {
	for _, id := range randomIDs(3000) {
		b := bigEndian(id)
		for _, f := range []struct {
			name  string
			ours  string
			want  string
			parse func(string) (snowflake.ID, error)
		}{
			{"String", id.String(), strconv.FormatInt(int64(id), 10), snowflake.Parse},
			{"Base62", id.Base62(), encodings.Base62.EncodeToString(b), snowflake.ParseBase62},
			{"Crockford", id.Crockford(), encodings.Crockford.EncodeToString(b), snowflake.ParseCrockford},
			{"Hex", id.Hex(), encodings.Hex.EncodeToString(b), snowflake.ParseHex},
		} {
			if f.ours != f.want {
				t.Fatalf("%d: %s = %q, want %q", int64(id), f.name, f.ours, f.want)
			}
			if back, err := f.parse(f.ours); err != nil || back != id {
				t.Fatalf("%d: parse %s %q = %d, %v", int64(id), f.name, f.ours, back, err)
			}
		}
		peer := bwsnowflake.ParseInt64(int64(id))
		if id.String() != peer.String() {
			t.Fatalf("String() = %q, bwmarrin/snowflake %q", id.String(), peer.String())
		}
		if theirs, err := bwsnowflake.ParseString(id.String()); err != nil || theirs.Int64() != int64(id) {
			t.Fatalf("bwmarrin/snowflake reads %q as %d, %v", id.String(), theirs, err)
		}
	}
}

// The fixed-width forms sort as the IDs do.
func TestTextOrder(t *testing.T) {
	ids := randomIDs(300)
	for i, a := range ids {
		b := ids[(i*7+1)%len(ids)]
		want := a.Compare(b)
		for _, f := range [][2]string{{a.Base62(), b.Base62()}, {a.Crockford(), b.Crockford()}, {a.Hex(), b.Hex()}} {
			if got := strings.Compare(f[0], f[1]); got != want {
				t.Fatalf("Compare(%q, %q) = %d, IDs compare %d", f[0], f[1], got, want)
			}
		}
	}
}

// codec is the snowflake ID seen by the shared text checks. The corpus's
// text is decimal, a 64-bit layout's canonical text, which String writes
// and Parse reads. The corpus's IDs above int64 are not IDs here.
var codec = texttest.Codec[snowflake.ID]{
	Layouts:   []string{"snowflake"},
	Size:      8,
	FromBytes: snowflake.FromBytes,
	Bytes:     bigEndian,
	Forms: append(texttest.Generic(snowflake.ID.Base62, snowflake.ID.Crockford, snowflake.ID.Hex, snowflake.ParseBase62, snowflake.ParseCrockford, snowflake.ParseHex),
		texttest.Form[snowflake.ID]{Name: "String", Corpus: "text", Encode: snowflake.ID.String, Parse: snowflake.Parse,
			Want: func(b []byte) string { return strconv.FormatInt(int64(binary.BigEndian.Uint64(b)), 10) }}),
	Errs: map[string]error{"ErrLength": snowflake.ErrLength, "ErrSyntax": snowflake.ErrSyntax, "ErrOverflow": snowflake.ErrOverflow},
	Skip: func(b []byte) bool { return b[0] >= 0x80 },
}

// The corpus's snowflake IDs in every form, and its bad inputs.
func TestTextCorpus(t *testing.T) { texttest.Corpus(t, codec) }

func TestTextBadInput(t *testing.T) {
	fromBytes := func(s string) (snowflake.ID, error) { return snowflake.FromBytes([]byte(s)) }
	texttest.BadInputs(t, codec, []texttest.Bad[snowflake.ID]{
		{"empty", snowflake.Parse, "", snowflake.ErrLength, 0},
		{"20 digits", snowflake.Parse, "12345678901234567890", snowflake.ErrLength, 0},
		{"leading zeros", snowflake.Parse, "000000000000000000001", snowflake.ErrLength, 0},
		{"leading zero", snowflake.Parse, "01", snowflake.ErrSyntax, 0},
		{"zero zero", snowflake.Parse, "00", snowflake.ErrSyntax, 0},
		{"minus", snowflake.Parse, "-1", snowflake.ErrSyntax, 0},
		{"minus zero", snowflake.Parse, "-0", snowflake.ErrSyntax, 0},
		{"plus", snowflake.Parse, "+1", snowflake.ErrSyntax, 0},
		{"space", snowflake.Parse, " 1", snowflake.ErrSyntax, 0},
		{"trailing newline", snowflake.Parse, "1\n", snowflake.ErrSyntax, 1},
		{"NUL", snowflake.Parse, "12\x003", snowflake.ErrSyntax, 2},
		{"non-ASCII", snowflake.Parse, "1é", snowflake.ErrSyntax, 1},
		{"hex", snowflake.Parse, "0x10", snowflake.ErrSyntax, 0},
		{"underscore", snowflake.Parse, "1_000", snowflake.ErrSyntax, 1},
		{"max+1", snowflake.Parse, "9223372036854775808", snowflake.ErrOverflow, 0},
		{"all nines", snowflake.Parse, "9999999999999999999", snowflake.ErrOverflow, 0},
		{"base62 short", snowflake.ParseBase62, "AzL8n0Y58m", snowflake.ErrLength, 0},
		{"base62 max+1", snowflake.ParseBase62, "AzL8n0Y58m8", snowflake.ErrOverflow, 0},
		{"base62 above 64 bits", snowflake.ParseBase62, "zzzzzzzzzzz", snowflake.ErrOverflow, 0},
		{"base62 !", snowflake.ParseBase62, "AzL8n0Y58m!", snowflake.ErrSyntax, 10},
		{"crockford top bit", snowflake.ParseCrockford, "8000000000000", snowflake.ErrOverflow, 0},
		{"crockford U", snowflake.ParseCrockford, "000000000000U", snowflake.ErrSyntax, 12},
		{"hex top bit", snowflake.ParseHex, "8000000000000000", snowflake.ErrOverflow, 0},
		{"hex short", snowflake.ParseHex, "800000000000000", snowflake.ErrLength, 0},
		{"binary top bit", fromBytes, "\x80\x00\x00\x00\x00\x00\x00\x01", snowflake.ErrOverflow, 0},
		{"binary 7", fromBytes, "1234567", snowflake.ErrLength, 0},
	})
}

func TestTextMarshalling(t *testing.T) {
	for _, id := range randomIDs(50) {
		text, _ := id.MarshalText()
		var back snowflake.ID
		if err := back.UnmarshalText(text); err != nil || back != id || string(text) != id.String() {
			t.Fatalf("text round trip of %d: %q, %d, %v", id, text, back, err)
		}
		bin, _ := id.MarshalBinary()
		back = 0
		if err := back.UnmarshalBinary(bin); err != nil || back != id || !bytes.Equal(bin, bigEndian(id)) {
			t.Fatalf("binary round trip of %d: %x, %d, %v", id, bin, back, err)
		}
	}
	id := snowflake.MustParse(tweetID)
	if err := id.UnmarshalText([]byte("-1")); !errors.Is(err, snowflake.ErrSyntax) || id != snowflake.MustParse(tweetID) {
		t.Errorf("UnmarshalText(-1) = %v, leaving %d", err, id)
	}
}

func TestTextJSON(t *testing.T) {
	type doc struct {
		ID  snowflake.ID     `json:"id"`
		Opt snowflake.NullID `json:"opt"`
	}
	id := snowflake.MustParse(tweetID)
	data, err := json.Marshal(doc{ID: id, Opt: snowflake.NullID{ID: 7, Valid: true}})
	if want := `{"id":"` + tweetID + `","opt":"7"}`; err != nil || string(data) != want {
		t.Fatalf("Marshal = %s, %v; want %s", data, err, want)
	}
	var out doc
	if err := json.Unmarshal(data, &out); err != nil || out.ID != id || out.Opt != (snowflake.NullID{ID: 7, Valid: true}) {
		t.Fatalf("Unmarshal = %+v, %v", out, err)
	}
	out = doc{ID: id, Opt: snowflake.NullID{ID: 7, Valid: true}}
	if err := json.Unmarshal([]byte(`{"id":null,"opt":null}`), &out); err != nil || out.ID != id || out.Opt.Valid {
		t.Errorf("after null: %+v, %v", out, err)
	}
	// APIs often send int64 IDs as JSON numbers: an integer in decimal is read.
	var nums doc
	if err := json.Unmarshal([]byte(`{"id":`+tweetID+`,"opt":7}`), &nums); err != nil || nums.ID != id || nums.Opt != (snowflake.NullID{ID: 7, Valid: true}) {
		t.Errorf("Unmarshal of JSON numbers = %+v, %v", nums, err)
	}
	var zero snowflake.ID
	if err := zero.UnmarshalJSON([]byte("0")); err != nil || zero != 0 {
		t.Errorf("UnmarshalJSON(0) = %v, %d", err, zero)
	}
	for _, b := range []struct {
		in   string
		want error
	}{
		{`1.5`, snowflake.ErrSyntax},
		{`1e3`, snowflake.ErrSyntax},
		{`-1`, snowflake.ErrSyntax},
		{`01`, snowflake.ErrSyntax},
		{`9223372036854775808`, snowflake.ErrOverflow},
		{`true`, snowflake.ErrType},
		{`[1]`, snowflake.ErrType},
		{`""`, snowflake.ErrLength},
		{`"-1"`, snowflake.ErrSyntax},
		{`"9223372036854775808"`, snowflake.ErrOverflow},
	} {
		got := id
		if err := got.UnmarshalJSON([]byte(b.in)); !errors.Is(err, b.want) || got != id {
			t.Errorf("UnmarshalJSON(%s) = %v, leaving %d; want %v", b.in, err, got, b.want)
		}
	}
}

func TestTextSQL(t *testing.T) {
	id := snowflake.MustParse(tweetID)
	if v, err := id.Value(); v != int64(id) || err != nil {
		t.Fatalf("Value = %#v, %v", v, err)
	}
	// The 8 bytes MarshalBinary writes, as a binary column holds them, read
	// back too; 8 decimal digits read as decimal.
	for _, src := range []any{int64(id), tweetID, []byte(tweetID), bigEndian(id)} {
		var got snowflake.ID
		if err := got.Scan(src); err != nil || got != id {
			t.Errorf("Scan(%#v) = %d, %v", src, got, err)
		}
	}
	var digits snowflake.ID
	if err := digits.Scan([]byte("12345678")); err != nil || digits != 12345678 {
		t.Errorf("Scan of 8 digits = %d, %v; want 12345678 in decimal", digits, err)
	}
	var zero snowflake.ID = 5
	if err := zero.Scan(int64(0)); err != nil || zero != 0 {
		t.Errorf("Scan(0) = %d, %v", zero, err)
	}
	for _, b := range []struct {
		src  any
		want error
	}{
		{nil, snowflake.ErrNull},
		{"", snowflake.ErrLength},
		{[]byte{}, snowflake.ErrLength},
		{int64(-1), snowflake.ErrOverflow},
		{42, snowflake.ErrType},
		{uint64(42), snowflake.ErrType},
		{1.5, snowflake.ErrType},
		{[]byte{0x80, 0, 0, 0, 0, 0, 0, 0}, snowflake.ErrOverflow},
	} {
		got := id
		if err := got.Scan(b.src); !errors.Is(err, b.want) || got != id {
			t.Errorf("Scan(%#v) = %v, leaving %d; want %v", b.src, err, got, b.want)
		}
	}
	var n snowflake.NullID
	if err := n.Scan(int64(id)); err != nil || !n.Valid || n.ID != id {
		t.Errorf("NullID.Scan = %+v, %v", n, err)
	}
	if v, err := n.Value(); v != int64(id) || err != nil {
		t.Errorf("NullID.Value = %#v, %v", v, err)
	}
	if err := n.Scan(nil); err != nil || n.Valid || n.ID != 0 {
		t.Errorf("NullID.Scan(nil) = %+v, %v", n, err)
	}
	if v, err := n.Value(); v != nil || err != nil {
		t.Errorf("invalid NullID.Value = %#v, %v", v, err)
	}
}

func TestTextAllocs(t *testing.T) {
	id := snowflake.MustParse(tweetID)
	s, b62 := id.String(), id.Base62()
	buf := make([]byte, 0, 64)
	var sink snowflake.ID
	var textSrc, intSrc any = s, int64(id)
	cases := []struct {
		name string
		want float64
		f    func()
	}{
		{"AppendText", 0, func() { buf, _ = id.AppendText(buf[:0]) }},
		{"AppendBase62", 0, func() { buf = id.AppendBase62(buf[:0]) }},
		{"AppendCrockford", 0, func() { buf = id.AppendCrockford(buf[:0]) }},
		{"AppendHex", 0, func() { buf = id.AppendHex(buf[:0]) }},
		{"AppendBinary", 0, func() { buf, _ = id.AppendBinary(buf[:0]) }},
		{"Parse", 0, func() { sink, _ = snowflake.Parse(s) }},
		{"ParseBase62", 0, func() { sink, _ = snowflake.ParseBase62(b62) }},
		{"Scan string", 0, func() { _ = sink.Scan(textSrc) }},
		{"Scan int64", 0, func() { _ = sink.Scan(intSrc) }},
		{"String", 1, func() { sinkString = id.String() }},
		{"Base62", 1, func() { sinkString = id.Base62() }},
	}
	for _, c := range cases {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
}

var fuzzSeeds = []string{
	"", "0", "00", "01", "-0", "-1", "+1", " 1", "1 ", "\x00", "é", "\xff",
	tweetID, "9223372036854775807", "9223372036854775808", "18446744073709551615", "12345678901234567890",
	"AzL8n0Y58m7", "AzL8n0Y58m8", "LygHa16AHYF", "zzzzzzzzzzz", "7ZZZZZZZZZZZZ", "8000000000000",
	"7fffffffffffffff", "8000000000000000", "ffffffffffffffff",
}

// FuzzParse checks Parse against strconv and bwmarrin/snowflake: it never
// panics, and accepts exactly what strconv.FormatInt writes for a
// non-negative int64.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := snowflake.Parse(s)
		n, perr := strconv.ParseInt(s, 10, 64)
		canonical := perr == nil && n >= 0 && strconv.FormatInt(n, 10) == s
		if (err == nil) != canonical {
			t.Fatalf("Parse(%q) = %d, %v; strconv reads %d, %v", s, id, err, n, perr)
		}
		if err != nil {
			if !errors.Is(err, snowflake.ErrLength) && !errors.Is(err, snowflake.ErrSyntax) && !errors.Is(err, snowflake.ErrOverflow) {
				t.Fatalf("Parse(%q): error %v matches no sentinel", s, err)
			}
			if id != 0 {
				t.Fatalf("Parse(%q) returned %d with an error", s, id)
			}
			return
		}
		if int64(id) != n || id.String() != s {
			t.Fatalf("Parse(%q) = %d", s, id)
		}
		if theirs, err := bwsnowflake.ParseString(s); err != nil || theirs.Int64() != int64(id) {
			t.Fatalf("Parse(%q) = %d; bwmarrin/snowflake %d, %v", s, id, theirs, err)
		}
	})
}

func FuzzParseBase62(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, snowflake.ParseBase62, snowflake.ID.Base62, encodings.Base62, false, nil)
}

func FuzzParseCrockford(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, snowflake.ParseCrockford, snowflake.ID.Crockford, encodings.Crockford, true, nil)
}

func FuzzParseHex(f *testing.F) {
	texttest.FuzzForm(f, codec, fuzzSeeds, snowflake.ParseHex, snowflake.ID.Hex, encodings.Hex, true, nil)
}

// FuzzTextRoundTrip writes arbitrary IDs in every form and reads them back.
func FuzzTextRoundTrip(f *testing.F) {
	f.Add(int64(0))
	f.Add(int64(math.MaxInt64))
	f.Add(int64(-1))
	f.Fuzz(func(t *testing.T, n int64) {
		id := snowflake.ID(n)
		if n < 0 {
			// Not an ID: every parser refuses its forms.
			for _, bad := range []func() (snowflake.ID, error){
				func() (snowflake.ID, error) { return snowflake.Parse(id.String()) },
				func() (snowflake.ID, error) { return snowflake.ParseBase62(id.Base62()) },
				func() (snowflake.ID, error) { return snowflake.ParseHex(id.Hex()) },
			} {
				if got, err := bad(); err == nil {
					t.Fatalf("%d reads back as %d", n, got)
				}
			}
			return
		}
		for _, f := range []struct {
			text  string
			parse func(string) (snowflake.ID, error)
		}{
			{id.String(), snowflake.Parse}, {id.Base62(), snowflake.ParseBase62},
			{id.Crockford(), snowflake.ParseCrockford}, {id.Hex(), snowflake.ParseHex},
		} {
			if back, err := f.parse(f.text); err != nil || back != id {
				t.Fatalf("%d: %q reads back as %d, %v", n, f.text, back, err)
			}
		}
	})
}
