package storage

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/idforge/idforge/resolved"
)

// ErrFit reports a layout longer than a profile's stored value: KSUID's 20
// bytes in a 16-byte UUID type.
var ErrFit = errors.New("storage: the ID does not fit")

// ErrStored reports a value that is not a stored value of the
// arrangement: of the wrong length, or with padding that is not zero.
var ErrStored = errors.New("storage: not a stored value")

// Arrangement is how IDs of one layout are stored under one profile: the
// stored value's bytes taken from the ID's, and whether the store's order
// is then the layout's time order. Every language pastes Perm and Xor as
// data; Stored and FromStored are their meaning.
type Arrangement struct {
	Layout, Profile string
	// Title is the profile's: the store and its type, for people.
	Title string
	// Size is the stored value's length in bytes.
	Size int
	// Perm gives, for each stored byte, the ID's byte it holds, or -1 for
	// zero padding.
	Perm []int
	// Xor is applied to the stored bytes after Perm (0x80 where the store
	// compares signed).
	Xor []byte
	// Key is the layout's key order: the arrangement of its bytes whose
	// unsigned order is its time order (the identity for every built-in
	// but UUIDv1, whose time's high bits come last).
	Key []int
	// Sorts reports that the store takes every stored value and orders
	// them in the layout's time order; where not, Why says why in a
	// sentence.
	Sorts bool
	Why   string
}

// For returns the arrangement of the layout's IDs under the profile. A
// layout longer than the profile's stored value is an error that matches
// ErrFit, For's only error. A layout whose time cannot be made to sort (it has none, its
// time is not in whole bytes, or the store decides its order by bits the
// layout does not hold constant) still has an arrangement, a lossless
// one, with Sorts false.
func For(l *resolved.Layout, p Profile) (Arrangement, error) {
	n := l.Bits / 8
	a := Arrangement{Layout: l.Name, Profile: p.Name, Title: p.Title, Size: p.Size}
	order := p.Order
	if p.Size == 0 {
		a.Size = n
		order = identity(n)
	}
	if n > a.Size {
		return Arrangement{}, fmt.Errorf("%w: %s is %d bytes, and %s (%s) stores %d", ErrFit, l.Name, n, p.Name, p.Title, a.Size)
	}
	key, why := keyOrder(l)
	a.Key = key
	a.Xor = make([]byte, a.Size)
	for _, i := range p.Signed {
		a.Xor[i] = 0x80
	}
	fixed := fixedBits(l)
	a.Perm = arrange(key, order, p.Pad, a.Size)
	if p.When != nil {
		switch swapped(p.When, a.Perm, a.Xor, fixed) {
		case never:
		default:
			// The store compares some or all of these values in its
			// other order: arranged for that order, does every value
			// meet the condition?
			perm := arrange(key, p.Swap, p.Pad, a.Size)
			if swapped(p.When, perm, a.Xor, fixed) == always {
				a.Perm = perm
			} else if why == "" {
				why = fmt.Sprintf("the store compares some values in another order (bytes %s of the stored value decide which), and %s does not hold those bytes constant", condPositions(p.When), l.Name)
			}
		}
	}
	if p.Refuse != nil && swapped(p.Refuse, a.Perm, a.Xor, fixed) != never {
		refused := fmt.Sprintf("the store refuses some values (bytes %s of the stored value decide which), and %s does not hold those bytes clear of them", condPositions(p.Refuse), l.Name)
		why = strings.TrimPrefix(why+"; "+refused, "; ")
	}
	a.Sorts, a.Why = why == "", why
	return a, nil
}

// Fitting returns the arrangements of the layout's IDs under every
// built-in profile it fits, in the profiles' order, and the names of those
// it does not fit (ErrFit, For's one error: KSUID's 20 bytes in a 16-byte
// UUID): what each language's code pastes as data.
func Fitting(l *resolved.Layout) (fit []Arrangement, unfit []string) {
	for _, p := range builtins() {
		if a, err := For(l, p); err == nil {
			fit = append(fit, a)
		} else {
			unfit = append(unfit, p.Name)
		}
	}
	return fit, unfit
}

// Stored returns the value to store for the ID id (its bytes).
func (a Arrangement) Stored(id []byte) ([]byte, error) {
	if want := a.idLen(); len(id) != want {
		return nil, fmt.Errorf("%w: %s takes an ID of %d bytes, not %d", ErrStored, a.Layout, want, len(id))
	}
	s := make([]byte, a.Size)
	for i, from := range a.Perm {
		if from >= 0 {
			s[i] = id[from]
		}
		s[i] ^= a.Xor[i]
	}
	return s, nil
}

// FromStored returns the ID (its bytes) that s, a stored value, holds.
func (a Arrangement) FromStored(s []byte) ([]byte, error) {
	if len(s) != a.Size {
		return nil, fmt.Errorf("%w under %s: a stored %s is %d bytes, not %d", ErrStored, a.Profile, a.Layout, a.Size, len(s))
	}
	id := make([]byte, a.idLen())
	for i, from := range a.Perm {
		v := s[i] ^ a.Xor[i]
		if from < 0 {
			if v != 0 {
				return nil, fmt.Errorf("%w under %s: byte %d, padding of a %d-byte %s, is %#02x, not zero", ErrStored, a.Profile, i, len(id), a.Layout, s[i])
			}
			continue
		}
		id[from] = v
	}
	return id, nil
}

func (a Arrangement) idLen() int { return len(a.Key) }

// Inverse returns the way back, as every language's FromStored pastes it:
// for each of the ID's bytes, the stored byte that holds it and the bits
// to flip in it. The stored bytes it names none of are padding.
func (a Arrangement) Inverse() (from []int, xor []byte) {
	from, xor = make([]int, a.idLen()), make([]byte, a.idLen())
	for i, j := range a.Perm {
		if j >= 0 {
			from[j], xor[j] = i, a.Xor[i]
		}
	}
	return from, xor
}

// Compare compares two stored values as the profile's store does: -1, 0
// or +1. It is the oracle the tests sort by. Values of a profile of a
// fixed size and of another length compare by length first.
func (p Profile) Compare(x, y []byte) int {
	switch {
	case p.Size == 0:
		return bytes.Compare(x, y)
	case len(x) != len(y) || len(x) != p.Size:
		return cmp.Compare(len(x), len(y))
	}
	return bytes.Compare(p.SortKey(x), p.SortKey(y))
}

// SortKey returns s, a stored value of the profile's size, as bytes that
// compare unsigned as the store compares s: its bytes in the order the
// store reads them, signed bytes flipped.
func (p Profile) SortKey(s []byte) []byte {
	if p.Size == 0 || len(s) != p.Size {
		return slices.Clone(s) // the bytes profile's order, or not a stored value: as it is
	}
	order := p.Order
	if p.When != nil && meets(p.When, s) {
		order = p.Swap
	}
	k := make([]byte, len(order))
	for i, pos := range order {
		k[i] = s[pos]
		if slices.Contains(p.Signed, pos) {
			k[i] ^= 0x80
		}
	}
	return k
}

func meets(cs []Cond, s []byte) bool {
	for _, c := range cs {
		if int(s[c.Pos]) < c.Lo || int(s[c.Pos]) > c.Hi {
			return false
		}
	}
	return true
}

func condPositions(cs []Cond) string {
	var ps []string
	for _, c := range cs {
		ps = append(ps, fmt.Sprint(c.Pos))
	}
	return strings.Join(ps, " and ")
}

func identity(n int) []int {
	ps := make([]int, n)
	for i := range ps {
		ps[i] = i
	}
	return ps
}

// arrange returns the permutation that puts the key's bytes where the
// store reads them in order: the ID's key byte j goes to the j-th of the
// positions order reads, skipping those the padding takes (pad first,
// then the last in order).
func arrange(key, order, pad []int, size int) []int {
	n := len(key)
	padded := map[int]bool{}
	for _, q := range pad {
		if len(padded) < size-n {
			padded[q] = true
		}
	}
	for r := size - 1; len(padded) < size-n; r-- {
		padded[order[r]] = true
	}
	perm := make([]int, size)
	j := 0
	for _, q := range order {
		if padded[q] {
			perm[q] = -1
			continue
		}
		perm[q] = key[j]
		j++
	}
	return perm
}

type verdict int

const (
	varies verdict = iota
	never
	always
)

// fixed is what the layout's constant bits decide of each byte: the bits
// held constant (mask) and their values.
type fixed struct{ mask, val []byte }

func fixedBits(l *resolved.Layout) fixed {
	n := l.Bits / 8
	f := fixed{make([]byte, n), make([]byte, n)}
	for _, c := range l.Consts {
		off := c.Offset(l.Bits)
		for i := range c.Width {
			bit := off + i
			f.mask[bit/8] |= 0x80 >> (bit % 8)
			if c.Bit(c.Value, i) {
				f.val[bit/8] |= 0x80 >> (bit % 8)
			}
		}
	}
	return f
}

// swapped says whether every stored value of the arrangement perm meets
// the conditions cs, none does, or it varies with the ID (a swap's
// conditions, or a refusal's).
func swapped(cs []Cond, perm []int, xor []byte, f fixed) verdict {
	all := always
	for _, c := range cs {
		in, out := false, false
		for v := range 256 {
			b := byte(v)
			if from := perm[c.Pos]; from < 0 {
				if b != 0 {
					continue
				}
			} else if b&f.mask[from] != f.val[from] {
				continue
			}
			b ^= xor[c.Pos]
			if int(b) >= c.Lo && int(b) <= c.Hi {
				in = true
			} else {
				out = true
			}
		}
		switch {
		case !in:
			return never
		case out:
			all = varies
		}
	}
	return all
}

// keyOrder returns the layout's key order (see Arrangement.Key), and why
// there is none that sorts: the identity then.
func keyOrder(l *resolved.Layout) ([]int, string) {
	n := l.Bits / 8
	if l.Time == nil {
		return identity(n), fmt.Sprintf("%s has no time", l.Name)
	}
	// Each bit's meaning: -1 constant, -2 not the time, else the time's
	// value bit it holds.
	meaning := make([]int, l.Bits)
	for i := range meaning {
		meaning[i] = -2
	}
	for _, c := range l.Consts {
		for i := range c.Width {
			meaning[c.Offset(l.Bits)+i] = -1
		}
	}
	parts := slices.Clone(l.Time.Parts)
	for _, pi := range parts {
		p := l.Parts[pi]
		for i := range p.Width {
			meaning[p.Offset(l.Bits)+i] = p.Lo + p.Width - 1 - i
		}
	}
	// The time's most significant part first, each with its bytes.
	slices.SortFunc(parts, func(a, b int) int { return l.Parts[b].Lo - l.Parts[a].Lo })
	var key []int
	taken := make([]bool, n)
	for _, pi := range parts {
		start, end := l.Parts[pi].Bytes(l.Bits)
		for b := start; b < end; b++ {
			if !taken[b] {
				key, taken[b] = append(key, b), true
			}
		}
	}
	for b := range n {
		if !taken[b] {
			key = append(key, b)
		}
	}
	if sortsByTime(key, meaning, l.Time.Width) {
		return key, ""
	}
	return identity(n), fmt.Sprintf("%s's time is not in whole bytes of its own, so no arrangement of its bytes sorts by it", l.Name)
}

// sortsByTime reports whether the bytes in key's order, constant bits
// left out, hold the time's bits first, from its most significant down.
func sortsByTime(key, meaning []int, width int) bool {
	next := width - 1
	for _, b := range key {
		for i := range 8 {
			m := meaning[b*8+i]
			switch {
			case m == -1:
			case next < 0:
				return true
			case m != next:
				return false
			default:
				next--
			}
		}
	}
	return next < 0
}
