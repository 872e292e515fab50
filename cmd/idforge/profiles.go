package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// profileHelp says what -profile writes, for the help of new, convert and
// verify.
const profileHelp = `A storage profile (-profile) names how a store keeps an ID and the order
it compares what it keeps in: bytes (PostgreSQL bytea, BINARY(n), BLOB),
pg-uuid, sqlserver, dotnet-bytes, mysql-swap, mariadb-uuid, clickhouse or
java-uuid (docs/databases.md). The stored value of a 16-byte profile is
written as UUID text, which is what each of those stores' UUID input reads
(SQL Server's literal, UUID_TO_BIN's argument, toUUID, UUID.fromString);
the bytes profile's as hex (X'..' in SQLite, UNHEX() in MariaDB,
decode(.., 'hex') in PostgreSQL). A layout longer than the profile's
value (KSUID's 20 bytes in a UUID) is an error; a layout the store cannot
keep in time order under the profile gets a warning on standard error.
`

// profiled is a storage profile chosen with -profile, and the
// arrangement of each layout's IDs under it, made once per layout.
type profiled struct {
	p      storage.Profile
	cmd    string
	stderr io.Writer
	by     map[*layouts.Layout]storage.Arrangement
}

// profileFlag looks up the profile -profile names: its error, for an
// unknown name, is storage.Lookup's, with its did-you-mean.
func profileFlag(cmd, name string, stderr io.Writer) (*profiled, error) {
	p, err := storage.Lookup(name)
	if err != nil {
		return nil, usageError{err}
	}
	return &profiled{p: p, cmd: cmd, stderr: stderr, by: map[*layouts.Layout]storage.Arrangement{}}, nil
}

// arrangement returns the arrangement of l's IDs under the profile: an
// error where l does not fit it, and, the first time, a warning on
// standard error where the store's order is not l's time order.
func (pf *profiled) arrangement(l *layouts.Layout) (storage.Arrangement, error) {
	if a, ok := pf.by[l]; ok {
		return a, nil
	}
	r, err := resolved.New(l)
	if err != nil {
		return storage.Arrangement{}, err
	}
	a, err := storage.For(r, pf.p)
	if err != nil {
		return storage.Arrangement{}, err
	}
	if !a.Sorts {
		fmt.Fprintf(pf.stderr, "idforge %s: warning: %s IDs stored under %s do not sort by time: %s\n", pf.cmd, l.Name, pf.p.Name, a.Why)
	}
	pf.by[l] = a
	return a, nil
}

// formatter returns the function that writes an ID of l as its stored
// value under the profile: UUID text for a 16-byte value, hex otherwise.
func (pf *profiled) formatter(l *layouts.Layout) (func(dst, id []byte) []byte, error) {
	a, err := pf.arrangement(l)
	if err != nil {
		return nil, err
	}
	return func(dst, id []byte) []byte {
		s, err := a.Stored(id)
		if err != nil {
			// Every ID given here is one of l's, of its length.
			return append(dst, err.Error()...)
		}
		return appendStored(dst, s, pf.p.Size == 16)
	}, nil
}

// appendStored writes a stored value: as UUID text for a profile of a
// UUID type (asUUID), as hex otherwise.
func appendStored(dst, s []byte, asUUID bool) []byte {
	if !asUUID || len(s) != 16 {
		return hex.AppendEncode(dst, s)
	}
	for i, b := range s {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			dst = append(dst, '-')
		}
		dst = hex.AppendEncode(dst, []byte{b})
	}
	return dst
}

// errStoredText reports text that is no stored value.
var errStoredText = errors.New("not a stored value")

// readStored reads a stored value's text as the stores write it: hex in
// either case, with or without a \x (psql's bytea) or 0x prefix, UUID
// text with or without its hyphens and braces. It returns the ID the
// value holds under a.
func readStored(a storage.Arrangement, text string) ([]byte, error) {
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, `\x`), strings.HasPrefix(t, "0x"), strings.HasPrefix(t, "0X"):
		t = t[2:]
	case strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}"):
		t = t[1 : len(t)-1]
	}
	if len(t) == 36 && t[8] == '-' && t[13] == '-' && t[18] == '-' && t[23] == '-' {
		t = t[:8] + t[9:13] + t[14:18] + t[19:23] + t[24:]
	}
	s, err := hex.DecodeString(t)
	if err != nil {
		return nil, fmt.Errorf("%w under %s: want hex or UUID text", errStoredText, a.Profile)
	}
	return a.FromStored(s)
}
