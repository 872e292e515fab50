package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

const convertUsage = `usage: idforge convert [-to LAYOUT] [-enc ENCODING] ID...
       idforge convert [-to LAYOUT] [-enc ENCODING] -    (IDs from standard input, one a line)

Converts IDs to another layout, or writes them in another encoding.

  -to    v1, v6, v7, uuid, ksuid, ulid or snowflake; omit it to re-encode
  -enc   canonical (default), uuid, base62, crockford, hex or decimal

Conversions: UUIDv1 <-> v6; UUID (v1, v6, v7) -> KSUID, KSUID -> UUID (the
payload of one made from a UUID) or v7 (any KSUID, keeping its second);
UUID <-> ULID (the same bits); Snowflake <-> UUIDv7 (an exact embedding).

IDs, given as arguments or as lines of standard input, are trimmed of
surrounding space. An input that does not convert, or a line longer than
4096 bytes, is reported (with its line number) and the rest are still
converted; the exit code is then 1.

Examples:
  idforge convert -to v6 C232AB00-9414-11EC-B3C8-9F6BDECED846
  idforge convert -to ksuid 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge convert -enc base62 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
`

func cmdConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("convert", convertUsage, stderr)
	to := fs.String("to", "", "")
	enc := fs.String("enc", "canonical", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{fmt.Errorf("give IDs to convert, or - to read them from standard input")}
	}
	if *to == "" && !flagSet(fs, "enc") {
		return usageError{fmt.Errorf("give -to, -enc or both")}
	}
	bad, total := 0, 0
	for in := range inputs(fs.Args(), stdin) {
		total++
		err := in.err
		var out []byte
		if err == nil {
			out, err = convertOne(in.text, *to, *enc)
		}
		if err != nil {
			var ue usageError
			if errors.As(err, &ue) {
				return err
			}
			bad++
			fmt.Fprintf(stderr, "idforge convert: %s%v\n", in.where(), err)
			continue
		}
		if _, err := fmt.Fprintf(stdout, "%s\n", out); err != nil {
			return err
		}
	}
	switch {
	case bad == 0:
		return nil
	case total == 1:
		return errReported
	}
	return fmt.Errorf("%d of %d inputs could not be converted", bad, total)
}

// convertOne converts one ID, given as text, to the layout named to (if
// any), and returns it in the encoding enc.
func convertOne(in, to, enc string) ([]byte, error) {
	r := inspect(in, nil)
	if len(r.Candidates) == 0 {
		return nil, errors.New(r.Error)
	}
	// The first reading of the input that converts wins: a decimal
	// Snowflake also reads as a Sonyflake, which has no conversion.
	var target *layouts.Layout
	var out []byte
	var firstErr error
	for _, c := range r.Candidates {
		from, _ := layouts.Builtin(c.Layout)
		b, err := decodeAs(in, c.Form)
		if err == nil {
			target, out, err = convert(from, b, to)
		}
		if err == nil {
			break
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	if target == nil {
		return nil, firstErr
	}
	format, err := formatter(target, enc)
	if err != nil {
		return nil, err
	}
	return format(nil, out), nil
}

// decodeAs returns the bytes of text in a form decode found.
func decodeAs(in, form string) ([]byte, error) {
	for _, d := range decode(in) {
		if d.form == form {
			return d.bytes, nil
		}
	}
	return nil, fmt.Errorf("%q does not decode as %s", in, form)
}

// convert returns id, of layout from, as the layout named to.
func convert(from *layouts.Layout, id []byte, to string) (*layouts.Layout, []byte, error) {
	if to == "" {
		return from, id, nil
	}
	target := to
	if a, ok := aliases[to]; ok {
		target = a
	}
	isUUID := strings.HasPrefix(from.Name, "uuid")
	fail := func() (*layouts.Layout, []byte, error) {
		return nil, nil, fmt.Errorf("no conversion from %s to %s", from.Name, to)
	}
	var out []byte
	var err error
	switch {
	case target == from.Name || target == "uuid" && isUUID:
		out = id
		target = from.Name
	case target == "uuidv6" && from.Name == "uuidv1":
		var u uuid.UUID
		u, err = uuid.V1ToV6(uuid.UUID(id))
		out = u[:]
	case target == "uuidv1" && from.Name == "uuidv6":
		var u uuid.UUID
		u, err = uuid.V6ToV1(uuid.UUID(id))
		out = u[:]
	case target == "ksuid" && isUUID:
		var k ksuid.KSUID
		k, err = compat.UUIDToKSUID(uuid.UUID(id))
		out = k[:]
	case target == "uuid" && from.Name == "ksuid":
		var u uuid.UUID
		u, err = compat.KSUIDToUUID(ksuid.KSUID(id))
		out, target = u[:], fmt.Sprintf("uuidv%d", u.Version())
	case target == "uuidv7" && from.Name == "ksuid":
		u := compat.KSUIDToUUIDv7(ksuid.KSUID(id))
		out = u[:]
	case target == "ulid" && isUUID:
		u := compat.UUIDToULID(uuid.UUID(id))
		out = u[:]
	case target == "uuid" && from.Name == "ulid":
		u := compat.ULIDToUUID(ulid.ULID(id))
		out, target = u[:], "uuidv7"
	case target == "uuidv7" && from.Name == "snowflake":
		var u uuid.UUID
		u, err = compat.SnowflakeToUUIDv7(snowflake.ID(binary.BigEndian.Uint64(id)))
		out = u[:]
	case target == "snowflake" && from.Name == "uuidv7":
		var s snowflake.ID
		s, err = compat.UUIDv7ToSnowflake(uuid.UUID(id))
		out = binary.BigEndian.AppendUint64(nil, uint64(s))
	default:
		return fail()
	}
	if err != nil {
		return nil, nil, err
	}
	l, lerr := layouts.Builtin(target)
	if lerr != nil {
		return fail()
	}
	return l, out, nil
}
