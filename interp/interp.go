// Package interp packs, unpacks and generates IDs of any layout at run time,
// straight from the layouts model.
//
// It is deliberately simple: every value is a math/big integer and every bit
// is placed by shifting and masking, so that it is easy to check by reading.
// It is the oracle the generated packages are tested against, and what the
// command-line tool uses for layouts that users write.
//
// It works out everything from the parsed spec itself, and shares no code
// with what it checks: times (tick to instant and back, exactly, in
// nanoseconds as big integers), fields, text in every form (TextForm,
// Encode, Decode: digit by digit over an encoding's declaration, its
// alphabet and options read as data) and bounds. It imports nothing from
// package resolved and calls none of the encodings' codecs; its tests hold
// it to that.
package interp

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/idforge/idforge/layouts"
)

// Errors returned by the interpreter; match them with errors.Is.
var (
	// ErrNoLayout means a nil *layouts.Layout, or a zero Generator, which
	// NewGenerator did not make.
	ErrNoLayout = errors.New("interp: no layout")
	ErrMissing  = errors.New("interp: missing field")
	ErrUnknown  = errors.New("interp: unknown field")
	ErrRange    = errors.New("interp: value does not fit its field")
	ErrLength   = errors.New("interp: wrong length")
	ErrConstant = errors.New("interp: constant bits differ")
	ErrTime     = errors.New("interp: time out of range")
	ErrNoRole   = errors.New("interp: the layout has no such role")
)

// errNoLayout is the error of a nil layout.
var errNoLayout = fmt.Errorf("%w: a nil *layouts.Layout", ErrNoLayout)

// Values holds field values by field name (layouts.Field.Name). A bytes
// field holds its bytes as a big-endian integer.
type Values map[string]*big.Int

// mask returns 2^width - 1.
func mask(width int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(width))
	return m.Sub(m, big.NewInt(1))
}

// bitsAt returns width bits of x starting at bit lo.
func bitsAt(x *big.Int, lo, width int) *big.Int {
	v := new(big.Int).Rsh(x, uint(lo))
	return v.And(v, mask(width))
}

// shift returns where a run of bits at offset (from the most significant
// end) with the given width starts, counting from the least significant bit.
func shift(l *layouts.Layout, offset, width int) int { return l.Bits - offset - width }

// Pack builds an ID from field values. Every non-constant field must be
// given (a nil value is missing) and fit its width; nothing is masked.
func Pack(l *layouts.Layout, v Values) ([]byte, error) {
	if l == nil {
		return nil, errNoLayout
	}
	for name := range v {
		if _, ok := l.Field(name); !ok {
			return nil, fmt.Errorf("%w: %s has no field %q", ErrUnknown, l.Name, name)
		}
	}
	id := new(big.Int)
	for si, seg := range l.Segments {
		var bits *big.Int
		if seg.Field < 0 {
			bits = new(big.Int).SetUint64(l.Parts[seg.Parts[0]].Const)
		} else {
			f := &l.Fields[seg.Field]
			x := v[f.Name]
			if x == nil {
				return nil, fmt.Errorf("%w: %s", ErrMissing, f.Name)
			}
			if x.Sign() < 0 || x.BitLen() > f.Width {
				return nil, fmt.Errorf("%w: %s = %v needs %d bits, has %d", ErrRange, f.Name, x, x.BitLen(), f.Width)
			}
			bits = x
			if f.Split() {
				i := slices.Index(f.Segments, si)
				bits = bitsAt(x, f.Lo[i], f.Hi[i]-f.Lo[i])
			}
		}
		id.Or(id, new(big.Int).Lsh(bits, uint(shift(l, seg.Offset, seg.Width))))
	}
	return id.FillBytes(make([]byte, l.Bytes())), nil
}

// Unpack reads the field values of an ID. It returns ErrConstant when a
// constant, such as a version, differs from the layout's.
func Unpack(l *layouts.Layout, b []byte) (Values, error) {
	if l == nil {
		return nil, errNoLayout
	}
	if len(b) != l.Bytes() {
		return nil, fmt.Errorf("%w: %s is %d bytes, got %d", ErrLength, l.Name, l.Bytes(), len(b))
	}
	id := new(big.Int).SetBytes(b)
	v := Values{}
	for si, seg := range l.Segments {
		bits := bitsAt(id, shift(l, seg.Offset, seg.Width), seg.Width)
		if seg.Field < 0 {
			if want := l.Parts[seg.Parts[0]].Const; bits.Uint64() != want {
				return nil, fmt.Errorf("%w: %s is %#x, want %#x", ErrConstant, seg.Name, bits, want)
			}
			continue
		}
		f := &l.Fields[seg.Field]
		if !f.Split() {
			v[f.Name] = bits
			continue
		}
		x, ok := v[f.Name]
		if !ok {
			x = new(big.Int)
			v[f.Name] = x
		}
		x.Or(x, bits.Lsh(bits, uint(f.Lo[slices.Index(f.Segments, si)])))
	}
	return v, nil
}

// Role returns the value of a role, such as the time or the counter, read
// from the parts of the ID that hold it.
func Role(l *layouts.Layout, b []byte, r layouts.Role) (*big.Int, error) {
	if l == nil {
		return nil, errNoLayout
	}
	v, ok := l.Value(r)
	if !ok {
		return nil, fmt.Errorf("%w: %s has no %s", ErrNoRole, l.Name, r)
	}
	if len(b) != l.Bytes() {
		return nil, fmt.Errorf("%w: %s is %d bytes, got %d", ErrLength, l.Name, l.Bytes(), len(b))
	}
	id := new(big.Int).SetBytes(b)
	x := new(big.Int)
	for _, pi := range v.Parts {
		p := l.Parts[pi]
		bits := bitsAt(id, shift(l, p.Offset, p.Width), p.Width)
		x.Or(x, bits.Lsh(bits, uint(p.Lo)))
	}
	return x, nil
}

// setRole writes the value of a role into the parts of id that hold it. Bits
// of the value that no part holds (the unused bits of a digest) are dropped.
func setRole(l *layouts.Layout, id *big.Int, v *layouts.Value, x *big.Int) {
	for _, pi := range v.Parts {
		p := l.Parts[pi]
		at := uint(shift(l, p.Offset, p.Width))
		id.AndNot(id, new(big.Int).Lsh(mask(p.Width), at))
		id.Or(id, new(big.Int).Lsh(bitsAt(x, p.Lo, p.Width), at))
	}
}

// Time returns the time an ID holds.
func Time(l *layouts.Layout, b []byte) (time.Time, error) {
	ticks, err := Role(l, b, layouts.Time)
	if err != nil {
		return time.Time{}, err
	}
	v, _ := l.Value(layouts.Time)
	return TicksTime(v, ticks), nil
}

// UnixNanos returns the time an ID holds as nanoseconds since the Unix
// epoch, rounded down: exact for any time, even one past what a time.Time
// holds.
func UnixNanos(l *layouts.Layout, b []byte) (*big.Int, error) {
	ticks, err := Role(l, b, layouts.Time)
	if err != nil {
		return nil, err
	}
	v, _ := l.Value(layouts.Time)
	c, err := clockOf(v)
	if err != nil {
		return nil, err
	}
	ns := c.startNanos(ticks)
	return ns.Add(ns, c.epochNs), nil
}

// TicksTime returns the instant a count of ticks of a time value stands for,
// rounded down to the nanosecond. For a nil v, a v with no unit of time,
// or nil ticks, it returns the zero Time.
func TicksTime(v *layouts.Value, ticks *big.Int) time.Time {
	c, err := clockOf(v)
	if err != nil || ticks == nil {
		return time.Time{}
	}
	return c.at(ticks)
}

// Ticks returns the count of ticks that a time value holds for t, rounded
// down: the tick t falls in. It returns ErrTime when t is before the
// epoch or past the last tick the value's width can hold, and ErrNoRole
// for a nil v (what layouts.Layout.Value returns for a layout with no
// time) or a v with no unit of time.
func Ticks(v *layouts.Value, t time.Time) (*big.Int, error) {
	c, err := clockOf(v)
	if err != nil {
		return nil, err
	}
	if t.Before(v.Epoch) {
		return nil, fmt.Errorf("%w: %s is before the epoch %s", ErrTime, rfc3339(t), rfc3339(v.Epoch))
	}
	ticks := c.floor(t)
	if ticks.Cmp(c.maxTick()) > 0 {
		return nil, fmt.Errorf("%w: %s is past the %d-bit time's last tick", ErrTime, rfc3339(t), v.Width)
	}
	return ticks, nil
}

// rfc3339 writes t for an error message in RFC 3339, in UTC: %v would show
// a monotonic clock reading.
func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// MinAt returns the ID whose time is the first tick at or after t, with
// every other variable bit 0 and the constants in place. A t before the
// epoch gives the first tick; a t after the last tick's start has no tick
// at or after it: ErrTime. For a time-sortable layout it is the smallest ID
// whose time is at or after t, the lower bound of a range query.
func MinAt(l *layouts.Layout, t time.Time) ([]byte, error) {
	if l == nil {
		return nil, errNoLayout
	}
	v, _ := l.Value(layouts.Time)
	c, err := clockOf(v)
	if err != nil {
		return nil, fmt.Errorf("%w: %s has no time", ErrNoRole, l.Name)
	}
	k := c.ceil(t)
	if k.Cmp(c.maxTick()) > 0 {
		return nil, fmt.Errorf("%w: no tick of %s is at or after %s", ErrTime, l.Name, rfc3339(t))
	}
	return bound(l, v, k, false), nil
}

// MaxAt returns the ID whose time is the last tick at or before t, with
// every other variable bit 1 and the constants in place. A t before the
// first tick's time has no tick at or before it: ErrTime; a t past the
// last tick gives the last tick. For a time-sortable layout it is the
// largest ID whose time is at or before t, the upper bound of a range
// query.
func MaxAt(l *layouts.Layout, t time.Time) ([]byte, error) {
	if l == nil {
		return nil, errNoLayout
	}
	v, _ := l.Value(layouts.Time)
	c, err := clockOf(v)
	if err != nil {
		return nil, fmt.Errorf("%w: %s has no time", ErrNoRole, l.Name)
	}
	// Time rounds down to the nanosecond: the last tick whose time is at
	// or before t.
	k := c.last(t)
	if k.Sign() < 0 {
		return nil, fmt.Errorf("%w: no tick of %s is at or before %s", ErrTime, l.Name, rfc3339(t))
	}
	return bound(l, v, k, true), nil
}

// bound builds the ID with tick k, clamped to the time's range (MinAt's
// before the first tick, MaxAt's past the last), every other variable bit
// set to fill, and the constants in place.
func bound(l *layouts.Layout, v *layouts.Value, k *big.Int, fill bool) []byte {
	if k.Sign() < 0 {
		k.SetInt64(0)
	}
	if k.BitLen() > v.Width {
		k = mask(v.Width)
	}
	id := new(big.Int)
	for _, p := range l.Parts {
		at := uint(shift(l, p.Offset, p.Width))
		switch {
		case p.Role == layouts.Const:
			id.Or(id, new(big.Int).Lsh(new(big.Int).SetUint64(p.Const), at))
		case p.Role != layouts.Time && fill:
			id.Or(id, new(big.Int).Lsh(mask(p.Width), at))
		}
	}
	setRole(l, id, v, k)
	return id.FillBytes(make([]byte, l.Bytes()))
}
