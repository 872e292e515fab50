package typeid_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

// The TypeID specification's published vectors, version 0.3.0
// (github.com/jetify-com/typeid, spec/valid.yml and spec/invalid.yml),
// transcribed: all 9 valid and 21 invalid cases of the files as they stand
// at commit be8ff0daf5dc1f6d40c62a03cfc89945263a69af, last changed in
// cb20c6e (2025-03-03), which added "empty" and "prefix-empty".

var specValid = []struct {
	name, typeid, prefix, uuid string
}{
	{"nil", "00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
	{"one", "00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
	{"ten", "0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
	{"sixteen", "0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
	{"thirty-two", "00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
	{"max-valid", "7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
	{"valid-alphabet", "prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"},
	{"valid-uuidv7", "prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"},
	{"prefix-underscore", "pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"},
}

// specInvalid adds to each invalid vector the part idforge blames.
var specInvalid = []struct {
	name, typeid string
	want         error
}{
	{"prefix-uppercase", "PREFIX_00000000000000000000000000", typeid.ErrPrefix},
	{"prefix-numeric", "12345_00000000000000000000000000", typeid.ErrPrefix},
	{"prefix-period", "pre.fix_00000000000000000000000000", typeid.ErrPrefix},
	{"prefix-non-ascii", "préfix_00000000000000000000000000", typeid.ErrPrefix},
	{"prefix-spaces", "  prefix_00000000000000000000000000", typeid.ErrPrefix},
	{"prefix-64-chars", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000", typeid.ErrPrefix},
	{"separator-empty-prefix", "_00000000000000000000000000", typeid.ErrPrefix},
	{"separator-empty", "_", typeid.ErrPrefix},
	{"suffix-short", "prefix_1234567890123456789012345", typeid.ErrSuffix},
	{"suffix-long", "prefix_123456789012345678901234567", typeid.ErrSuffix},
	{"suffix-spaces", "prefix_1234567890123456789012345 ", typeid.ErrSuffix},
	{"suffix-uppercase", "prefix_0123456789ABCDEFGHJKMNPQRS", typeid.ErrSuffix},
	{"suffix-hyphens", "prefix_123456789-123456789-123456", typeid.ErrSuffix},
	{"suffix-wrong-alphabet", "prefix_ooooooiiiiiiuuuuuuulllllll", typeid.ErrSuffix},
	{"suffix-ambiguous-crockford", "prefix_i23456789ol23456789oi23456", typeid.ErrSuffix},
	{"suffix-hyphens-crockford", "prefix_123456789-0123456789-0123456", typeid.ErrSuffix},
	{"suffix-overflow", "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", typeid.ErrSuffix},
	{"prefix-underscore-start", "_prefix_00000000000000000000000000", typeid.ErrPrefix},
	{"prefix-underscore-end", "prefix__00000000000000000000000000", typeid.ErrPrefix},
	{"empty", "", typeid.ErrSuffix},
	{"prefix-empty", "prefix_", typeid.ErrSuffix},
}

// Both directions of every valid vector: decoding gives the prefix and the
// UUID, and encoding them gives the text back.
func TestSpecValid(t *testing.T) {
	for _, v := range specValid {
		t.Run(v.name, func(t *testing.T) {
			u := uuid.MustParse(v.uuid)
			id, err := typeid.Parse(v.typeid)
			if err != nil {
				t.Fatalf("Parse(%q): %v", v.typeid, err)
			}
			if id.Prefix() != v.prefix || id.UUID() != u || id.String() != v.typeid {
				t.Errorf("Parse(%q) = %q, %v, %q; want %q, %v", v.typeid, id.Prefix(), id.UUID(), id.String(), v.prefix, u)
			}
			made, err := typeid.FromUUID(v.prefix, u)
			if err != nil {
				t.Fatalf("FromUUID(%q, %v): %v", v.prefix, u, err)
			}
			if made.String() != v.typeid || made != id {
				t.Errorf("FromUUID(%q, %v) = %q, want %q", v.prefix, u, made, v.typeid)
			}
		})
	}
}

func TestSpecInvalid(t *testing.T) {
	for _, v := range specInvalid {
		t.Run(v.name, func(t *testing.T) {
			id, err := typeid.Parse(v.typeid)
			if !errors.Is(err, v.want) {
				t.Fatalf("Parse(%q) = %q, %v; want an error matching %v", v.typeid, id, err, v.want)
			}
			if id != (typeid.TypeID{}) {
				t.Errorf("Parse(%q) returned %q with its error", v.typeid, id)
			}
		})
	}
}

// The specification's rules, one case each, with the position a character
// error reports.
func TestParseRules(t *testing.T) {
	const zeros = "00000000000000000000000000"
	long := strings.Repeat("a", 63)
	for _, c := range []struct {
		in   string
		want error // nil: valid
		pos  int   // for a *SyntaxError: the position reported
	}{
		{"a_" + zeros, nil, 0},
		{long + "_" + zeros, nil, 0},
		{"my__type_" + zeros, nil, 0},
		{"a_b_c_" + zeros, nil, 0},
		{"user_01h455vb4pex5vsknk084sn02q", nil, 0},
		{long + "a_" + zeros, typeid.ErrPrefix, -1},
		{"user1_" + zeros, typeid.ErrPrefix, 4},
		{"usEr_" + zeros, typeid.ErrPrefix, 2},
		{"us-er_" + zeros, typeid.ErrPrefix, 2},
		{"us\x00er_" + zeros, typeid.ErrPrefix, 2},
		{"_a_" + zeros, typeid.ErrPrefix, 0},
		{"a__" + zeros, typeid.ErrPrefix, 1},
		{"__" + zeros, typeid.ErrPrefix, 0},
		{" user_" + zeros, typeid.ErrPrefix, 0},
		{"user_" + zeros + " ", typeid.ErrSuffix, -1},
		{"user_" + zeros + "\n", typeid.ErrSuffix, -1},
		{"user-" + zeros, typeid.ErrSuffix, -1},
		{"user", typeid.ErrSuffix, -1},
		{"user_01H455VB4PEX5VSKNK084SN02Q", typeid.ErrSuffix, 7},
		{"user_01h455vb4pex5vsknk084sn02Q", typeid.ErrSuffix, 30},
		{"user_01h455vb4pex5vsknk084sn0-q", typeid.ErrSuffix, 29},
		{"user_01h455vb4pex5vsknk084sn0uq", typeid.ErrSuffix, 29},
		{"user_01h455vb4pex5vsknk084sn0iq", typeid.ErrSuffix, 29},
		{"user_01h455vb4pex5vsknk084sn0Iq", typeid.ErrSuffix, 29},
		{"user_81h455vb4pex5vsknk084sn02q", typeid.ErrSuffix, 5},
		{"zzzzzzzzzzzzzzzzzzzzzzzzzz", typeid.ErrSuffix, 0},
		{"01h455vb4pex5vsknk084sn02q\xff", typeid.ErrSuffix, -1},
		{"01h455vb4pex5vsknk084sn0\xffq", typeid.ErrSuffix, 24},
	} {
		id, err := typeid.Parse(c.in)
		if c.want == nil {
			if err != nil || id.String() != c.in {
				t.Errorf("Parse(%q) = %q, %v; want it back", c.in, id, err)
			}
			continue
		}
		if !errors.Is(err, c.want) {
			t.Errorf("Parse(%q) = %q, %v; want an error matching %v", c.in, id, err, c.want)
			continue
		}
		var se *typeid.SyntaxError
		if isSyntax := errors.As(err, &se); isSyntax != (c.pos >= 0) || isSyntax && (se.Pos != c.pos || se.Char != c.in[c.pos]) {
			t.Errorf("Parse(%q): %v; want a *SyntaxError at %d", c.in, err, c.pos)
		}
	}
}

// FromUUID and New check the prefix as Parse does.
func TestFromUUIDPrefix(t *testing.T) {
	u := uuid.MustParse("01890a5d-ac96-774b-bcce-b302099a8057")
	for _, p := range []string{"User", "user1", "_user", "user_", strings.Repeat("a", 64), "usér", " "} {
		if id, err := typeid.FromUUID(p, u); !errors.Is(err, typeid.ErrPrefix) {
			t.Errorf("FromUUID(%q) = %q, %v; want ErrPrefix", p, id, err)
		}
		if id, err := typeid.New(p); !errors.Is(err, typeid.ErrPrefix) {
			t.Errorf("New(%q) = %q, %v; want ErrPrefix", p, id, err)
		}
	}
}
