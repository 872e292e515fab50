// Package check holds package resolved to the conformance corpus: for every
// layout of the corpus, resolved's canonical text (written and read), its
// fields' bit runs, its clock (the time of an ID, and the ticks of MinAt
// and MaxAt) must give exactly what the corpus records, which the
// interpreter made without resolved.
//
// resolved is what every emitter writes its language's code from, so a
// mistake there would be in every language at once, and in no language's
// comparison with another; this is the check that catches it. Its own
// test breaks resolved on purpose (one tick off, one bit shifted) and
// shows that Resolved reports it.
package check

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/big"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// A Mismatch is one value of one record that resolved gives otherwise
// than the corpus.
type Mismatch struct {
	Layout string
	What   string // "text", "parse", "field NAME", "time", "min" or "max"
	Input  string // the record's hex, or its instant for a bound
	Got    string // resolved's answer
	Want   string // the corpus's
}

// String describes the mismatch for a test's message.
func (m Mismatch) String() string {
	return fmt.Sprintf("%s: %s of %s: resolved gives %s, the corpus %s", m.Layout, m.What, m.Input, m.Got, m.Want)
}

// Resolved checks resolved against the records rs of a corpus (Load's),
// and returns every value it gives otherwise. Each "layout" record's spec
// is parsed and resolved, and the "id" and "bound" records that follow it
// are checked against that resolved layout. An error means records it
// cannot read: a spec that does not parse or resolve, bad hex.
func Resolved(rs []conformance.Record) ([]Mismatch, error) {
	var (
		ms  []Mismatch
		rl  *resolved.Layout
		err error
	)
	for _, r := range rs {
		switch r.Kind {
		case "layout":
			l, perr := layouts.Parse(r.File, []byte(r.Spec))
			if perr != nil {
				return nil, fmt.Errorf("check: %s: %w", r.Layout, perr)
			}
			if rl, err = resolved.New(l); err != nil {
				return nil, fmt.Errorf("check: %s: %w", r.Layout, err)
			}
		case "id":
			if rl == nil || rl.Model.Name != r.Layout {
				return nil, fmt.Errorf("check: an id record of %s before its layout record", r.Layout)
			}
			more, err := checkID(rl, r)
			if err != nil {
				return nil, err
			}
			ms = append(ms, more...)
		case "bound":
			if rl == nil || rl.Model.Name != r.Layout {
				return nil, fmt.Errorf("check: a bound record of %s before its layout record", r.Layout)
			}
			more, err := checkBound(rl, r)
			if err != nil {
				return nil, err
			}
			ms = append(ms, more...)
		}
	}
	return ms, nil
}

// checkID checks an "id" record: the canonical text both ways, every
// field, the time.
func checkID(rl *resolved.Layout, r conformance.Record) ([]Mismatch, error) {
	b, err := hex.DecodeString(r.Hex)
	if err != nil || len(b) != rl.Model.Bytes() {
		return nil, fmt.Errorf("check: %s: bad hex %q", r.Layout, r.Hex)
	}
	var ms []Mismatch
	add := func(what, got, want string) {
		if got != want {
			ms = append(ms, Mismatch{Layout: r.Layout, What: what, Input: r.Hex, Got: got, Want: want})
		}
	}
	add("text", rl.Text.Format(b), r.Text)
	if r.Valid != nil && *r.Valid { // resolved's reader reads the valid IDs' text
		back, err := rl.Text.Parse(r.Text)
		switch {
		case err != nil:
			add("parse", err.Error(), r.Hex)
		case !bytes.Equal(back, b):
			add("parse", hex.EncodeToString(back), r.Hex)
		}
	}
	id := new(big.Int).SetBytes(b)
	for _, f := range rl.Fields {
		x := gather(id, f.Runs)
		got := x.String()
		if f.Bytes {
			got = hex.EncodeToString(x.FillBytes(make([]byte, f.Width/8)))
		}
		add("field "+f.Name, got, r.Fields[f.Name])
	}
	if c := rl.Clock; c != nil {
		ns := c.NanosAt(gather(id, rl.Time.Runs))
		add("time", ns.Add(ns, c.EpochNanos()).String(), r.UnixNs)
		// Clock.Time agrees with NanosAt wherever a time.Time holds the
		// instant.
		if t := c.Time(gather(id, rl.Time.Runs)); t.Year() > 1 && t.Year() < 9999 {
			add("time", conformance.UnixNanos(t).String(), r.UnixNs)
		}
	}
	return ms, nil
}

// checkBound checks a "bound" record: MinAt and MaxAt at its instant, made
// from resolved's clock (Ceil and Last), runs and constants as every
// emitter makes them.
func checkBound(rl *resolved.Layout, r conformance.Record) ([]Mismatch, error) {
	ns, ok := new(big.Int).SetString(r.At, 10)
	if !ok {
		return nil, fmt.Errorf("check: %s: bad instant %q", r.Layout, r.At)
	}
	sec, nsec := new(big.Int).DivMod(ns, big.NewInt(1e9), new(big.Int))
	at := time.Unix(sec.Int64(), nsec.Int64()).UTC()
	c := rl.Clock
	if c == nil {
		return nil, fmt.Errorf("check: %s: a bound record of a layout without a time", r.Layout)
	}
	var ms []Mismatch
	for _, b := range []struct {
		what string
		tick *big.Int
		fill bool
		want string
	}{{"min", c.Ceil(at), false, r.Min}, {"max", c.Last(at), true, r.Max}} {
		k := b.tick
		// DESIGN's time bounds: MinAt before the first tick is the first
		// tick, MaxAt past the last the last; where no tick satisfies the
		// definition, the record has no ID on that side and says ErrTime.
		if none := b.fill && k.Sign() < 0 || !b.fill && k.Cmp(c.MaxTick()) > 0; none {
			if b.want != "" || r.Error != "ErrTime" {
				ms = append(ms, Mismatch{Layout: r.Layout, What: b.what, Input: r.At, Got: "ErrTime", Want: orError(b.want, r.Error)})
			}
			continue
		}
		if k.Sign() < 0 {
			k.SetInt64(0)
		}
		if k.Cmp(c.MaxTick()) > 0 {
			k = c.MaxTick()
		}
		id := new(big.Int)
		if b.fill {
			id = rl.Max()
			id.AndNot(id, rl.ConstMask())
			for _, run := range rl.Time.Runs {
				id.AndNot(id, run.Mask())
			}
		}
		id.Or(id, rl.ConstValue())
		for _, run := range rl.Time.Runs {
			bits := new(big.Int).Rsh(k, uint(run.Lo))
			bits.And(bits, new(big.Int).Rsh(run.Mask(), uint(run.Shift)))
			id.Or(id, bits.Lsh(bits, uint(run.Shift)))
		}
		if got := hex.EncodeToString(id.FillBytes(make([]byte, rl.Model.Bytes()))); got != b.want {
			ms = append(ms, Mismatch{Layout: r.Layout, What: b.what, Input: r.At, Got: got, Want: b.want})
		}
	}
	return ms, nil
}

// orError returns want, or the error kind err where want is empty.
func orError(want, err string) string {
	if want == "" {
		return err
	}
	return want
}

// gather returns the value that runs hold in id.
func gather(id *big.Int, runs []resolved.Run) *big.Int {
	x := new(big.Int)
	for _, run := range runs {
		bits := new(big.Int).And(id, run.Mask())
		bits.Rsh(bits, uint(run.Shift))
		x.Or(x, bits.Lsh(bits, uint(run.Lo)))
	}
	return x
}
