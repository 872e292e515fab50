// Package corpus makes the conformance corpus, corpus.jsonl.gz, and
// conversions.jsonl, from the interpreter, the reference codecs and
// package compat: conformance/makecorpus writes what Make returns, and
// package conformance's TestCorpusUpToDate compares it with the files.
package corpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/uuid"

	"github.com/idforge/idforge/conformance"
)

// Make returns the corpus (the lines of corpus.jsonl.gz) and the conversions
// (conversions.jsonl), made from the built-in layouts and the layouts in
// dir's random/ and texts/ folders, with the published vectors of dir's
// vectors.jsonl; dir is the conformance folder. Making them twice gives
// the same bytes: nothing in them depends on the day or the machine.
func Make(dir string) (corpus, conversions []byte, err error) {
	ls, err := Layouts(dir)
	if err != nil {
		return nil, nil, err
	}
	// The IDs published outside idforge, each held to its source by the
	// interpreter, go into the corpus after their layout's other records.
	vectors, err := conformance.LoadVectors(filepath.Join(dir, "vectors.jsonl"))
	if err != nil {
		return nil, nil, err
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	for _, s := range ls {
		l := s.Layout
		rs, err := Records(l, s.Text)
		if err != nil {
			return nil, nil, fmt.Errorf("%s (%s): %w", l.Name, l.File, err)
		}
		for _, v := range vectors {
			if v.Layout != l.Name {
				continue
			}
			r, err := conformance.VectorRecord(l, v)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: vector %s: %w", l.Name, v.Text, err)
			}
			rs = append(rs, r)
		}
		for _, r := range rs {
			if err := enc.Encode(r); err != nil {
				return nil, nil, err
			}
		}
	}
	conv, err := makeConversions()
	if err != nil {
		return nil, nil, fmt.Errorf("conversions: %w", err)
	}
	return out.Bytes(), conv, nil
}

// Spec is a layout of the corpus and the text of its spec.
type Spec struct {
	Layout *layouts.Layout
	Text   string
}

// Layouts returns the layouts of the corpus, in its order: the built-ins,
// then the random layouts (random/, which makecorpus -random writes
// once), then the layouts that exercise the text encodings (texts/), each
// in one language-neutral file, read from the conformance folder dir.
// Their File is conformance/random/NAME.layout or
// conformance/texts/NAME.layout.
func Layouts(dir string) ([]Spec, error) {
	builtins, err := layouts.Builtins()
	if err != nil {
		return nil, err
	}
	var ls []Spec
	for _, l := range builtins {
		src, err := layouts.BuiltinSpec(strings.TrimSuffix(strings.TrimPrefix(l.File, "layouts/"), ".layout"))
		if err != nil {
			return nil, err
		}
		ls = append(ls, Spec{l, string(src)})
	}
	var files []string
	for _, sub := range []string{"random", "texts"} {
		more, err := filepath.Glob(filepath.Join(dir, sub, "*.layout"))
		if err != nil {
			return nil, err
		}
		slices.Sort(more)
		files = append(files, more...)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return nil, err
		}
		l, err := layouts.Parse("conformance/"+filepath.ToSlash(rel), src)
		if err != nil {
			return nil, err
		}
		ls = append(ls, Spec{l, string(src)})
	}
	return ls, nil
}

// sample is the instant the generated IDs start at and a bound is taken
// at, in every layout whose epoch is before it (Start).
var sample = time.Date(2024, 5, 6, 7, 8, 9, 123456789, time.UTC)

// Start returns the instant at which a layout's generated IDs start and
// its sample bounds are taken: sample, for a layout whose epoch is before
// it, so that the records of every such layout stay as they were; for a
// layout whose epoch is later, its epoch plus sample's time of day (7 h 8
// min 9.123456789 s), within a day of the epoch. (A layout whose time overflows before sample is
// no valid spec: layouts.Parse refuses a clock that cannot hold the time
// now.)
func Start(l *layouts.Layout) time.Time {
	v, ok := l.Value(layouts.Time)
	if !ok || v.Epoch.Before(sample) {
		return sample
	}
	return v.Epoch.Add(sample.Sub(sample.Truncate(24 * time.Hour)))
}

// Records returns the records of one layout, its published vectors aside,
// in the corpus's order.
//
// A layout with a time starts its IDs, and takes its sample bounds, at
// Start(l): the same instant for every layout whose epoch is before it.
func Records(l *layouts.Layout, src string) ([]conformance.Record, error) {
	text := conformance.TextForm(l)
	start := Start(l)
	head := conformance.Record{Layout: l.Name, Kind: "layout", Version: conformance.FormatVersion, File: l.File, Spec: src, Text: text, Monotonic: l.Monotonic() && l.TimeSortable()}
	if nv, ok := l.Value(layouts.Node); ok && l.NeedsNode() {
		head.Node = nv.Width
	}
	_, hash := l.Value(layouts.Hash)
	head.Generates = !hash
	rs := []conformance.Record{head}
	size := l.Bytes()
	rnd := rand.NewChaCha8(sha256.Sum256([]byte(l.Name))) // deterministic: the corpus is the same at every run
	ids := [][]byte{make([]byte, size), bytes.Repeat([]byte{0xff}, size)}
	for range 3 {
		b := make([]byte, size)
		rnd.Read(b)
		ids = append(ids, b)
	}
	var named []conformance.Record
	if hash {
		for _, name := range []string{"www.example.com", "idforge"} {
			ns := uuid.NamespaceDNS()
			b, err := interp.Hash(l, append(ns[:], name...))
			if err != nil {
				return nil, err
			}
			ids = append(ids, b)
		}
		// Names in every name space RFC 9562 defines, the empty name, and
		// names beyond ASCII and longer than a hash block.
		names := []string{"www.example.com", "", "idforge", "héllo, wörld ☃ 🦫", "http://www.example.com/" + strings.Repeat("path/", 30)}
		for i, ns := range []uuid.UUID{uuid.NamespaceDNS(), uuid.NamespaceURL(), uuid.NamespaceOID(), uuid.NamespaceX500(), uuid.Max()} {
			if i > 0 {
				names = names[:3] // every name once; the other name spaces with three
			}
			for _, name := range names {
				b, err := interp.Hash(l, append(ns[:], name...))
				if err != nil {
					return nil, err
				}
				named = append(named, conformance.Record{Layout: l.Name, Kind: "name", Namespace: hex.EncodeToString(ns[:]), Name: &name, Hex: hex.EncodeToString(b)})
			}
		}
	} else {
		at := start
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
		r, err := conformance.ID(l, b)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	late, err := lateID(l)
	if err != nil {
		return nil, err
	}
	rs = append(rs, late...)
	rs = append(rs, named...)
	rs = append(rs, conformance.Aliases(l, ids[0])...)
	rs = append(rs, conformance.Aliases(l, ids[3])...)
	if l.Name == "tsid" {
		// tsid-creator's own cases of Crockford's aliases, which its
		// Tsid.isValid accepts (TsidTest.testIsValid in
		// github.com/f4b6a3/tsid-creator): every language reads them, as
		// its canonical text and as Crockford.
		for _, s := range []string{"0123456789ABi", "0123456789ABl", "0123456789ABo", "0123456789abc", "0123456789AbC"} {
			for _, form := range []string{"text", "crockford"} {
				r, err := conformance.Alias(l, form, s)
				if err != nil {
					return nil, err
				}
				rs = append(rs, r)
			}
		}
	}
	if v, ok := l.Value(layouts.Time); ok {
		// The sample's microsecond and its last nanosecond too: PostgreSQL's
		// times are microseconds, and its P_max_at(t) covers t's whole
		// microsecond, so the SQL tests check P_min_at at the first and
		// P_max_at at the second.
		us := start.Truncate(time.Microsecond)
		ats := []time.Time{v.Epoch.Add(-1), v.Epoch, v.Epoch.Add(1), start, start.Add(-1), us, us.Add(999)}
		if end, ok := l.Overflow(); ok {
			ats = append(ats, end.Add(-1), end, end.Add(time.Hour))
			// Around the last tick's time (rounded down to the
			// nanosecond): MinAt is ErrTime after it, and MaxAt is the
			// last tick from it on.
			last := interp.TicksTime(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(v.Width)), big.NewInt(1)))
			ats = append(ats, last.Add(-1), last, last.Add(1))
		}
		// Well before the epoch: MaxAt is ErrTime, MinAt the first tick.
		ats = append(ats, v.Epoch.Add(-time.Hour))
		// The Unix epoch and the nanosecond before it, which a platform's
		// zero time is (Java's Instant.EPOCH, JavaScript's new Date(0)):
		// before the epoch of a layout that starts later (tsid's 2020, a
		// Snowflake's 2010), MaxAt is ErrTime there and MinAt the first
		// tick, never an ID of a time after the one asked.
		if unix := time.Unix(0, 0).UTC(); !unix.Equal(v.Epoch) {
			ats = append(ats, unix, unix.Add(-1))
		}
		// Far from every range, where a fast path's int64 overflows: a
		// nanosecond past what an int64 of Unix nanoseconds holds either
		// way (1677, 2262), and the years -300,000,000 and 300,000,000
		// (past an int64 of milliseconds).
		ats = append(ats, time.Unix(0, math.MinInt64).Add(-1), time.Unix(0, math.MaxInt64).Add(1),
			time.Date(-300_000_000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(300_000_000, 1, 1, 0, 0, 0, 0, time.UTC))
		for _, t := range ats {
			r, err := conformance.Bound(l, t)
			if err != nil {
				return nil, err
			}
			rs = append(rs, r)
		}
	}
	// The order of its IDs, and what its generator must do under a clock
	// that moves on, stands still or steps back.
	rs = append(rs, conformance.Order(l, ids))
	// What the check of text is true of, and the names that are no valid
	// Unicode, which fromName refuses as text.
	valid, err := conformance.Valid(l, ids)
	if err != nil {
		return nil, err
	}
	rs = append(rs, valid...)
	badNames, err := conformance.BadNameRecords(l)
	if err != nil {
		return nil, err
	}
	rs = append(rs, badNames...)
	if _, ok := l.Value(layouts.Time); ok && head.Generates {
		scenarios := []string{conformance.Steady}
		if head.Monotonic {
			scenarios = append(scenarios, conformance.Frozen, conformance.StepBack)
		}
		for _, sc := range scenarios {
			r, err := conformance.Sequence(l, sc, start)
			if errors.Is(err, interp.ErrRange) || errors.Is(err, interp.ErrTime) {
				continue // a reading outside the layout's time: no such record
			}
			if err != nil {
				return nil, err
			}
			rs = append(rs, r)
		}
	}
	// The IDs the layout makes (its constants right) mask and unmask.
	masks, err := conformance.Masks(l, ids[5:])
	if err != nil {
		return nil, err
	}
	rs = append(rs, masks...)
	// How its IDs are stored under every storage profile it fits.
	stored, err := conformance.Stored(l, [][]byte{ids[0], ids[1], ids[3], ids[len(ids)-1]})
	if err != nil {
		return nil, err
	}
	rs = append(rs, stored...)
	// A built-in layout's IDs of spread times, in each store's order.
	if _, ok := l.Value(layouts.Time); ok && head.Generates && strings.HasPrefix(l.File, "layouts/") {
		spread, err := spreadIDs(l, start, rnd)
		if err != nil {
			return nil, err
		}
		order, err := conformance.StoredOrder(l, spread)
		if err != nil {
			return nil, err
		}
		rs = append(rs, order...)
	}
	return append(rs, conformance.Bad(l, ids[3])...), nil
}

// spreadIDs returns up to 8 IDs of l, each of a different time after
// start, from a millisecond to 30 years on, so that their times differ in
// low and high bytes alike; a time outside the layout's range, or in the
// tick of the one before, is left out.
// They come in the order made, which is their time order.
func spreadIDs(l *layouts.Layout, start time.Time, rnd *rand.ChaCha8) ([][]byte, error) {
	const day = 24 * time.Hour
	var ids [][]byte
	for _, d := range []time.Duration{0, time.Millisecond, time.Second, time.Hour, 9 * day, 400 * day, 7 * 365 * day, 30 * 365 * day} {
		at := start.Add(d)
		opts := []interp.Option{interp.WithRand(rnd), interp.WithClock(func() time.Time { return at })}
		if l.NeedsNode() {
			nv, _ := l.Value(layouts.Node)
			opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(int64(min(5, 1<<nv.Width-1)))))
		}
		g, err := interp.NewGenerator(l, opts...)
		if err != nil {
			return nil, err
		}
		b, err := g.Next()
		if errors.Is(err, interp.ErrRange) || errors.Is(err, interp.ErrTime) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(ids) > 0 {
			t0, _ := interp.Time(l, ids[len(ids)-1])
			if t1, _ := interp.Time(l, b); !t1.After(t0) {
				continue // within the last one's tick (a second, for KSUID)
			}
		}
		ids = append(ids, b)
	}
	return ids, nil
}

// lateID returns, for a layout written in decimal whose top bit is not a
// constant zero, the "id" record of its first ID of 2085-01-01, when its
// clock reaches that far: an ID of 2^63 or more, which every language
// must write unsigned, as Discord does (its IDs pass 2^63 in 2084-09).
func lateID(l *layouts.Layout) ([]conformance.Record, error) {
	r, err := resolved.New(l)
	if err != nil || r.Text.Name != "decimal" || !r.Text.Signed || r.Clock == nil {
		return nil, err
	}
	at := time.Date(2085, 1, 1, 0, 0, 0, 0, time.UTC)
	if end, ok := l.Overflow(); ok && !at.Before(end) {
		return nil, nil
	}
	b, err := conformance.Bound(l, at)
	if err != nil {
		return nil, err
	}
	id, err := hex.DecodeString(b.Min)
	if err != nil {
		return nil, err
	}
	rec, err := conformance.ID(l, id)
	if err != nil {
		return nil, err
	}
	return []conformance.Record{rec}, nil
}
