package play

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

// Masked is an ID's public form under a key (Private IDs), for the page:
// the layout the ID was read as, and the public form in the layout's usual
// text and in hex, or why there is none.
type Masked struct {
	Layout string `json:"layout,omitempty"`
	Public string `json:"public,omitempty"`
	Hex    string `json:"hex,omitempty"`
	Error  string `json:"error,omitempty"`
}

// Mask reads text as idforge mask does (explain.Read: as spec's layout
// when spec is not empty, in the form from names when it is not; a text
// that reads as several IDs is refused, each named) and masks it under the
// key written in hex and the tweak (as UTF-8). The key never appears in an
// error.
func Mask(text, spec, keyHex, tweak, from string) Masked {
	key, err := maskkey.Parse(keyHex)
	if err != nil {
		return Masked{Error: "the key must be at least 32 hex digits (16 bytes), not all zero; idforge key makes one"}
	}
	var pick *layouts.Layout
	if strings.TrimSpace(spec) != "" {
		if pick, err = layouts.Parse(SpecFile, []byte(spec)); err != nil {
			return Masked{Error: "the spec has errors"}
		}
	}
	if err := explain.CheckFrom(from, pick); err != nil {
		return Masked{Error: explain.Plain(err.Error())}
	}
	c, err := explain.Read(strings.TrimSpace(text), explain.ReadOptions{Layout: pick, From: from})
	var amb *explain.AmbiguousError
	switch {
	case errors.As(err, &amb):
		return Masked{Error: ambiguous(amb)}
	case err != nil:
		return Masked{Error: explain.Plain(err.Error())}
	}
	m, err := mask.New(c.Model, key, []byte(tweak))
	if errors.Is(err, mask.ErrLayout) {
		return Masked{Layout: c.Layout, Error: c.Layout + " IDs cannot be masked: their layout has too few free bits"}
	}
	if err != nil {
		return Masked{Layout: c.Layout, Error: explain.Plain(err.Error())}
	}
	pub, err := m.Mask(c.ID)
	if err != nil {
		return Masked{Layout: c.Layout, Error: explain.Plain(err.Error())}
	}
	out := Masked{Layout: c.Layout, Hex: hex.EncodeToString(pub), Public: hex.EncodeToString(pub)}
	if format, err := explain.Formatter(c.Model, "canonical"); err == nil {
		out.Public = string(format(nil, pub))
	}
	return out
}

// ambiguous says, for the page, that a text reads as several IDs and
// which: the spec of one picks it, as -layout does on the command line.
func ambiguous(e *explain.AmbiguousError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q reads as %d different IDs, and each masks to another public form: ", e.Input, len(e.Readings))
	for i, r := range e.Readings {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(r.Describe())
	}
	b.WriteString(". Paste the spec of its layout to pick one.")
	return b.String()
}
