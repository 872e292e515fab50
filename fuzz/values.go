package fuzz

import (
	"fmt"
	"math/big"
	"reflect"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
)

// Bits hands out a fuzzer's input a few bits at a time, most significant
// first, as field values. Past the end of the input it hands out zeros, so
// every input is usable.
type Bits struct {
	data []byte
	pos  int // in bits
}

// NewBits returns a Bits that hands out data. The zero Bits, and a nil
// *Bits, hand out zeros only.
func NewBits(data []byte) *Bits { return &Bits{data: data} }

// Take returns the next n bits as a number.
func (b *Bits) Take(n int) *big.Int {
	x := new(big.Int)
	if b == nil {
		return x
	}
	for i := 0; i < n; i++ {
		bit := uint(0)
		if byteAt := b.pos / 8; byteAt < len(b.data) {
			bit = uint(b.data[byteAt]>>(7-b.pos%8)) & 1
		}
		b.pos++
		x.Lsh(x, 1)
		x.SetBit(x, 0, bit)
	}
	return x
}

// Values returns a value for every field of l, each within its width; a
// nil l has no fields.
func (b *Bits) Values(l *layouts.Layout) interp.Values {
	v := interp.Values{}
	if l == nil {
		return v
	}
	for _, f := range l.Fields {
		v[f.Name] = b.Take(f.Width)
	}
	return v
}

// ToFields sets the fields of the generated struct that ptr points to from
// values, matching names by the generator's rule (layouts.GoName). A value
// too wide for the Go field's type is an error, as are a missing value, a
// nil l and a ptr that is not a non-nil pointer to a struct.
func ToFields(l *layouts.Layout, values interp.Values, ptr any) error {
	if l == nil {
		return fmt.Errorf("fuzz: ToFields: %w", interp.ErrNoLayout)
	}
	p := reflect.ValueOf(ptr)
	if p.Kind() != reflect.Pointer || p.IsNil() || p.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("fuzz: ToFields wants a non-nil pointer to a struct, got %T", ptr)
	}
	s := p.Elem()
	for _, f := range l.Fields {
		field := s.FieldByName(layouts.GoName(f.Name))
		if !field.IsValid() {
			return fmt.Errorf("fuzz: %s has no field %s", s.Type(), layouts.GoName(f.Name))
		}
		x := values[f.Name]
		if x == nil {
			return fmt.Errorf("fuzz: no value for field %s", f.Name)
		}
		switch field.Kind() {
		case reflect.Array:
			if x.BitLen() > 8*field.Len() {
				return fmt.Errorf("fuzz: %s does not fit %s", x, layouts.GoName(f.Name))
			}
			x.FillBytes(field.Slice(0, field.Len()).Bytes())
		case reflect.Int64, reflect.Int32, reflect.Int16, reflect.Int8, reflect.Int:
			if !x.IsInt64() || field.OverflowInt(x.Int64()) {
				return fmt.Errorf("fuzz: %s does not fit %s", x, layouts.GoName(f.Name))
			}
			field.SetInt(x.Int64())
		default:
			if !x.IsUint64() || field.OverflowUint(x.Uint64()) {
				return fmt.Errorf("fuzz: %s does not fit %s", x, layouts.GoName(f.Name))
			}
			field.SetUint(x.Uint64())
		}
	}
	return nil
}

// FromFields returns the values of a generated fields struct (or of the
// struct a pointer points to). A field the struct lacks, or of a kind a
// generated struct never has, gives no value; so does every field when st
// is not a struct, and a nil l has no fields.
func FromFields(l *layouts.Layout, st any) interp.Values {
	s := reflect.Indirect(reflect.ValueOf(st))
	v := interp.Values{}
	if l == nil || s.Kind() != reflect.Struct {
		return v
	}
	for _, f := range l.Fields {
		field := s.FieldByName(layouts.GoName(f.Name))
		switch field.Kind() {
		case reflect.Array:
			b := make([]byte, field.Len())
			reflect.Copy(reflect.ValueOf(b), field)
			v[f.Name] = new(big.Int).SetBytes(b)
		case reflect.Int64, reflect.Int32, reflect.Int16, reflect.Int8, reflect.Int:
			v[f.Name] = big.NewInt(field.Int())
		case reflect.Uint64, reflect.Uint32, reflect.Uint16, reflect.Uint8, reflect.Uint:
			v[f.Name] = new(big.Int).SetUint64(field.Uint())
		}
	}
	return v
}

// equal reports whether two sets of values are the same.
func equal(a, b interp.Values) bool {
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
