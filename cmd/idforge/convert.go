package main

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/compat"
	"github.com/idforge/idforge/internal/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

const convertUsage = `usage: idforge convert [-to LAYOUT] [-enc ENCODING] [-prefix P] [-spec FILE] ID...
       idforge convert [-to LAYOUT] [-enc ENCODING] [-prefix P] [-spec FILE] -    (IDs from standard input, one a line)

Converts IDs to another layout, or writes them in another encoding.

  -to    v1, v6, v7, uuid, ksuid, ulid or snowflake; omit it to re-encode
  -enc   canonical (default), uuid, base62, crockford, hex, decimal, or
         typeid (for UUIDs, with -prefix P: any UUID, the Nil and Max UUIDs
         and UUIDs of other variants and versions included)
  -spec  read the IDs as the layout in this spec file (to re-encode them)

Conversions, and what each keeps:
  UUIDv1 <-> v6      every bit (the timestamp's parts reordered)
  UUID -> KSUID      v1, v6 or v7: the KSUID's second is the UUID's time and
                     its payload all 16 UUID bytes; KSUID -> UUID (-to uuid)
                     gives them back
  KSUID -> v7        any KSUID: its second and the first 74 payload bits
  ULID -> v7         the millisecond and the low 74 of the 80 entropy bits;
                     the top 6 entropy bits are lost (v7 spends them on its
                     version and variant), so the ULIDs of one monotonic
                     generator stay distinct and in order
  v7 -> ULID         the millisecond and all 74 random bits, below six zero
                     bits: -to v7 gives the UUID back exactly
  UUID <-> ULID      other UUIDs (any variant) -> ULID, and ULID -> uuid,
                     copy all 128 bits
                     (-to uuid needs a ULID that holds an RFC 9562 UUID)
  Snowflake <-> v7   every bit: an exact embedding that keeps order

A conversion that loses bits of an ID says so on standard error, with
the bits (ULID -> v7 with nonzero top entropy bits, KSUID -> v7, KSUID ->
uuid of a KSUID whose second is not its UUID's time); so does one of an
ID that layouts with other epochs read with other times (a decimal ID
converts as a Twitter Snowflake, whose epoch may not be its system's:
'idforge inspect' lists the others).

IDs, given as arguments or as lines of standard input, are trimmed of
surrounding space. An input that does not convert, a blank line, or a line
longer than 4096 bytes, is reported (with its line number) and the rest
are still converted; the exit code is then 1. Empty standard input is
reported too, with exit code 1.

Examples:
  idforge convert -to v6 C232AB00-9414-11EC-B3C8-9F6BDECED846
  idforge convert -to ksuid 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge convert 01ARYZ6S41TSV4RRFFQ69G5FAV -to v7
  idforge convert -enc base62 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge convert -spec orderid.layout -enc uuid 0352TMYFSxcNelI0w0fx5X
  idforge convert -enc typeid -prefix user 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge convert -enc uuid user_01fwhe4ydgfk1shh6w1g60eecf
`

// targets are the values -to takes, besides a layout's own name.
var targets = []string{"v1", "v6", "v7", "uuid", "ksuid", "ulid", "snowflake"}

func cmdConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("convert")
	to := fs.String("to", "", "")
	enc := fs.String("enc", "canonical", "")
	specFile := fs.String("spec", "", "")
	prefix := fs.String("prefix", "", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{fmt.Errorf("give IDs to convert, or - to read them from standard input")}
	}
	if *to == "" && !flagSet(fs, "enc") {
		return usageError{fmt.Errorf("give -to, -enc or both")}
	}
	spec, err := chosenLayout(fs, "", *specFile)
	if err != nil {
		return err
	}
	if !validTarget(*to, spec) {
		return usageError{fmt.Errorf("unknown -to %q (want one of %s, or a layout's own name to re-encode)", *to, strings.Join(targets, ", "))}
	}
	if !slices.Contains(explain.WriteEncodings, *enc) {
		return usageError{fmt.Errorf("unknown encoding %q (want one of %s)", *enc, strings.Join(explain.WriteEncodings, ", "))}
	}
	bad, total := 0, 0
	for in := range inputs(fs.Args(), stdin) {
		total++
		err := in.err
		var out []byte
		if err == nil {
			var notes []string
			out, notes, err = convertText(in.text, spec, *to, *enc, *prefix)
			for _, n := range notes {
				fmt.Fprintf(stderr, "idforge convert: %s%s: %s\n", in.where(), in.text, n)
			}
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
	case total == 0:
		return errNoInput
	case bad == 0:
		return nil
	case total == 1:
		return errReported
	}
	return fmt.Errorf("%d of %d inputs could not be converted", bad, total)
}

// validTarget reports whether -to names a conversion, a built-in layout
// (to re-encode IDs of that layout), or the spec's own layout.
func validTarget(to string, spec *layouts.Layout) bool {
	if to == "" || slices.Contains(targets, to) || spec != nil && to == spec.Name {
		return true
	}
	_, err := lookup(to)
	return err == nil
}

// convertText converts one ID, read as the layout spec or, without one, as
// every layout it fits, to the layout named to, written in enc (with the
// TypeID prefix for enc typeid). The notes say what the conversion
// dropped, and which reading it took of an ID that other layouts read with
// other times, for standard error.
func convertText(in string, spec *layouts.Layout, to, enc, prefix string) ([]byte, []string, error) {
	r := explain.Readings(in, spec, convertFrom)
	if len(r.Candidates) == 0 {
		return nil, nil, errors.New(r.Error)
	}
	// The likeliest reading of the input that converts wins: a decimal
	// Snowflake also reads as a Sonyflake, which has no conversion.
	var firstErr error
	for _, c := range r.Candidates {
		target, out, err := convert(c.Model, c.ID, to)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		format, err := formatterFor(target, enc, prefix)
		if err != nil {
			return nil, nil, err
		}
		var notes []string
		if to != "" {
			notes = append(notes, otherTimes(c, r.Candidates)...)
		}
		notes = append(notes, dropped(c.Model, c.ID, to, target, out)...)
		return format(nil, out), notes, nil
	}
	return nil, nil, firstErr
}

// otherTimes says, of an ID that layouts with other epochs read with
// other times (a decimal Snowflake-style ID: Twitter's, Discord's), which
// reading the conversion took, so that the time it carries on is no
// surprise.
func otherTimes(c explain.Candidate, all []explain.Candidate) []string {
	if c.Time == "" {
		return nil
	}
	var others []string
	for _, o := range all {
		if o.Time != "" && o.Time != c.Time && !explain.SameBits(o.Model, c.Model) && !slices.Contains(others, o.Layout) {
			others = append(others, o.Layout)
		}
	}
	if len(others) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("converted as %s, whose time is %s; as %s it has another time ('idforge inspect' lists them; -spec reads it as a layout of yours)",
		c.Layout, c.Time, orList(others))}
}

// dropped says what converting id, of layout from, to out, of layout to
// (as -to named it: asked), lost: the bits of the ID that out does not hold. Nothing is said when
// the bits dropped are zero (as in a ULID made from a UUIDv7), since then
// converting back gives the ID again.
func dropped(from *layouts.Layout, id []byte, asked string, to *layouts.Layout, out []byte) []string {
	switch {
	case from.Name == "ulid" && to.Name == "uuidv7":
		if top := id[6] >> 2; top != 0 {
			return []string{fmt.Sprintf("dropped the top 6 of the ULID's 80 entropy bits, %#06b (a UUIDv7 spends those bits on its version and variant); -to ulid gives them back as zeros", top)}
		}
	case from.Name == "ksuid" && asked != "uuid" && to.Name == "uuidv7":
		rest := new(big.Int).SetBytes(id[4:])
		rest.And(rest, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 54), big.NewInt(1)))
		if rest.Sign() != 0 {
			return []string{fmt.Sprintf("dropped the last 54 of the KSUID's 128 payload bits, %#x (a UUIDv7 holds the KSUID's second and the first 74 payload bits); it cannot be converted back", rest)}
		}
	case from.Name == "ksuid" && asked == "uuid":
		if k, err := compat.UUIDToKSUID(uuid.UUID(out)); err != nil || !bytes.Equal(k[:], id) {
			t, _ := interp.Time(from, id)
			return []string{fmt.Sprintf("dropped the KSUID's timestamp, %s, which is not the UUID's own time: -to ksuid gives the UUID back in a KSUID of the UUID's time", t.UTC().Format(time.RFC3339))}
		}
	}
	return nil
}

// convert returns id, of layout from, as the layout named to.
func convert(from *layouts.Layout, id []byte, to string) (*layouts.Layout, []byte, error) {
	if to == "" {
		return from, id, nil
	}
	target := to
	if a, ok := explain.Aliases[to]; ok {
		target = a
	}
	fail := func() (*layouts.Layout, []byte, error) {
		return nil, nil, fmt.Errorf("no conversion from %s to %s", from.Name, to)
	}
	if !explain.IsBuiltin(from) {
		// A user's layout, the Nil or Max UUID or a raw UUID: only itself,
		// or, for a UUID, its 128 bits as a ULID.
		switch {
		case target == from.Name || target == "uuid" && explain.Canonical(from) == "uuid":
			return from, id, nil
		case target == "ulid" && explain.UUIDLike(from):
			u := compat.UUIDToULID(uuid.UUID(id))
			l, err := explain.Builtin("ulid")
			return l, u[:], err
		}
		return fail()
	}
	isUUID := strings.HasPrefix(from.Name, "uuid")
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
	case target == "ulid" && from.Name == "uuidv7":
		var l ulid.ULID
		l, err = compat.UUIDv7ToULID(uuid.UUID(id))
		out = l[:]
	case target == "ulid" && isUUID:
		u := compat.UUIDToULID(uuid.UUID(id))
		out = u[:]
	case target == "uuidv7" && from.Name == "ulid":
		u := compat.ULIDToUUIDv7(ulid.ULID(id))
		out = u[:]
	case target == "uuid" && from.Name == "ulid":
		u := compat.ULIDToUUID(ulid.ULID(id))
		out, target = u[:], fmt.Sprintf("uuidv%d", u.Version())
		if l, lerr := explain.Builtin(target); lerr != nil || !fits(l, out) {
			err = fmt.Errorf("%w: the ULID's bits %x; -to v7 makes a UUIDv7 of any ULID", compat.ErrNotUUID, out)
		}
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
	l, lerr := explain.Builtin(target)
	if lerr != nil {
		return fail()
	}
	return l, out, nil
}

// convertFrom reports whether convert reads text in a form as a layout
// without being told: UUID and TypeID text only as UUIDs (a UUIDv4 is not
// converted as if it were a ULID), and variants of another layout (drafts,
// ksuid-ms) only when asked for. inspect, which only shows, reads every
// layout the text fits.
func convertFrom(l *layouts.Layout, form string) bool {
	if strings.Contains(l.Name, "draft") || l.Name == "ksuid-ms" {
		return false
	}
	return form != "uuid" && form != "typeid" || strings.HasPrefix(l.Name, "uuid") || explain.UUIDLike(l)
}

// fits reports whether id has the constant bits of layout l.
func fits(l *layouts.Layout, id []byte) bool {
	_, err := interp.Unpack(l, id)
	return err == nil
}
