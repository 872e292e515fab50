package conformance_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// goPkg is a generated Go package seen through its bytes: its readers and
// encoders, and its error sentinels by name.
type goPkg struct {
	fromBytes func([]byte) (func(string) string, error) // the encoders of the ID with those bytes
	parse     map[string]func(string) ([]byte, error)
	errs      map[string]error
}

func wrap[ID any](fromBytes func([]byte) (ID, error), enc func(ID, string) string, bytesOf func(ID) []byte,
	parse map[string]func(string) (ID, error), errs map[string]error) goPkg {
	p := goPkg{parse: map[string]func(string) ([]byte, error){}, errs: errs}
	p.fromBytes = func(b []byte) (func(string) string, error) {
		id, err := fromBytes(b)
		return func(form string) string { return enc(id, form) }, err
	}
	for form, f := range parse {
		p.parse[form] = func(s string) ([]byte, error) {
			id, err := f(s)
			return bytesOf(id), err
		}
	}
	return p
}

func packages() map[string]goPkg {
	u := wrap(uuid.FromBytes, func(id uuid.UUID, form string) string {
		return map[string]func() string{"hex": id.Hex, "base62": id.Base62, "crockford": id.Crockford, "text": id.String}[form]()
	}, func(id uuid.UUID) []byte { return id[:] }, map[string]func(string) (uuid.UUID, error){
		"hex": uuid.ParseHex, "base62": uuid.ParseBase62, "crockford": uuid.ParseCrockford, "text": uuid.Parse,
	}, map[string]error{"ErrLength": uuid.ErrLength, "ErrSyntax": uuid.ErrSyntax, "ErrOverflow": uuid.ErrOverflow})
	ps := map[string]goPkg{
		"ksuid": wrap(ksuid.FromBytes, func(id ksuid.KSUID, form string) string {
			return map[string]func() string{"hex": id.Hex, "base62": id.Base62, "crockford": id.Crockford, "text": id.String}[form]()
		}, func(id ksuid.KSUID) []byte { return id[:] }, map[string]func(string) (ksuid.KSUID, error){
			"hex": ksuid.ParseHex, "base62": ksuid.ParseBase62, "crockford": ksuid.ParseCrockford, "text": ksuid.Parse,
		}, map[string]error{"ErrLength": ksuid.ErrLength, "ErrSyntax": ksuid.ErrSyntax, "ErrOverflow": ksuid.ErrOverflow}),
		// ULID's text is Crockford, and Snowflake's decimal: their text
		// records (Base62, the generic default) are checked as base62.
		"ulid": wrap(ulid.FromBytes, func(id ulid.ULID, form string) string {
			return map[string]func() string{"hex": id.Hex, "base62": id.Base62, "crockford": id.Crockford, "text": id.Base62}[form]()
		}, func(id ulid.ULID) []byte { return id[:] }, map[string]func(string) (ulid.ULID, error){
			"hex": ulid.ParseHex, "base62": ulid.ParseBase62, "crockford": ulid.ParseCrockford, "text": ulid.ParseBase62,
		}, map[string]error{"ErrLength": ulid.ErrLength, "ErrSyntax": ulid.ErrSyntax, "ErrOverflow": ulid.ErrOverflow}),
		"snowflake": wrap(snowflake.FromBytes, func(id snowflake.ID, form string) string {
			return map[string]func() string{"hex": id.Hex, "base62": id.Base62, "crockford": id.Crockford, "text": id.Base62}[form]()
		}, func(id snowflake.ID) []byte { b, _ := id.MarshalBinary(); return b }, map[string]func(string) (snowflake.ID, error){
			"hex": snowflake.ParseHex, "base62": snowflake.ParseBase62, "crockford": snowflake.ParseCrockford, "text": snowflake.ParseBase62,
		}, map[string]error{"ErrLength": snowflake.ErrLength, "ErrSyntax": snowflake.ErrSyntax, "ErrOverflow": snowflake.ErrOverflow}),
	}
	for _, v := range []string{"uuidv1", "uuidv3", "uuidv4", "uuidv5", "uuidv6", "uuidv7", "uuidv8", "uuidv8-sha256"} {
		ps[v] = u
	}
	return ps
}

// idforge's own Go packages write and read the corpus's IDs of their
// layouts as the interpreter and the reference codecs do, and refuse its bad
// inputs with the sentinel it names.
func TestGoPackages(t *testing.T) {
	rs, err := conformance.Load("corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	ps := packages()
	checked := 0
	for _, r := range rs {
		p, ok := ps[r.Layout]
		if !ok {
			continue
		}
		switch r.Kind {
		case "id":
			if r.Layout == "snowflake" && r.Hex[0] >= '8' {
				continue // above int64: the int64 package refuses it, as its doc says
			}
			b, _ := hex.DecodeString(r.Hex)
			enc, err := p.fromBytes(b)
			if err != nil {
				t.Fatalf("%s: FromBytes(%s): %v", r.Layout, r.Hex, err)
			}
			for form, want := range map[string]string{"hex": r.Hex, "base62": r.Base62, "crockford": r.Crockford, "text": r.Text} {
				if got := enc(form); got != want {
					t.Errorf("%s %s: %s = %q, want %q", r.Layout, r.Hex, form, got, want)
				}
				got, err := p.parse[form](want)
				if err != nil || hex.EncodeToString(got) != r.Hex {
					t.Errorf("%s: parse %s %q = %x, %v", r.Layout, form, want, got, err)
				}
			}
			checked++
		case "bad":
			var err error
			if r.Form == "bytes" {
				b, _ := hex.DecodeString(r.Input)
				_, err = p.fromBytes(b)
			} else {
				_, err = p.parse[r.Form](r.Input)
			}
			if !errors.Is(err, p.errs[r.Error]) {
				t.Errorf("%s: %s %q: %v, want %s", r.Layout, r.Form, r.Input, err, r.Error)
			}
			checked++
		}
	}
	t.Logf("%d records checked", checked)
}
