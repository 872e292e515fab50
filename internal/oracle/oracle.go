// Package oracle checks generated ID packages against the interpreter, the
// slow and plainly correct reference. It is for tests only.
package oracle

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// RandomValues returns random values for every field of a layout, each
// within its width. Values near the edges (0, the maximum) come up often.
func RandomValues(l *layouts.Layout, rng *rand.Rand) interp.Values {
	v := interp.Values{}
	for _, f := range l.Fields {
		x := new(big.Int)
		switch rng.IntN(4) {
		case 0: // zero
		case 1:
			x.Lsh(big.NewInt(1), uint(f.Width)).Sub(x, big.NewInt(1))
		default:
			for i := 0; i < f.Width; i++ {
				if rng.IntN(2) == 1 {
					x.SetBit(x, i, 1)
				}
			}
		}
		v[f.Name] = x
	}
	return v
}

// ToStruct sets the fields of the struct ptr points to from values, by the
// generator's naming rule.
func ToStruct(l *layouts.Layout, values interp.Values, ptr any) error {
	s := reflect.ValueOf(ptr).Elem()
	for _, f := range l.Fields {
		field := s.FieldByName(layouts.GoName(f.Name))
		if !field.IsValid() {
			return fmt.Errorf("oracle: %s has no field %s", s.Type(), layouts.GoName(f.Name))
		}
		x := values[f.Name]
		switch field.Kind() {
		case reflect.Array:
			x.FillBytes(field.Slice(0, field.Len()).Bytes())
		case reflect.Int64:
			field.SetInt(x.Int64())
		default:
			field.SetUint(x.Uint64())
		}
	}
	return nil
}

// FromStruct returns the values of a generated fields struct.
func FromStruct(l *layouts.Layout, st any) interp.Values {
	s := reflect.ValueOf(st)
	v := interp.Values{}
	for _, f := range l.Fields {
		field := s.FieldByName(layouts.GoName(f.Name))
		switch field.Kind() {
		case reflect.Array:
			b := make([]byte, field.Len())
			reflect.Copy(reflect.ValueOf(b), field)
			v[f.Name] = new(big.Int).SetBytes(b)
		case reflect.Int64:
			v[f.Name] = big.NewInt(field.Int())
		default:
			v[f.Name] = new(big.Int).SetUint64(field.Uint())
		}
	}
	return v
}

// Equal reports whether two sets of values are the same.
func Equal(a, b interp.Values) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		if y, ok := b[k]; !ok || x.Cmp(y) != 0 {
			return false
		}
	}
	return true
}

// Stream is a reproducible source of random bytes, for feeding the same
// randomness to a generated generator and to the interpreter's.
type Stream struct{ rng *rand.ChaCha8 }

// NewStream returns a stream for a seed.
func NewStream(seed uint64) *Stream {
	var s [32]byte
	for i := range 8 {
		s[i] = byte(seed >> (8 * i))
	}
	return &Stream{rand.NewChaCha8(s)}
}

func (s *Stream) Read(p []byte) (int, error) { return s.rng.Read(p) }
