package conformance

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// TextForm returns the default text form of layout l's IDs, as the
// generated code writes it: the form its spec declares
// (layouts.Layout.CanonicalText), else uuid for a UUID layout and base62
// for any other.
func TextForm(l *layouts.Layout) string { return l.CanonicalText() }

// Bound returns the "bound" record of layout l at t: the interpreter's
// MinAt and MaxAt. l must have a time.
func Bound(l *layouts.Layout, t time.Time) (Record, error) {
	lo, err := interp.MinAt(l, t)
	if err != nil {
		return Record{}, err
	}
	hi, err := interp.MaxAt(l, t)
	if err != nil {
		return Record{}, err
	}
	return Record{Layout: l.Name, Kind: "bound", At: UnixNanos(t).String(), Min: hex.EncodeToString(lo), Max: hex.EncodeToString(hi)}, nil
}

// UnixNanos returns t as nanoseconds since the Unix epoch, as the corpus
// writes times.
func UnixNanos(t time.Time) *big.Int {
	ns := new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9))
	return ns.Add(ns, big.NewInt(int64(t.Nanosecond())))
}

func encodeText(text string, b []byte) string {
	switch text {
	case "uuid":
		h := hex.EncodeToString(b)
		return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
	case "crockford":
		return encodings.Crockford.EncodeToString(b)
	case "hex":
		return encodings.Hex.EncodeToString(b)
	}
	return encodings.Base62.EncodeToString(b)
}

// ID returns the "id" record of the ID of layout l whose bytes are b: its
// encodings, its fields (read even where its constants differ), its
// validity and its time.
func ID(l *layouts.Layout, b []byte) (Record, error) {
	text := TextForm(l)
	r := Record{
		Layout: l.Name, Kind: "id",
		Hex: hex.EncodeToString(b), Base62: encodings.Base62.EncodeToString(b), Crockford: encodings.Crockford.EncodeToString(b),
		Text: encodeText(text, b), Fields: map[string]string{},
	}
	_, err := interp.Unpack(l, b)
	valid := err == nil
	if err != nil && !errors.Is(err, interp.ErrConstant) {
		return r, err
	}
	r.Valid = &valid
	// The fields of an ID whose constants differ are read all the same.
	id := new(big.Int).SetBytes(b)
	for _, f := range l.Fields {
		x := new(big.Int)
		for i, si := range f.Segments {
			seg := l.Segments[si]
			bits := new(big.Int).Rsh(id, uint(l.Bits-seg.Offset-seg.Width))
			bits.And(bits, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(seg.Width)), big.NewInt(1)))
			if f.Split() {
				bits.Lsh(bits, uint(f.Lo[i]))
			}
			x.Or(x, bits)
		}
		if f.Bytes {
			r.Fields[f.Name] = hex.EncodeToString(x.FillBytes(make([]byte, f.Width/8)))
		} else {
			r.Fields[f.Name] = x.String()
		}
	}
	if v, ok := l.Value(layouts.Time); ok {
		ticks, err := interp.Role(l, b, layouts.Time)
		if err != nil {
			return r, err
		}
		ns := new(big.Int).Mul(ticks, new(big.Int).SetUint64(v.Unit.Num*1e9))
		ns.Quo(ns, new(big.Int).SetUint64(v.Unit.Den))
		r.UnixNs = ns.Add(ns, UnixNanos(v.Epoch)).String()
	}
	return r, nil
}

// Bad returns "bad" records: inputs made from the ID of layout l whose
// bytes are b, each with the error kind the reference codecs give it.
func Bad(l *layouts.Layout, b []byte) []Record {
	text := TextForm(l)
	var rs []Record
	add := func(form, input string) {
		// The readers take exactly one width; the reference codecs, which
		// take any, judge the rest.
		kind := "ErrLength"
		if len(input) == width(form, l.Bytes()) {
			var err error
			switch form {
			case "base62":
				_, err = encodings.Base62.DecodeString(input)
			case "crockford":
				_, err = encodings.Crockford.DecodeString(input)
			default:
				_, err = encodings.Hex.DecodeString(input)
			}
			switch {
			case errors.Is(err, encodings.ErrInvalidChar):
				kind = "ErrSyntax"
			case errors.Is(err, encodings.ErrOverflow):
				kind = "ErrOverflow"
			case err == nil:
				panic(fmt.Sprintf("%s %q decodes", form, input))
			}
		}
		rs = append(rs, Record{Layout: l.Name, Kind: "bad", Form: form, Input: input, Error: kind})
	}
	for _, form := range []string{"base62", "crockford", "hex"} {
		var s string
		switch form {
		case "base62":
			s = encodings.Base62.EncodeToString(b)
		case "crockford":
			s = encodings.Crockford.EncodeToString(b)
		default:
			s = encodings.Hex.EncodeToString(b)
		}
		add(form, s[1:])
		add(form, s+"0")
		add(form, s[:3]+"!"+s[4:])
		add(form, s[:2]+"é"+s[3:]) // two bytes for one: a length Go never reads
		add(form, s[:5]+"-"+s[6:])
		if form == "crockford" {
			add(form, s[:4]+"U"+s[5:])
			add(form, s[:4]+"l"+s[5:])
		}
		if form == "base62" {
			add(form, strings.Repeat("z", len(s)))
		}
		if form == "crockford" && l.Bytes()%5 != 0 {
			add(form, strings.Repeat("Z", len(s)))
		}
	}
	rs = append(rs, Record{Layout: l.Name, Kind: "bad", Form: "bytes", Input: hex.EncodeToString(b[1:]), Error: "ErrLength"})
	if text == "uuid" {
		s := encodeText(text, b)
		for _, c := range []struct{ input, kind string }{
			{s[1:], "ErrLength"},
			{s + "0", "ErrLength"},
			{s[:8] + "x" + s[9:], "ErrSyntax"},
			{s[:10] + "g" + s[11:], "ErrSyntax"},
			{"{" + s + ")", "ErrSyntax"},
			{"[" + s + "}", "ErrSyntax"},
			{"urn:uuix:" + s, "ErrSyntax"},
			{strings.ReplaceAll(s, "-", ""), ""},
			{"URN:UUID:" + strings.ToUpper(s), ""},
			{" " + s[1:], "ErrSyntax"},
		} {
			if c.kind != "" {
				rs = append(rs, Record{Layout: l.Name, Kind: "bad", Form: "text", Input: c.input, Error: c.kind})
			}
		}
	}
	return rs
}

func width(form string, n int) int {
	switch form {
	case "base62":
		return encodings.Base62.EncodedLen(n)
	case "crockford":
		return encodings.Crockford.EncodedLen(n)
	}
	return encodings.Hex.EncodedLen(n)
}
