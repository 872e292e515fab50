package maskkey_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/maskkey"
)

const secret = "5345435245545345435245545345435245545345435245545345435245545345"

func TestParse(t *testing.T) {
	for _, text := range []string{secret, strings.ToUpper(secret), "  " + secret + "\r\n", "0123456789abcdef0123456789abcdef"} {
		k, err := maskkey.Parse(text)
		if err != nil {
			t.Errorf("Parse(%q): %v", text, err)
			continue
		}
		if got := k.Hex(); got != strings.ToLower(strings.TrimSpace(text)) {
			t.Errorf("Parse(%q).Hex() = %s", text, got)
		}
	}
	for _, tc := range []struct{ text, says string }{
		{"", "empty"},
		{"  \n", "empty"},
		{"correct horse battery staple, a passphrase", "not hex"},
		{secret + "z", "not hex"},
		{secret[:31], "not hex"}, // an odd number of digits
		{secret[:30], "15 bytes"},
		{strings.Repeat("00", 16), "all zero"},
		{strings.Repeat("00", 64), "all zero"},
	} {
		_, err := maskkey.Parse(tc.text)
		if !errors.Is(err, maskkey.ErrKey) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Parse(%q): %v, want ErrKey saying %q", tc.text, err, tc.says)
			continue
		}
		if strings.Contains(err.Error(), "5345") || !strings.Contains(err.Error(), "at least 32 hex digits") {
			t.Errorf("Parse(%q): the error %q shows the text or does not say what a key is", tc.text, err)
		}
	}
}

func TestNew(t *testing.T) {
	a, b := maskkey.New(), maskkey.New()
	if len(a.Hex()) != 2*maskkey.NewBytes || a.Hex() == b.Hex() {
		t.Errorf("New() = %s and %s", a.Hex(), b.Hex())
	}
	if back, err := maskkey.Parse(a.Hex()); err != nil || back.Hex() != a.Hex() {
		t.Errorf("Parse(New().Hex()) = %v, %v", back.Hex(), err)
	}
}

// No fmt verb shows a key.
func TestNeverPrinted(t *testing.T) {
	k, err := maskkey.Parse(secret)
	if err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%T %v"} {
		for _, v := range []any{k, &k, struct{ K maskkey.Key }{k}, []maskkey.Key{k}} {
			got := fmt.Sprintf(verb, v)
			if strings.Contains(strings.ToLower(got), "5345") || strings.Contains(got, "SECRET") {
				t.Errorf("Sprintf(%q, %T) = %q shows the key", verb, v, got)
			}
		}
	}
	if got := fmt.Sprint(k); got != "maskkey.Key(…)" {
		t.Errorf("Sprint = %q", got)
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string, mode os.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("ids.key", secret+"\n", 0o600)
	k, err := maskkey.ReadFile(good)
	if err != nil || k.Hex() != secret {
		t.Fatalf("ReadFile = %v, %v", k, err)
	}
	fi, _ := os.Stat(good)
	if maskkey.Exposed(fi.Mode()) {
		t.Errorf("a 0600 file is exposed")
	}
	if runtime.GOOS != "windows" && !maskkey.Exposed(0o644) {
		t.Errorf("a 0644 file is not exposed")
	}

	for _, tc := range []struct{ path, says string }{
		{write("pass.key", "my secret passphrase\n", 0o600), "not hex (a passphrase is not a key)"},
		{write("short.key", secret[:30], 0o600), "15 bytes"},
		{write("big.key", strings.Repeat(secret+"\n", 100), 0o600), "more than 4096"},
		{write("empty.key", "", 0o600), "empty"},
		{dir, "is a directory, not a regular file"},
	} {
		_, err := maskkey.ReadFile(tc.path)
		if !errors.Is(err, maskkey.ErrKey) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), tc.path) {
			t.Errorf("ReadFile(%s): %v, want ErrKey naming the file and saying %q", tc.path, err, tc.says)
		}
		if err != nil && strings.Contains(err.Error(), "5345") {
			t.Errorf("ReadFile(%s): %v shows the file's text", tc.path, err)
		}
	}
	if _, err := maskkey.ReadFile(filepath.Join(dir, "missing.key")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile of a missing file: %v, want ErrNotExist", err)
	}
}

// A device or a pipe named as a key file fails at once: /dev/zero does not
// fill memory, a FIFO with no writer does not wait.
func TestReadFileSpecial(t *testing.T) {
	paths := []string{"/dev/zero", "/dev/urandom"}
	if fifo := makeFIFO(t); fifo != "" {
		paths = append(paths, fifo)
	}
	for _, path := range paths {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		done := make(chan error, 1)
		go func() {
			_, err := maskkey.ReadFile(path)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, maskkey.ErrKey) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("ReadFile(%s): %v, want ErrKey: not a regular file", path, err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("ReadFile(%s) did not return", path)
		}
	}
}

// idrt's masks take only a Key made here.
func TestNewMaskOf(t *testing.T) {
	shape := idrt.MaskShape{IDMask: make([]byte, 8), IDBits: make([]byte, 8), PubMask: make([]byte, 8), PubBits: make([]byte, 8)}
	k, err := maskkey.Parse(secret)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := idrt.NewMaskOf(k, "x", nil, shape); err != nil {
		t.Errorf("NewMaskOf(a Key): %v", err)
	}
	for _, v := range []any{nil, maskkey.Key{}, &k, []byte(secret), secret} {
		if _, err := idrt.NewMaskOf(v, "x", nil, shape); !errors.Is(err, idrt.ErrMaskKey) {
			t.Errorf("NewMaskOf(%T): %v, want ErrMaskKey", v, err)
		}
	}
}
