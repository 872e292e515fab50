package idrt

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
)

// rekeyBytes is how much output a drbg key makes before it is replaced with
// a fresh one from crypto/rand.
const rekeyBytes = 64 << 10

// drbg stretches crypto/rand with AES-256 in counter mode: the construction
// of NIST SP 800-90A's CTR_DRBG, which crypto/rand itself uses in FIPS mode.
// Each key and initial counter block comes from crypto/rand, and a key makes
// at most 64 KiB of output before a fresh one replaces it. With AES
// instructions and the standard library's eight-block CTR code, a 4 KiB
// refill costs well under a nanosecond a byte, several times less than
// crypto/rand's own per-byte cost here, and the output is as unpredictable
// as the key.
//
// The zero value is ready; it draws its first key on first use. It is not
// safe for concurrent use: Entropy's lock guards it.
type drbg struct {
	stream cipher.Stream
	made   int // bytes made with the current key
}

// fill overwrites buf with keystream, keying first if need be.
func (d *drbg) fill(buf *[bufSize]byte) error {
	if d.stream == nil || d.made >= rekeyBytes {
		if err := d.rekey(); err != nil {
			return err
		}
	}
	clear(buf[:])
	d.stream.XORKeyStream(buf[:], buf[:])
	d.made += bufSize
	return nil
}

// rekey draws a new key and initial counter block from crypto/rand. It
// allocates (a cipher and its stream), once every 64 KiB of output.
func (d *drbg) rekey() error {
	var seed [32 + aes.BlockSize]byte
	if _, err := rand.Read(seed[:]); err != nil {
		return err
	}
	block, err := aes.NewCipher(seed[:32])
	if err != nil {
		return err
	}
	d.stream, d.made = cipher.NewCTR(block, seed[32:]), 0
	clear(seed[:])
	return nil
}
