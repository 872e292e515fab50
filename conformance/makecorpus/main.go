// Command makecorpus writes the conformance corpus, corpus.jsonl, from the
// interpreter and the reference codecs: go generate in the conformance
// folder runs it. With -random N it first writes N new random layouts to
// random/ (fuzz.RandomSpec), once: they are files so that the corpus never
// depends on the day it is made.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"

	"github.com/idforge/idforge/conformance"
)

func main() {
	random := flag.Int("random", 0, "write this many new random layouts to random/ first")
	flag.Parse()
	log.SetFlags(0)
	if *random > 0 {
		for i := range *random {
			seed := sha256.Sum256([]byte(fmt.Sprint("idforge conformance ", i)))
			spec := strings.Replace(fuzz.RandomSpec(seed[:]), "# A layout derived from fuzz input.", "# A random layout (fuzz.RandomSpec), for the conformance corpus.", 1)
			spec = strings.Replace(spec, "layout random", fmt.Sprintf("layout r%02d-random", i), 1)
			if err := os.WriteFile(filepath.Join("random", fmt.Sprintf("r%02d.layout", i)), []byte(spec), 0o644); err != nil {
				log.Fatal(err)
			}
		}
	}
	ls, err := layouts.Builtins()
	if err != nil {
		log.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("random", "*.layout"))
	if err != nil {
		log.Fatal(err)
	}
	slices.Sort(files)
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			log.Fatal(err)
		}
		l, err := layouts.Parse("conformance/"+filepath.ToSlash(name), src)
		if err != nil {
			log.Fatal(err)
		}
		ls = append(ls, l)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	for _, l := range ls {
		rs, err := records(l)
		if err != nil {
			log.Fatalf("%s: %v", l.Name, err)
		}
		for _, r := range rs {
			if err := enc.Encode(r); err != nil {
				log.Fatal(err)
			}
		}
	}
	if err := os.WriteFile("corpus.jsonl", out.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// stream is a deterministic source of "random" bytes: SHA-256 of a seed and
// a counter.
type stream struct {
	seed string
	n    uint64
	buf  []byte
}

func (s *stream) Read(p []byte) (int, error) {
	for i := range p {
		if len(s.buf) == 0 {
			var c [8]byte
			binary.BigEndian.PutUint64(c[:], s.n)
			s.n++
			h := sha256.Sum256(append([]byte(s.seed), c[:]...))
			s.buf = h[:]
		}
		p[i], s.buf = s.buf[0], s.buf[1:]
	}
	return len(p), nil
}

// sample is the instant the generated IDs start at and a bound is taken at.
var sample = time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC)

func records(l *layouts.Layout) ([]conformance.Record, error) {
	text := "base62"
	if l.IsUUID() {
		text = "uuid"
	}
	src, err := spec(l)
	if err != nil {
		return nil, err
	}
	head := conformance.Record{Layout: l.Name, Kind: "layout", File: l.File, Spec: src, Text: text, Monotonic: l.Monotonic() && l.TimeSortable()}
	if nv, ok := l.Value(layouts.Node); ok && l.NeedsNode() {
		head.Node = nv.Width
	}
	_, hash := l.Value(layouts.Hash)
	head.Generates = !hash
	rs := []conformance.Record{head}
	size := l.Bytes()
	rnd := &stream{seed: l.Name}
	ids := [][]byte{make([]byte, size), bytes.Repeat([]byte{0xff}, size)}
	for range 3 {
		b := make([]byte, size)
		rnd.Read(b)
		ids = append(ids, b)
	}
	if hash {
		for _, name := range []string{"www.example.com", "idforge"} {
			b, err := interp.Hash(l, append(bytes.Clone(uuidDNS), name...))
			if err != nil {
				return nil, err
			}
			ids = append(ids, b)
		}
	} else {
		at := sample
		opts := []interp.Option{interp.WithRand(rnd), interp.WithClock(func() time.Time { at = at.Add(1500 * time.Microsecond); return at })}
		if l.NeedsNode() {
			nv, _ := l.Value(layouts.Node)
			opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(int64(min(5, 1<<nv.Width-1)))))
		}
		g, err := interp.NewGenerator(l, opts...)
		if err != nil {
			return nil, err
		}
		for range 4 {
			b, err := g.Next()
			if err != nil {
				return nil, err
			}
			ids = append(ids, b)
		}
	}
	for _, b := range ids {
		r, err := idRecord(l, text, b)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	if v, ok := l.Value(layouts.Time); ok {
		ats := []time.Time{v.Epoch.Add(-1), v.Epoch, v.Epoch.Add(1), sample, sample.Add(-1)}
		if end, ok := l.Overflow(); ok {
			ats = append(ats, end.Add(-1), end, end.Add(time.Hour))
		}
		for _, t := range ats {
			lo, err := interp.MinAt(l, t)
			if err != nil {
				return nil, err
			}
			hi, err := interp.MaxAt(l, t)
			if err != nil {
				return nil, err
			}
			rs = append(rs, conformance.Record{Layout: l.Name, Kind: "bound", At: unixNs(t).String(), Min: hex.EncodeToString(lo), Max: hex.EncodeToString(hi)})
		}
	}
	return append(rs, bad(l, text, ids[3])...), nil
}

var uuidDNS = []byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}

// spec returns the spec text of a layout: the built-in file, or the random
// layout's file.
func spec(l *layouts.Layout) (string, error) {
	if name, ok := strings.CutPrefix(l.File, "layouts/"); ok {
		b, err := layouts.BuiltinSpec(strings.TrimSuffix(name, ".layout"))
		return string(b), err
	}
	b, err := os.ReadFile(strings.TrimPrefix(l.File, "conformance/"))
	return string(b), err
}

func unixNs(t time.Time) *big.Int {
	ns := new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9))
	return ns.Add(ns, big.NewInt(int64(t.Nanosecond())))
}

func encodeText(text string, b []byte) string {
	if text == "uuid" {
		h := hex.EncodeToString(b)
		return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
	}
	return encodings.Base62.EncodeToString(b)
}

func idRecord(l *layouts.Layout, text string, b []byte) (conformance.Record, error) {
	r := conformance.Record{
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
		r.UnixNs = ns.Add(ns, unixNs(v.Epoch)).String()
	}
	return r, nil
}

// bad returns bad inputs made from the ID b, each with the error kind the
// reference codecs give it.
func bad(l *layouts.Layout, text string, b []byte) []conformance.Record {
	var rs []conformance.Record
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
		rs = append(rs, conformance.Record{Layout: l.Name, Kind: "bad", Form: form, Input: input, Error: kind})
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
	rs = append(rs, conformance.Record{Layout: l.Name, Kind: "bad", Form: "bytes", Input: hex.EncodeToString(b[1:]), Error: "ErrLength"})
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
				rs = append(rs, conformance.Record{Layout: l.Name, Kind: "bad", Form: "text", Input: c.input, Error: c.kind})
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
