package idrt

import (
	"bytes"
	"crypto/sha256"
	"testing"
)

// final's two ways, the state's words after a hand-padded block and Sum,
// give SHA-256 of the pad block and the message, for every message length
// a round writes.
func TestFinalWays(t *testing.T) {
	if !stateIsHash() {
		t.Log("this crypto/sha256 marshals its state otherwise: final takes Sum's way")
	}
	pad := bytes.Repeat([]byte{0x36}, sha256.BlockSize)
	h := sha256.New()
	h.Write(pad)
	state, err := h.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	s := newScratch()
	for n := 0; n <= 55; n++ {
		msg := bytes.Repeat([]byte{byte(n)}, n)
		want := sha256.Sum256(append(bytes.Clone(pad), msg...))
		if got := s.final(state, msg); !bytes.Equal(got, want[:]) {
			t.Errorf("final of %d bytes = %x, want %x", n, got, want)
		}
		if stateIsHash() {
			if got := s.fromState(state, msg); !bytes.Equal(got, want[:]) {
				t.Errorf("fromState of %d bytes = %x, want %x", n, got, want)
			}
		}
		s.st.UnmarshalBinary(state)
		s.h.Write(msg)
		if got := s.h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Errorf("Sum's way of %d bytes = %x, want %x", n, got, want)
		}
	}
}
