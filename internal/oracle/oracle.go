// Package oracle checks generated ID packages against the interpreter, the
// slow and plainly correct reference. It is for tests only.
package oracle

import (
	"math/big"
	"math/rand/v2"

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
