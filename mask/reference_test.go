package mask_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"math/big"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/mask"
)

// The reference: FFX as idrt's Mask documents it, written the slow and
// obvious way, straight from the description: bit strings as slices of 0s
// and 1s, numbers as math/big, a fresh HMAC for every round. The fast path
// is held to it on the vectors, on every built-in layout and on random ones.

type bitstr []byte // one bit a byte, the most significant first

func bitsOf(b []byte) bitstr {
	s := make(bitstr, 0, len(b)*8)
	for _, x := range b {
		for i := 7; i >= 0; i-- {
			s = append(s, x>>i&1)
		}
	}
	return s
}

func (s bitstr) bytes() []byte {
	out := make([]byte, (len(s)+7)/8)
	n := new(big.Int)
	for _, b := range s {
		n.Lsh(n, 1)
		n.Or(n, big.NewInt(int64(b)))
	}
	return n.FillBytes(out)
}

func xorBits(a, b bitstr) bitstr {
	c := make(bitstr, len(a))
	for i := range a {
		c[i] = a[i] ^ b[i]
	}
	return c
}

func hmacSHA256(key, msg []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write(msg)
	return h.Sum(nil)
}

// refF is F(i, B) cut to m bits.
func refF(subkey []byte, n, i int, b bitstr, m int) bitstr {
	msg := []byte{byte(n >> 8), byte(n), byte(i)}
	msg = append(msg, b.bytes()...)
	d := hmacSHA256(subkey, msg)
	y := new(big.Int).SetBytes(d[:(m+7)/8])
	y.Mod(y, new(big.Int).Lsh(big.NewInt(1), uint(m)))
	out := make(bitstr, m)
	for j := range m {
		out[m-1-j] = byte(y.Bit(j))
	}
	return out
}

func refSubkey(key []byte, layout string, tweak []byte) []byte {
	msg := append([]byte("idforge/mask/v1\x00"+layout+"\x00"), tweak...)
	return hmacSHA256(key, msg)
}

// refFeistel runs the 10 rounds forward or backward on x.
func refFeistel(subkey []byte, x bitstr, forward bool) bitstr {
	n := len(x)
	u := n / 2
	a, b := append(bitstr(nil), x[:u]...), append(bitstr(nil), x[u:]...)
	if forward {
		for i := 0; i < idrt.MaskRounds; i++ {
			a, b = b, xorBits(a, refF(subkey, n, i, b, len(a)))
		}
	} else {
		for i := idrt.MaskRounds - 1; i >= 0; i-- {
			// (a, b) = (B, A^F(i, B)): B is a, A is b^F(i, a).
			a, b = xorBits(b, refF(subkey, n, i, a, len(b))), a
		}
	}
	return append(a, b...)
}

// freeOf returns the bits of v where mask is 0.
func freeOf(v, mask bitstr) bitstr {
	var out bitstr
	for i := range v {
		if mask[i] == 0 {
			out = append(out, v[i])
		}
	}
	return out
}

// fill returns base with the bits where mask is 0 replaced by free, in order.
func fill(base, mask, free bitstr) bitstr {
	out := append(bitstr(nil), base...)
	j := 0
	for i := range out {
		if mask[i] == 0 {
			out[i] = free[j]
			j++
		}
	}
	return out
}

func refMask(key []byte, layout string, tweak []byte, s mask.Shape, id []byte) []byte {
	pubMask := bitsOf(s.PubMask)
	n := len(freeOf(pubMask, pubMask))
	free := freeOf(bitsOf(id), bitsOf(s.IDMask))
	x := append(make(bitstr, n-len(free)), free...)
	y := refFeistel(refSubkey(key, layout, tweak), x, true)
	return fill(bitsOf(s.PubBits), pubMask, y).bytes()
}

// refUnmask returns the ID, or nil when pub is not a public form.
func refUnmask(key []byte, layout string, tweak []byte, s mask.Shape, pub []byte) []byte {
	p, pubMask, pubBits := bitsOf(pub), bitsOf(s.PubMask), bitsOf(s.PubBits)
	for i := range p {
		if pubMask[i] == 1 && p[i] != pubBits[i] {
			return nil
		}
	}
	x := refFeistel(refSubkey(key, layout, tweak), freeOf(p, pubMask), false)
	idMask := bitsOf(s.IDMask)
	f := len(freeOf(idMask, idMask))
	for _, b := range x[:len(x)-f] {
		if b != 0 {
			return nil
		}
	}
	return fill(bitsOf(s.IDBits), idMask, x[len(x)-f:]).bytes()
}
