package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

const keyUsage = `usage: idforge key [-o FILE]

Writes a new secret key for mask and unmask (Private IDs): 256 random bits
from the system's cryptographic source, in hex, on one line. With -o it
creates FILE, readable by its owner only, and refuses to overwrite one.
Without -o, or with -o -, it writes the key on standard output, for a
secret manager to take; when that is a file others can read, it says so on
standard error.

Examples:
  idforge key -o ids.key
`

const maskUsage = `usage: idforge mask   (-layout NAME | -spec FILE) -key-file FILE [-tweak T] [-enc ENCODING] [-from ENCODING] ID...
       idforge unmask (-layout NAME | -spec FILE) -key-file FILE [-tweak T] [-enc ENCODING] [-from ENCODING] PUBLIC...
       (or - for IDs from standard input, one a line)

mask writes the public form of each ID under the key (Private IDs): a
keyed, deterministic, reversible permutation of the ID's free bits that
shows neither when the ID was made nor its order, node or counter. A UUID
layout's public form is a UUIDv4; a Snowflake's a non-negative 63-bit
integer; any other layout's keeps its constant bits. unmask gives the ID
back. The same ID, key, tweak and layout always give the same public form.

  -layout    the IDs' built-in layout (v7, snowflake, ...), or -spec FILE
  -key-file  a file holding the key in hex, at least 16 bytes, not all zero
             (idforge key -o FILE makes one): a regular file of at most
             4 KiB, which only its owner should read (a warning says when
             others can); the key is never printed, not even in an error
  -tweak     text that enters the mask (a tenant's name, say), so that each
             tweak gives other public forms
  -enc       the encoding written: canonical (default: the layout's usual
             text), uuid, base62, crockford, hex, decimal or any encoding
             'idforge layouts' lists
  -from      the encoding read: any -enc writes; without it, every form
             of the layout, its canonical one first

IDs and public forms are read as convert reads them with -layout: text
of the length of the layout's canonical form in that form alone (a masked
Snowflake's decimal, though 16 digits are hex too; a value above the
layout's largest ID is an error), other text in the layout's other forms,
refused with each reading named when they are different IDs: -from picks
one. A public form's constant bits are its own
(a UUIDv4's, for a UUID layout), so unmask reads the forms that unmask
under the key. mask refuses an ID whose constant bits are not the
layout's (a UUIDv4 given as a v7). An input that does not read, that reads
as several IDs, or (for unmask) whose constant bits are not a public
form's, is reported with its line number and the rest are still read; the
exit code is then 1. A public form made under another key, tweak or layout
cannot be told from one made under this key: unmask writes some other ID
for it, with exit 0, so look the ID up.

Examples:
  idforge key -o ids.key
  idforge mask -layout v7 -key-file ids.key 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge new -layout snowflake -node 1 -n 3 | idforge mask -layout snowflake -key-file ids.key -
  idforge unmask -layout v7 -key-file ids.key -tweak tenant-42 PUBLIC
  idforge unmask -layout snowflake -key-file ids.key -from hex 001af94cd536768a
`

func cmdKey(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("key")
	out := fs.String("o", "", "")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	line := maskkey.New().Hex() + "\n"
	if *out == "" || *out == "-" { // -o - is standard output, as for gen
		if f, ok := stdout.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && maskkey.Exposed(fi.Mode()) {
				fmt.Fprintf(stderr, "idforge key: warning: standard output is a file that others can read (mode %v); make it readable by its owner only (chmod 600), or use -o FILE\n", fi.Mode().Perm())
			}
		}
		_, err := io.WriteString(stdout, line)
		return err
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, line); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "idforge key: wrote a new key to %s\n", filepath.Clean(*out))
	return nil
}

// cmdMask is mask and unmask: forward masks, !forward unmasks.
func cmdMask(forward bool) func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	name := "mask"
	if !forward {
		name = "unmask"
	}
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		fs := newFlagSet(name)
		layoutName := fs.String("layout", "", "")
		specFile := fs.String("spec", "", "")
		keyFile := fs.String("key-file", "", "")
		tweak := fs.String("tweak", "", "")
		enc := fs.String("enc", "canonical", "")
		from := fs.String("from", "", "")
		if err := parseFlags(fs, args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			return usageError{fmt.Errorf("give IDs to %s, or - to read them from standard input", name)}
		}
		l, err := chosenLayout(fs, *layoutName, *specFile)
		if err != nil {
			return err
		}
		if l == nil {
			return usageError{fmt.Errorf("give the IDs' layout: -layout NAME or -spec FILE")}
		}
		if *keyFile == "" {
			return usageError{fmt.Errorf("give the key: -key-file FILE (idforge key makes one)")}
		}
		format, err := formatterFor(l, *enc, "")
		if err != nil {
			return err
		}
		o, err := readOptions(l, *from)
		if err != nil {
			return err
		}
		key, err := readKey(*keyFile, name, stderr)
		if err != nil {
			return err
		}
		m, err := mask.New(l, key, []byte(*tweak))
		if err != nil {
			return err
		}
		if !forward {
			// A public form's constant bits are its own (a UUIDv4's, for
			// a UUID layout): it fits when it unmasks.
			o.Public = func(b []byte) bool {
				_, err := m.Unmask(b)
				return err == nil
			}
		}
		bad, total := 0, 0
		for in := range inputs(fs.Args(), stdin) {
			total++
			err := in.err
			var out []byte
			if err == nil {
				out, err = maskText(m, o, in.text, forward)
			}
			if err != nil {
				bad++
				reportInput(stderr, name, in, err)
				continue
			}
			if _, err := fmt.Fprintf(stdout, "%s\n", format(nil, out)); err != nil {
				return err
			}
		}
		switch {
		case total == 0:
			return errNoInput
		case bad > 0:
			return errReported
		}
		return nil
	}
}

// readKey reads a key file (maskkey.ReadFile: a regular file of at most
// 4 KiB) and warns the command's user when others can read it. Its errors
// never show the file's content.
func readKey(path, command string, stderr io.Writer) (maskkey.Key, error) {
	key, err := maskkey.ReadFile(path)
	if err != nil {
		return maskkey.Key{}, err
	}
	if fi, err := os.Stat(path); err == nil && maskkey.Exposed(fi.Mode()) {
		fmt.Fprintf(stderr, "idforge %s: warning: others can read the key file %s (mode %v): chmod 600 %[2]s\n", command, path, fi.Mode().Perm())
	}
	return key, nil
}

// maskText reads text as an ID of o.Layout (to mask: its constant bits
// must be the layout's) or as a public form (to unmask: o.Public says
// which bytes are one), as explain.Read does, and returns the result's
// bytes.
func maskText(m *mask.Masker, o explain.ReadOptions, text string, forward bool) ([]byte, error) {
	r, err := explain.Read(text, o)
	var re *explain.ReadError
	switch {
	case !forward && errors.As(err, &re) && len(re.Forms) > 0:
		return nil, notPublic(text, o)
	case err != nil:
		return nil, err
	case !forward:
		return m.Unmask(r.ID)
	}
	return m.Mask(r.ID)
}

// notPublic returns unmask's error for text that reads as bytes of
// o.Layout's size whose constant bits are not a public form's: no key
// unmasks it, so the error names those bits, not the key. A UUID layout's
// public forms are UUIDv4s; another layout's keep its constants.
func notPublic(text string, o explain.ReadOptions) error {
	q, name := explain.Shorten(text), o.Layout.Name
	if o.Layout.IsUUID() {
		if b, ok := explain.ParseUUIDText(text); ok {
			return fmt.Errorf("%s is not a public %s ID under any key: public %[2]s IDs are UUIDv4s (version 4, variant 0b10), and it has version %d, variant 0b%02b", q, name, b[6]>>4, b[8]>>6)
		}
		return fmt.Errorf("%s is not a public %s ID under any key: public %[2]s IDs are UUIDv4s (version 4, variant 0b10)", q, name)
	}
	return fmt.Errorf("%s is not a public %s ID under any key: its constant bits are not %[2]s's", q, name)
}
