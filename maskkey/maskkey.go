// Package maskkey holds the secret keys of Private IDs: the keys that
// package mask and the generated packages' Maskers take.
//
// A Key is opaque. It is made only by [New] (256 random bits), by [Parse]
// (hex text, as idforge key writes it) or by [ReadFile] (a key file), so
// that a password, a passphrase or hex text passed as raw bytes cannot be
// mistaken for a key. Keys shorter than 16 bytes (128 bits), and keys whose
// bytes are all zero, are refused. A Key never prints: fmt shows
// maskkey.Key(…) for every verb, and no error carries a key's bytes or a
// key file's text. [Key.Hex] is the one way to see it, for writing it where
// it is kept.
//
// A key file holds one key in hex on one line (white space around it is
// ignored), as idforge key -o FILE writes it, readable by its owner only.
// ReadFile reads only a regular file of at most [MaxFileSize] bytes, so
// that a device or a pipe named by mistake fails at once instead of
// filling memory or waiting for ever.
package maskkey

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/internal/regfile"
)

const (
	// MinBytes is the length of the shortest key accepted: 128 bits.
	MinBytes = 16
	// NewBytes is the length of the keys New makes: 256 bits.
	NewBytes = 32
	// MaxFileSize is the size of the largest key file ReadFile reads, in
	// bytes.
	MaxFileSize = 4096
)

// ErrKey means a key that cannot be used: text that is not hex, fewer than
// MinBytes bytes, bytes that are all zero, a key file that is not a
// regular file of at most MaxFileSize bytes holding one, or the zero Key.
// The error's text says which; it never shows the key.
var ErrKey = errors.New("maskkey: not a key")

// what a key is, for the errors' texts.
const want = "a key is at least 32 hex digits (16 bytes), not all zero, as idforge key writes it"

// Key is a secret key for Private IDs. Its zero value is no key: the
// Maskers refuse it. A Key may be copied and used concurrently; it never
// shares memory with its caller's.
type Key struct {
	b []byte
}

// New returns a new random 256-bit key from crypto/rand.
func New() Key {
	b := make([]byte, NewBytes)
	rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return Key{b}
}

// Parse reads a key written in hex (either case), ignoring white space
// around it: the text of a key file, or of an environment variable or a
// secret manager's value. Its errors never show the text.
func Parse(text string) (Key, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return Key{}, fmt.Errorf("%w: the text is empty; %s", ErrKey, want)
	}
	b, err := hex.DecodeString(text)
	if err != nil {
		return Key{}, fmt.Errorf("%w: the text is not hex (a passphrase is not a key); %s", ErrKey, want)
	}
	if err := check(b); err != nil {
		return Key{}, err
	}
	return Key{b}, nil
}

// check says whether b can be a key's bytes.
func check(b []byte) error {
	if len(b) < MinBytes {
		return fmt.Errorf("%w: %d bytes; %s", ErrKey, len(b), want)
	}
	var or byte
	for _, x := range b {
		or |= x
	}
	if or == 0 {
		return fmt.Errorf("%w: its bytes are all zero; %s", ErrKey, want)
	}
	return nil
}

// ReadFile reads the key file name: a regular file (a symbolic link to one
// is followed) of at most MaxFileSize bytes holding one key in hex. It
// checks the file before it opens it and again once it is open, and never
// waits on a named pipe, so that a pipe or a device fails at once. It does
// not check who may read the file: idforge's commands warn when others can
// (see [Exposed]).
func ReadFile(name string) (Key, error) {
	fail := func(what string) (Key, error) {
		return Key{}, fmt.Errorf("%w: key file %s %s; a key file holds one key in hex, as idforge key -o FILE writes it", ErrKey, name, what)
	}
	check := func(fi os.FileInfo) (string, bool) {
		switch {
		case !fi.Mode().IsRegular():
			return fmt.Sprintf("is a %s, not a regular file", regfile.Kind(fi.Mode())), false
		case fi.Size() > MaxFileSize:
			return fmt.Sprintf("has %d bytes, more than %d", fi.Size(), MaxFileSize), false
		}
		return "", true
	}
	fi, err := os.Stat(name)
	if err != nil {
		return Key{}, err
	}
	if what, ok := check(fi); !ok {
		return fail(what)
	}
	f, err := regfile.OpenRead(name, 0)
	if err != nil {
		return Key{}, err
	}
	defer f.Close()
	// The path may name another file since Stat: check the one opened, and
	// read no more than the limit allows, whatever it holds now.
	if fi, err = f.Stat(); err != nil {
		return Key{}, err
	}
	if what, ok := check(fi); !ok {
		return fail(what)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	defer clear(b)
	switch {
	case err != nil:
		return Key{}, fmt.Errorf("key file %s: %w", name, err)
	case len(b) > MaxFileSize:
		return fail(fmt.Sprintf("has more than %d bytes", MaxFileSize))
	}
	k, err := Parse(string(b))
	if err != nil {
		return Key{}, fmt.Errorf("key file %s: %w", name, err)
	}
	return k, nil
}

// Exposed reports whether a file of mode m can be read by users other than
// its owner: a key file should not be (idforge key -o writes mode 0600).
// On Windows, whose permissions are not mode bits, it reports false.
func Exposed(m os.FileMode) bool { return runtime.GOOS != "windows" && m.Perm()&0o044 != 0 }

// Hex returns the key in hex, as a key file holds it: the secret itself,
// for writing it where it is kept.
func (k Key) Hex() string { return hex.EncodeToString(k.b) }

// String returns "maskkey.Key(…)", never the key.
func (k Key) String() string { return "maskkey.Key(…)" }

// GoString returns "maskkey.Key(…)", never the key, for %#v.
func (k Key) GoString() string { return k.String() }

// Format writes "maskkey.Key(…)" for every verb, %x included: fmt never
// shows a key.
func (k Key) Format(f fmt.State, _ rune) { io.WriteString(f, k.String()) }

// bytesOf is the function idrt calls to read a Key's bytes
// (idrt.NewMaskOf).
func bytesOf(v any) ([]byte, bool) {
	k, ok := v.(Key)
	if !ok {
		return nil, false
	}
	return k.b, true
}

func init() { idrt.RegisterMaskKeys(bytesOf) }
