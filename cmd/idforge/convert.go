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
	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

const convertUsage = `usage: idforge convert [-to LAYOUT] [-enc ENCODING] [-prefix P] [-layout NAME | -spec FILE] [-from ENCODING] ID...
       idforge convert [-to LAYOUT] [-enc ENCODING] [-prefix P] [-layout NAME | -spec FILE] [-from ENCODING] -
       idforge convert [-to LAYOUT] -profile NAME [-layout NAME | -spec FILE] [-from ENCODING] ID...
       idforge convert [-to LAYOUT] [-enc ENCODING | -profile NAME] (-layout NAME | -spec FILE) -from-profile NAME STORED...
       (- reads IDs from standard input, one a line)

Converts IDs to another layout, or writes them in another encoding.

  -to      v1, v6, v7, uuid, ksuid, ulid or snowflake; omit it to re-encode
  -enc     canonical (default), uuid, decimal, typeid (for UUIDs, with
           -prefix P: any UUID, the Nil and Max UUIDs and UUIDs of other
           variants and versions included), or an encoding 'idforge
           layouts' lists: base62, crockford, hex, base58, base58flickr,
           base36, base32hex, zbase32, crockford-check or firebase
  -layout  read the IDs as this built-in layout only (or as nil, max, or
           uuid: any UUID, raw)
  -spec    read the IDs as the layout in this spec file
  -from    read the IDs in this encoding only: uuid, typeid, decimal,
           canonical (each layout's own) or any encoding -enc writes (a
           spec's own too): what -enc writes, -from reads back
  -profile       write each ID's stored value under this storage profile
                 (below) instead of the ID
  -from-profile  read stored values under this storage profile, of IDs of
                 the layout -layout or -spec gives (hex or UUID text, in
                 either case, with or without a \x or 0x prefix, hyphens or
                 braces): what -profile writes, -from-profile reads back

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
  Snowflake <-> v7   every bit: an exact embedding that keeps order (a
                     decimal ID is any Snowflake-style system's: -layout
                     snowflake says it is Twitter's)

A conversion that loses bits of an ID says so on standard error, with the
bits (ULID -> v7 with nonzero top entropy bits, KSUID -> v7, KSUID -> uuid
of a KSUID whose second is not its UUID's time).

` + profileHelp + `
` + readingHelp + `
An ambiguous text converts when every reading gives the same output (a
decimal ID re-encoded as hex is the same bytes, whichever system's it is).

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
  idforge convert -from base58 -enc uuid 1BihbxwwQ4NZZpKRH9JDCz
  idforge convert -layout snowflake -to v7 605343031096418304
  idforge convert -spec orderid.layout -enc uuid 0352TMYFSxcNelI0w0fx5X
  idforge convert -enc typeid -prefix user 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge convert -enc uuid user_01fwhe4ydgfk1shh6w1g60eecf
  idforge convert -profile sqlserver 017F22E2-79B0-7CC3-98C4-DC0C0C07398F
  idforge convert -layout v7 -from-profile sqlserver 8f39070c-0cdc-c498-7cc3-017f22e279b0
`

// readingHelp says how convert, mask and unmask read IDs (explain.Read).
const readingHelp = `How an ID is read, by one rule for inspect, convert, mask, unmask and
the playground: text in a layout's canonical form (a UUID's forms, a
ULID's Crockford, a KSUID's Base62, a Snowflake's decimal: 'idforge
layouts NAME' says each) reads as that layout, whatever other encodings
decode it too. It is ambiguous only where another layout's canonical form
reads it too (64-bit decimal: Twitter's, Discord's, Instagram's, ...):
then it is refused with each reading named, exit 1, unless every reading
gives the same output; -layout NAME picks one. One reading outranks a
canonical form: a valid check symbol (crockford-check), in text written
as its encoding writes it, of a layout whose constant bits (a UUID's
version and variant) the ID has. A reading whose time is before 1990 or
after 2100 yields to one inside. Other encodings are read only when -from
ENCODING names one: text in no layout's canonical form is refused, its
readings named. -layout NAME or -spec FILE reads that layout only: text of
its canonical form's length in that form alone (a value above the
layout's largest ID is an error, never another encoding of the same
length), other text in the layout's other forms. Crockford text is read
in either case, as Crockford's spec says. So an encoding added to idforge
never changes how a canonical text reads. 'idforge inspect' shows every
reading, each with why it ranks lower.
`

// targets are the values -to takes, besides a layout's own name.
var targets = []string{"v1", "v6", "v7", "uuid", "ksuid", "ulid", "snowflake"}

func cmdConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("convert")
	to := fs.String("to", "", "")
	enc := fs.String("enc", "canonical", "")
	from := fs.String("from", "", "")
	layoutName := fs.String("layout", "", "")
	specFile := fs.String("spec", "", "")
	prefix := fs.String("prefix", "", "")
	profile := fs.String("profile", "", "")
	fromProfile := fs.String("from-profile", "", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{fmt.Errorf("give IDs to convert, or - to read them from standard input")}
	}
	if *to == "" && !flagSet(fs, "enc") && !flagSet(fs, "profile") && !flagSet(fs, "from-profile") {
		return usageError{fmt.Errorf("give -to, -enc, -profile or -from-profile")}
	}
	spec, err := readLayout(fs, *layoutName, *specFile)
	if err != nil {
		return err
	}
	var pf, from2 *profiled
	if flagSet(fs, "profile") {
		if flagSet(fs, "enc") || flagSet(fs, "prefix") {
			return usageError{fmt.Errorf("give -enc or -profile, not both: -profile writes the stored value")}
		}
		if pf, err = profileFlag("convert", *profile, stderr); err != nil {
			return err
		}
	}
	if flagSet(fs, "from-profile") {
		switch {
		case spec == nil:
			return usageError{fmt.Errorf("-from-profile: give the stored IDs' layout, -layout NAME or -spec FILE (a stored value does not say which layout it holds)")}
		case flagSet(fs, "from"):
			return usageError{fmt.Errorf("give -from or -from-profile, not both")}
		}
		if from2, err = profileFlag("convert", *fromProfile, stderr); err != nil {
			return err
		}
		if _, err := from2.arrangement(spec); err != nil {
			return usageError{err}
		}
	}
	if !validTarget(*to, spec) {
		return usageError{fmt.Errorf("unknown -to %q (want one of %s, or a layout's own name to re-encode)", *to, strings.Join(targets, ", "))}
	}
	if err := explain.CheckEncoding(*enc, spec); err != nil {
		return usageError{err}
	}
	o, err := readOptions(spec, *from)
	if err != nil {
		return err
	}
	bad, total := 0, 0
	for in := range inputs(fs.Args(), stdin) {
		total++
		err := in.err
		var out []byte
		if err == nil {
			var notes []string
			if from2 != nil {
				out, notes, err = convertStored(in.text, spec, from2, *to, *enc, *prefix, pf)
			} else {
				out, notes, err = convertText(in.text, o, *to, *enc, *prefix, pf)
			}
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
			reportInput(stderr, "convert", in, err)
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
// (to re-encode IDs of that layout), or the layout -spec or -layout gave.
func validTarget(to string, spec *layouts.Layout) bool {
	if to == "" || slices.Contains(targets, to) || spec != nil && to == spec.Name {
		return true
	}
	_, err := lookup(to)
	return err == nil
}

// answer is what convert makes of one ID the input reads as: the text it
// writes, or why it cannot; and, for the notes, the reading converted and
// what it became.
type answer struct {
	text     []byte
	err      error
	from     *layouts.Layout
	id       []byte
	target   *layouts.Layout
	targetID []byte
}

// answerOf converts one ID the input reads as to the layout named to and
// writes it in enc: as the reading's layout, or as one of the same bits
// that converts (snowflake, where twitter read it).
func answerOf(r *explain.Reading, to, enc, prefix string, pf *profiled) answer {
	var firstErr error
	for _, c := range append([]explain.Candidate{r.Candidate}, r.Same...) {
		a := answerFor(c.Model, c.ID, to, enc, prefix, pf)
		if a.err != nil && a.target == nil {
			firstErr = cmp.Or(firstErr, a.err)
			continue
		}
		return a
	}
	return answer{err: firstErr}
}

// answerFor converts id, of layout from, to the layout named to and
// writes it in enc, or as its stored value under the profile pf when pf
// is not nil. An error with no target is that there is no conversion.
func answerFor(from *layouts.Layout, id []byte, to, enc, prefix string, pf *profiled) answer {
	target, out, err := convert(from, id, to)
	if err != nil {
		return answer{err: err}
	}
	var format func(dst, id []byte) []byte
	if pf != nil {
		format, err = pf.formatter(target)
	} else {
		format, err = formatterFor(target, enc, prefix)
	}
	if err != nil {
		return answer{err: err, target: target}
	}
	return answer{text: format(nil, out), from: from, id: id, target: target, targetID: out}
}

// convertStored reads in as a value stored under the profile from, of
// an ID of layout l, and converts that ID as convertText does.
func convertStored(in string, l *layouts.Layout, from *profiled, to, enc, prefix string, pf *profiled) ([]byte, []string, error) {
	a, err := from.arrangement(l)
	if err != nil {
		return nil, nil, err
	}
	id, err := readStored(a, in)
	if err != nil {
		return nil, nil, err
	}
	if !fits(l, id) {
		return nil, nil, fmt.Errorf("stored under %s, %s holds %x, which is no %s ID (its constant bits differ)", from.p.Name, explain.Shorten(in), id, l.Name)
	}
	x := answerFor(l, id, to, enc, prefix, pf)
	if x.err != nil {
		return nil, nil, x.err
	}
	return x.text, dropped(x.from, x.id, to, x.target, x.targetID), nil
}

// convertText converts one ID, read as o says (explain.Read), to the
// layout named to, written in enc (with the TypeID prefix for enc typeid).
// Two readings of the input that convert to the same text are one answer;
// readings that give different ones, or of which some convert and others
// not, make the input ambiguous: refused, with the readings named. The
// notes say what the conversion dropped, for standard error.
func convertText(in string, o explain.ReadOptions, to, enc, prefix string, pf *profiled) ([]byte, []string, error) {
	o.Agree = func(a, b *explain.Reading) bool {
		x, y := answerOf(a, to, enc, prefix, pf), answerOf(b, to, enc, prefix, pf)
		if x.err != nil || y.err != nil {
			return x.err != nil && y.err != nil
		}
		return bytes.Equal(x.text, y.text)
	}
	r, err := explain.Read(in, o)
	if err != nil {
		return nil, nil, err
	}
	a := answerOf(&r, to, enc, prefix, pf)
	var ue usageError
	switch {
	case errors.As(a.err, &ue):
		return nil, nil, a.err
	case errors.Is(a.err, errNoConversion) && o.Layout == nil:
		return nil, nil, noConversion(in, &r, to)
	case a.err != nil:
		return nil, nil, a.err
	}
	return a.text, dropped(a.from, a.id, to, a.target, a.targetID), nil
}

// errNoConversion is convert's error for a pair of layouts with no
// conversion between them.
var errNoConversion = errors.New("no conversion")

// noConversion says that an input read without -layout or -spec converts
// to no layout named to, naming the input and what it reads as, so that
// the layout named is no surprise: decimal text "175928847299117063"
// reads as discord, ..., twitter (also: snowflake) or sonyflake, and none
// of them converts.
func noConversion(in string, r *explain.Reading, to string) error {
	rs := append([]explain.Reading{*r}, r.Alike...)
	var names []string
	form := r.Form
	for _, x := range rs {
		if x.Form != form {
			form = ""
		}
	}
	for _, x := range rs {
		name := x.Name()
		if form == "" {
			name += " (in " + x.Form + ")"
		}
		names = append(names, name)
	}
	text := "text " + explain.Shorten(in)
	if form != "" {
		text = form + " " + text
	}
	switch {
	case len(rs) == 1 && (r.Form == "uuid" || r.Form == "typeid"):
		return fmt.Errorf("%w from %s to %s", errNoConversion, r.Layout, to) // UUID text is a UUID: its version names it
	case len(rs) == 1:
		return fmt.Errorf("%w from %s to %s (%s reads as %s)", errNoConversion, r.Layout, to, text, names[0])
	}
	return fmt.Errorf("%w to %s: %s reads as %s, and none of them converts to %s", errNoConversion, to, text, orList(names), to)
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
	target := explain.Alias(to)
	asked := from
	fail := func() (*layouts.Layout, []byte, error) {
		return nil, nil, fmt.Errorf("%w from %s to %s", errNoConversion, asked.Name, to)
	}
	if t, err := explain.Builtin(target); err == nil {
		target = convertsAs(t).Name
	}
	from = convertsAs(from)
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
	switch t, err := explain.Builtin(explain.Alias(to)); {
	case err == nil && explain.SameBits(t, l):
		l = t // -to twitter: a Snowflake's bits, named as asked
	case target == from.Name:
		l = asked // re-encoded: the layout read
	}
	return l, out, nil
}

// convertsAs returns the built-in layout whose conversions a layout takes:
// snowflake's for twitter, which has its bits (the layouts of the same
// bits are one, as inspect merges them); else the layout itself.
func convertsAs(l *layouts.Layout) *layouts.Layout {
	if !explain.IsBuiltin(l) {
		return l
	}
	for _, name := range []string{"snowflake"} {
		if b, err := explain.Builtin(name); err == nil && b != l && explain.SameBits(b, l) {
			return b
		}
	}
	return l
}

// fits reports whether id has the constant bits of layout l.
func fits(l *layouts.Layout, id []byte) bool {
	_, err := interp.Unpack(l, id)
	return err == nil
}
