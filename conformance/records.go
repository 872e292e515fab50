package conformance

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
)

// TextForm returns the default text form of layout l's IDs, as the
// interpreter decides it from the spec (interp.TextForm): the form its
// spec declares, else uuid for a UUID layout, decimal for a 64-bit layout
// and base62 for any other. The generated code writes the same
// (layouts.Layout.CanonicalText), which the corpus checks.
func TextForm(l *layouts.Layout) string { return interp.TextForm(l) }

// Bound returns the "bound" record of layout l at t: the interpreter's
// MinAt and MaxAt. Where no ID satisfies one of them (MaxAt before the
// first tick, MinAt after the last), that side is absent and Error is
// ErrTime. l must have a time.
func Bound(l *layouts.Layout, t time.Time) (Record, error) {
	lo, err := interp.MinAt(l, t)
	if l == nil {
		return Record{}, err
	}
	r := Record{Layout: l.Name, Kind: "bound", At: UnixNanos(t).String()}
	switch {
	case errors.Is(err, interp.ErrTime):
		r.Error = "ErrTime"
	case err != nil:
		return Record{}, err
	default:
		r.Min = hex.EncodeToString(lo)
	}
	hi, err := interp.MaxAt(l, t)
	switch {
	case errors.Is(err, interp.ErrTime) && r.Error == "":
		r.Error = "ErrTime"
	case err != nil:
		return Record{}, err // both sides: the layout has no tick at all
	default:
		r.Max = hex.EncodeToString(hi)
	}
	return r, nil
}

// MaskKey is a key and a tweak of the corpus's mask records.
type MaskKey struct{ Key, Tweak []byte }

// MaskKeys returns the keys and tweaks of the corpus's mask records: a
// 16-byte key with no tweak, and a 32-byte key with a tweak.
func MaskKeys() []MaskKey {
	return []MaskKey{
		{Key: []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
		{Key: []byte("idforge corpus key, 32 bytes lon"), Tweak: []byte("tenant-42")},
	}
}

// Masks returns the "mask" records of the IDs ids of layout l under each of
// MaskKeys(), or none when l cannot be masked (fewer than 20 or more than
// 256 free bits). ids must be IDs of l (their constant bits l's); the first
// also gives the records of what masking must refuse (see MaskRefusals).
func Masks(l *layouts.Layout, ids [][]byte) ([]Record, error) {
	var rs []Record
	for _, k := range MaskKeys() {
		key, err := maskkey.Parse(hex.EncodeToString(k.Key))
		if err != nil {
			return nil, err
		}
		m, err := mask.New(l, key, k.Tweak)
		if errors.Is(err, mask.ErrLayout) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			pub, err := m.Mask(id)
			if err != nil {
				return nil, err
			}
			rs = append(rs, Record{Layout: l.Name, Kind: "mask", Key: hex.EncodeToString(k.Key), Tweak: hex.EncodeToString(k.Tweak), Hex: hex.EncodeToString(id), Public: hex.EncodeToString(pub)})
		}
	}
	if len(ids) == 0 {
		return rs, nil
	}
	return append(rs, MaskRefusals(l, ids[0], rs[0].Public)...), nil
}

// MaskRefusals returns the "mask" records with an Error, what every
// language's masking must refuse, for layout l (which can be masked), one
// of its IDs, id, and the hex of a public form, pub, all under MaskKeys()'s
// first key:
//
//   - for each constant part of l, id with that part's bits inverted (a
//     UUIDv4 given to the UUIDv7 masker, a negative Snowflake): masking it
//     is ErrInvalid;
//   - for each run of constant bits in the public form (a UUID layout's
//     version and variant, else l's constants), pub with those bits
//     inverted: unmasking it is ErrNotMasked;
//   - id under a 15-byte key and under 16 zero bytes: ErrKey.
func MaskRefusals(l *layouts.Layout, id []byte, pub string) []Record {
	k := MaskKeys()[0]
	rec := func(key []byte) Record {
		return Record{Layout: l.Name, Kind: "mask", Key: hex.EncodeToString(key), Tweak: hex.EncodeToString(k.Tweak)}
	}
	var rs []Record
	for _, p := range l.Parts {
		if p.Role != layouts.Const {
			continue
		}
		r := rec(k.Key)
		r.Hex, r.Error = hex.EncodeToString(invertBits(id, p.Offset, p.Width)), "ErrInvalid"
		rs = append(rs, r)
	}
	s, _ := mask.ShapeOf(l) // l can be masked
	pb, _ := hex.DecodeString(pub)
	for _, run := range constRuns(s.PubMask) {
		r := rec(k.Key)
		r.Public, r.Error = hex.EncodeToString(invertBits(pb, run[0], run[1])), "ErrNotMasked"
		rs = append(rs, r)
	}
	for _, key := range [][]byte{k.Key[:15], make([]byte, 16)} {
		r := rec(key)
		r.Hex, r.Error = hex.EncodeToString(id), "ErrKey"
		rs = append(rs, r)
	}
	return rs
}

// invertBits returns a copy of b with its bits [off, off+width) inverted,
// bit 0 the most significant of b[0].
func invertBits(b []byte, off, width int) []byte {
	out := slices.Clone(b)
	for i := off; i < off+width; i++ {
		out[i/8] ^= 0x80 >> (i % 8)
	}
	return out
}

// constRuns returns the runs of ones in m as (offset, width) pairs.
func constRuns(m []byte) [][2]int {
	var rs [][2]int
	for i := 0; i < len(m)*8; i++ {
		if m[i/8]>>(7-i%8)&1 == 0 {
			continue
		}
		j := i
		for j < len(m)*8 && m[j/8]>>(7-j%8)&1 == 1 {
			j++
		}
		rs = append(rs, [2]int{i, j - i})
		i = j
	}
	return rs
}

// UnixNanos returns t as nanoseconds since the Unix epoch, as the corpus
// writes times.
func UnixNanos(t time.Time) *big.Int {
	ns := new(big.Int).Mul(big.NewInt(t.Unix()), big.NewInt(1e9))
	return ns.Add(ns, big.NewInt(int64(t.Nanosecond())))
}

// encodeText writes b in layout l's canonical text form, as the
// interpreter writes it.
func encodeText(l *layouts.Layout, b []byte) (string, error) {
	s, err := interp.Format(l, b)
	if err != nil {
		return "", fmt.Errorf("conformance: %w", err)
	}
	return s, nil
}

// ID returns the "id" record of the ID of layout l whose bytes are b: its
// encodings, its fields (read even where its constants differ), its
// validity and its time, every one worked out by the interpreter, which
// shares no code with package resolved or the encodings' codecs that the
// corpus checks. A nil l is an error matching interp.ErrNoLayout, and
// bytes of another length than l's IDs one matching interp.ErrLength.
func ID(l *layouts.Layout, b []byte) (Record, error) {
	if l == nil {
		return Record{}, fmt.Errorf("conformance: %w", interp.ErrNoLayout)
	}
	if len(b) != l.Bytes() {
		return Record{}, fmt.Errorf("conformance: %w: %s is %d bytes, got %d", interp.ErrLength, l.Name, l.Bytes(), len(b))
	}
	r := Record{Layout: l.Name, Kind: "id", Hex: hex.EncodeToString(b), Fields: map[string]string{}}
	var err error
	for _, f := range []struct {
		dst  *string
		form string
	}{{&r.Base62, "base62"}, {&r.Crockford, "crockford"}, {&r.Text, interp.TextForm(l)}} {
		if *f.dst, err = interp.Encode(l, f.form, b); err != nil {
			return Record{}, fmt.Errorf("conformance: %w", err)
		}
	}
	_, err = interp.Unpack(l, b)
	valid := err == nil
	if err != nil && !errors.Is(err, interp.ErrConstant) {
		return r, err
	}
	r.Valid = &valid
	// The fields of an ID whose constants differ are read all the same.
	fields, err := interp.Fields(l, b)
	if err != nil {
		return r, err
	}
	for _, f := range l.Fields {
		x := fields[f.Name]
		if f.Bytes {
			r.Fields[f.Name] = hex.EncodeToString(x.FillBytes(make([]byte, f.Width/8)))
		} else {
			r.Fields[f.Name] = x.String()
		}
	}
	if _, ok := l.Value(layouts.Time); ok {
		ns, err := interp.UnixNanos(l, b)
		if err != nil {
			return r, err
		}
		r.UnixNs = ns.String()
	}
	return r, nil
}

// Aliases returns "alias" records: text of the ID of layout l whose bytes
// are b that a form reads though its writer never writes it, each with
// the ID it reads as (Hex) and what the form writes of that ID (Text):
// Crockford text with its aliases (I and L for 1, O for 0, as the
// encoding's declaration says) in mixed case, as form "crockford", and as
// form "text" where the layout's canonical text is an encoding with
// aliases. It returns none when the text of b has no digit that an alias
// stands for, or when b is not an ID of l.
func Aliases(l *layouts.Layout, b []byte) []Record {
	if l == nil || len(b) == 0 || len(b) != l.Bytes() {
		return nil
	}
	var rs []Record
	add := func(form, name string) {
		spec, err := interp.Alphabet(l, name)
		if err != nil || spec.Aliases == "" {
			return
		}
		canonical, err := interp.Encode(l, name, b)
		if err != nil {
			panic(fmt.Sprintf("conformance: %s: %s of %x: %v", l.Name, name, b, err)) // any bytes of the layout's size encode
		}
		digits := len(canonical)
		if spec.Check {
			digits-- // the check symbol stays as written
		}
		// Each digit that has aliases is written as one of them, in turn,
		// and every other letter in lower case, where the encoding folds
		// case: the whole of Crockford's rules in one text.
		var as []string // per digit, its aliases
		for i := 0; i+1 < len(spec.Aliases); i += 2 {
			d := int(spec.Aliases[i+1])
			for len(as) <= d {
				as = append(as, "")
			}
			as[d] += spec.Aliases[i : i+1]
		}
		out := []byte(canonical)
		n := 0
		for i := 0; i < digits; i++ {
			c := int(out[i])
			switch {
			case c < len(as) && as[c] != "":
				a := as[c][n%len(as[c])]
				if spec.Fold && n%2 == 1 {
					a |= 0x20 // lower case
				}
				out[i] = a
				n++
			case spec.Fold && 'A' <= c && c <= 'Z':
				out[i] |= 0x20
			}
		}
		if n == 0 {
			return
		}
		if got, err := interp.Decode(l, name, string(out)); err != nil || !bytes.Equal(got, b) {
			panic(fmt.Sprintf("conformance: alias text %q of %x reads as %x, %v", out, b, got, err)) // the encoding's own rule
		}
		rs = append(rs, Record{Layout: l.Name, Kind: "alias", Form: form, Input: string(out), Hex: hex.EncodeToString(b), Text: canonical})
	}
	add("crockford", "crockford")
	add("text", interp.TextForm(l)) // none where it is uuid or decimal text
	return rs
}

// Alias returns the "alias" record of text input in form ("crockford", or
// "text" for the layout's canonical text) of layout l: the ID the form's
// encoding reads it as and the canonical text it writes of that ID. It is
// for published texts that use aliases, tsid-creator's among them; input
// that does not read is an error.
func Alias(l *layouts.Layout, form, input string) (Record, error) {
	name := form
	if form == "text" {
		name = interp.TextForm(l)
	}
	b, err := interp.Decode(l, name, input)
	if err != nil {
		return Record{}, fmt.Errorf("conformance: %s: %s %q: %w", l.Name, form, input, err)
	}
	text, err := interp.Encode(l, name, b)
	if err != nil {
		return Record{}, fmt.Errorf("conformance: %s: %s of %x: %w", l.Name, name, b, err)
	}
	return Record{Layout: l.Name, Kind: "alias", Form: form, Input: input, Hex: hex.EncodeToString(b), Text: text}, nil
}

// Bad returns "bad" records: inputs made from the ID of layout l whose
// bytes are b, each with the error kind the reference codecs give it. It
// returns none when b is not an ID of l (a nil l, or bytes of another
// length), or when l's text names no encoding (a layout made by hand).
func Bad(l *layouts.Layout, b []byte) []Record {
	if l == nil || len(b) == 0 || len(b) != l.Bytes() {
		return nil
	}
	if _, err := interp.Encode(l, TextForm(l), b); err != nil {
		return nil
	}
	text := TextForm(l)
	var rs []Record
	seen := map[string]bool{}
	// add records input in form (base62, crockford, hex, or text: the
	// layout's own encoding, when it is none of those), read as the
	// encoding name, with the kind of error the interpreter's reader
	// gives it.
	add := func(form, name, input string) {
		if seen[form+" "+input] { // a short ID's changes can coincide
			return
		}
		seen[form+" "+input] = true
		_, err := interp.Decode(l, name, input)
		var kind string
		switch {
		case errors.Is(err, interp.ErrLength):
			kind = "ErrLength"
		case errors.Is(err, interp.ErrSyntax):
			kind = "ErrSyntax"
		case errors.Is(err, interp.ErrOverflow):
			kind = "ErrOverflow"
		case err == nil:
			return // the change spelled another ID (a '-' is a Firebase digit)
		default:
			panic(err) // the form is the layout's: it resolves
		}
		r := Record{Layout: l.Name, Kind: "bad", Form: form, Input: input, Error: kind}
		if se := (*interp.SyntaxError)(nil); errors.As(err, &se) {
			r.Pos = &se.Pos
		}
		rs = append(rs, r)
	}
	// The forms every language reads by name, and the layout's own text
	// when it is none of them (nor uuid or decimal, below), read by its
	// parser as form "text".
	forms := [][2]string{{"base62", "base62"}, {"crockford", "crockford"}, {"hex", "hex"}}
	if text != "uuid" && text != "decimal" && !slices.ContainsFunc(forms, func(f [2]string) bool { return f[1] == text }) {
		forms = append(forms, [2]string{"text", text})
	}
	for _, f := range forms {
		form, name := f[0], f[1]
		sp, err := interp.Alphabet(l, name) // built in, or the layout's text, which resolves
		if err != nil {
			return nil
		}
		s, _ := interp.Encode(l, name, b)
		add(form, name, s[1:])
		add(form, name, s+"0")
		add(form, name, replace(s, 3, "!"))
		add(form, name, replace(s, 2, "é")) // two bytes for one: a length Go never reads
		add(form, name, replace(s, 5, "-"))
		if name == "crockford" {
			add(form, name, replace(s, 4, "U"))
			add(form, name, replace(s, 4, "l"))
		}
		digits := sp.Digits
		top := digits[len(digits)-1:]
		if t := strings.Repeat(top, interp.TextWidth(sp, l.Bytes())); !sp.Check {
			if _, err := interp.Decode(l, name, t); err != nil { // above the largest ID, where the width holds more
				add(form, name, t)
			}
		}
		if sp.Bits || sp.Check {
			// The last character changed to every other digit: padding
			// bits set, or a check symbol that does not match.
			for i := 0; i < len(digits); i++ {
				if t := replace(s, len(s)-1, digits[i:i+1]); t != s {
					if _, err := interp.Decode(l, name, t); err != nil {
						add(form, name, t)
						break
					}
				}
			}
		}
	}
	rs = append(rs, Record{Layout: l.Name, Kind: "bad", Form: "bytes", Input: hex.EncodeToString(b[1:]), Error: "ErrLength"})
	if text == "uuid" {
		s, _ := encodeText(l, b)
		for _, c := range []struct {
			input, kind string
			pos         int // of ErrSyntax
		}{
			{s[1:], "ErrLength", 0},
			{s + "0", "ErrLength", 0},
			{s[:8] + "x" + s[9:], "ErrSyntax", 8},
			{s[:10] + "g" + s[11:], "ErrSyntax", 10},
			{"{" + s + ")", "ErrSyntax", 37},
			{"[" + s + "}", "ErrSyntax", 0},
			{"urn:uuix:" + s, "ErrSyntax", 7},
			{strings.ReplaceAll(s, "-", ""), "", 0},
			{"URN:UUID:" + strings.ToUpper(s), "", 0},
			{" " + s[1:], "ErrSyntax", 0},
		} {
			if c.kind != "" {
				r := Record{Layout: l.Name, Kind: "bad", Form: "text", Input: c.input, Error: c.kind}
				if c.kind == "ErrSyntax" {
					r.Pos = &c.pos
				}
				rs = append(rs, r)
			}
		}
	}
	if text == "decimal" {
		rs = append(rs, badDecimal(l, b)...)
	}
	return rs
}

// badDecimal returns the "bad" records of decimal text, made from the
// digits of the ID whose bytes are b and from their first half (so that a
// character more is still no more than 20), each with the error kind
// DecimalError gives it for the layout. Decimal text is unsigned in every
// layout: a '-' is a bad character, so that negative inputs, "-1" and the
// ID's own digits after a '-' among them, are bad everywhere; where the
// top bit is a constant zero, so is a number of 2^63 or more.
func badDecimal(l *layouts.Layout, b []byte) []Record {
	digits := strconv.FormatUint(binary.BigEndian.Uint64(b), 10)
	half := digits[:(len(digits)+1)/2]
	inputs := []string{
		"", "-0", strconv.FormatUint(1<<63, 10), strings.Repeat("9", 20), strings.Repeat("9", 21),
		"18446744073709551616", "-", "-1", "-9223372036854775808", "-9223372036854775809",
	}
	for _, d := range []string{digits, half} {
		inputs = append(inputs,
			"+"+d, " "+d, d+" ", "0"+d,
			replace(d, 3, "!"),
			replace(d, 2, "é"), // two bytes for one: Go counts bytes
			replace(d, 1, "٣"), // a digit, in Arabic-Indic: not one of 0-9
			"-"+d, "-0"+d, "--"+d,
		)
	}
	var rs []Record
	seen := map[string]bool{}
	for _, s := range inputs {
		if kind := DecimalError(s, interp.Wide(l)); kind != "" && !seen[s] { // a short ID's changes can coincide
			seen[s] = true
			r := Record{Layout: l.Name, Kind: "bad", Form: "text", Input: s, Error: kind}
			if kind == "ErrSyntax" {
				// A leading zero, else the first byte that is no digit.
				pos := 0
				if s[0] != '0' {
					pos = strings.IndexFunc(s, func(c rune) bool { return c < '0' || c > '9' })
				}
				r.Pos = &pos
			}
			rs = append(rs, r)
		}
	}
	return rs
}

// DecimalError returns the kind of error that reading s as decimal text
// of a layout gives; wide says that the layout's top bit is not a
// constant zero (interp.Wide, as resolved.Text.Signed), so that its IDs run to 2^64-1. It
// is "" for canonical decimal, the unsigned number an ID's 64 bits hold:
// 1 to 19 digits (20 if wide) with no sign and no leading zeros, whose
// value is at most 2^63-1 (2^64-1 if wide). It is the rule that every
// language's parser of decimal text follows, checked in the order in
// which Go's generated parsers check it: ErrLength for text of no bytes
// or more than 19 (20), a '-' counted as any byte; ErrSyntax for a
// leading zero, then for a byte that is not a digit, a '-' included;
// ErrOverflow for a value above the largest.
func DecimalError(s string, wide bool) string {
	most := 19
	if wide {
		most = 20
	}
	switch {
	case len(s) == 0 || len(s) > most:
		return "ErrLength"
	case s[0] == '0' && len(s) > 1:
		return "ErrSyntax"
	case strings.Trim(s, "0123456789") != "":
		return "ErrSyntax"
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n>>63 != 0 && !wide {
		return "ErrOverflow" // digits only, so out of range
	}
	return ""
}

// replace returns s with its character at i, or its last if it is
// shorter, replaced by c.
func replace(s string, i int, c string) string {
	i = min(i, len(s)-1)
	return s[:i] + c + s[i+1:]
}

// Order returns the "order" record of layout l: the IDs ids, and the IDs
// where an order that is not unsigned byte order goes wrong (zero, the
// largest, each side of the top bit, each side of a carry out of the last
// byte, each side of the top bit of every later 32-bit word), sorted as unsigned bytes with duplicates dropped. Every
// language's compare must put them in this order; Java's UUID.compareTo,
// which compares signed longs, would not.
func Order(l *layouts.Layout, ids [][]byte) Record {
	n := l.Bytes()
	edge := func(first byte, rest byte, last byte) []byte {
		b := bytes.Repeat([]byte{rest}, n)
		b[0] = first
		b[n-1] = last
		return b
	}
	all := [][]byte{
		make([]byte, n),
		bytes.Repeat([]byte{0xff}, n),
		edge(0x7f, 0xff, 0xff), edge(0x80, 0x00, 0x00),
		edge(0x00, 0x00, 0x01), edge(0x00, 0x00, 0xff),
	}
	if n > 1 {
		b := make([]byte, n)
		b[n-2] = 1
		all = append(all, b)
	}
	// Each side of the top bit of every 32-bit word after the first, the
	// rest of the ID zero: where an order by signed 64-bit halves (Java's
	// UUID.compareTo) or by signed 32-bit words goes wrong, though the
	// first word is the same.
	for w := 4; w < n; w += 4 {
		lo, hi := make([]byte, n), make([]byte, n)
		lo[w], hi[w] = 0x7f, 0x80
		for i := w + 1; i < n; i++ {
			lo[i] = 0xff
		}
		all = append(all, lo, hi)
	}
	all = append(all, ids...)
	slices.SortFunc(all, bytes.Compare)
	all = slices.CompactFunc(all, bytes.Equal)
	r := Record{Layout: l.Name, Kind: "order"}
	for _, b := range all {
		r.IDs = append(r.IDs, hex.EncodeToString(b))
	}
	return r
}

// Sequence returns the "sequence" record of layout l, which has a time,
// for the scenario (Steady, Frozen or StepBack) starting at start: the
// clock's readings, one for each ID a generator makes, and the start of
// each reading's tick (the tick it falls in, exactly: interp.Ticks), as an
// ID's time reads, rounded down to the nanosecond (interp.TicksTime). A steady clock moves on by
// 1.5 ms, or by the tick if that is longer, so that every ID is of a tick
// of its own, for 16 IDs; a frozen one stays at start for 32 IDs; one that
// steps back goes back by 0, 7 or 14 seconds in turn, 20 times. It is the
// interpreter's error when a reading is outside the layout's time.
func Sequence(l *layouts.Layout, scenario string, start time.Time) (Record, error) {
	v, ok := l.Value(layouts.Time)
	if !ok {
		return Record{}, fmt.Errorf("conformance: %w: %s", interp.ErrNoTime, l.Name)
	}
	var clock []time.Time
	switch scenario {
	case Steady:
		step := 1500 * time.Microsecond
		tick, whole := v.Unit.Nanos()
		if !whole {
			tick++ // a tick of no whole nanoseconds, rounded up
		}
		if tick > uint64(step) {
			step = time.Duration(tick)
		}
		for i := range 16 {
			clock = append(clock, start.Add(time.Duration(i)*step))
		}
	case Frozen:
		for range 32 {
			clock = append(clock, start)
		}
	case StepBack:
		at := start
		clock = append(clock, at)
		for i := range 20 {
			at = at.Add(-time.Duration(i%3) * 7 * time.Second)
			clock = append(clock, at)
		}
	default:
		return Record{}, fmt.Errorf("conformance: no scenario %q", scenario)
	}
	r := Record{Layout: l.Name, Kind: "sequence", Scenario: scenario}
	for _, t := range clock {
		k, err := interp.Ticks(v, t)
		if err != nil {
			return Record{}, err
		}
		r.Clock = append(r.Clock, UnixNanos(t).String())
		r.Times = append(r.Times, UnixNanos(interp.TicksTime(v, k)).String())
	}
	return r, nil
}

// Valid returns the "valid" records of layout l: text, each with whether
// isValid must be true of it, made from the IDs ids of l (at least one of
// them with l's constant bits, if l has any; the last such is the good ID
// the changes below are made to). isValid(text) is true when
// parse reads the text and the ID it reads has l's constant bits: every
// language's check of text means this, and never throws. The records hold
// the canonical text of each of ids; for each constant part of l (a
// version, a variant), a good ID's text with that part changed to each
// other value it can hold (every other value up to 4 bits, else the bits
// inverted), so that a UUIDv7 check meets the text of every other UUID
// version and variant; for a UUID layout, the other forms parse reads
// (32 hex digits, braces, URN, upper case); and text parse refuses (a
// character short, one too many, a bad character, the empty text, a
// number above the largest ID), with the error kind it gives. Validity and
// every error kind are the interpreter's. It returns none for a nil l or
// a layout whose text names no encoding.
func Valid(l *layouts.Layout, ids [][]byte) ([]Record, error) {
	if l == nil {
		return nil, nil
	}
	text := TextForm(l)
	var good []byte
	for _, b := range ids {
		if len(b) != l.Bytes() {
			return nil, fmt.Errorf("conformance: %w: %s is %d bytes, got %d", interp.ErrLength, l.Name, l.Bytes(), len(b))
		}
		if _, err := interp.Unpack(l, b); err == nil {
			good = b // the last, an ID the generator or a name made, rather than zero
		}
	}
	if good == nil {
		return nil, fmt.Errorf("conformance: %s: no ID with the layout's constant bits to make valid records of", l.Name)
	}
	if _, err := interp.Encode(l, text, good); err != nil {
		return nil, nil
	}
	var rs []Record
	seen := map[string]bool{}
	// add records input, read as the layout's canonical text by the
	// interpreter: valid when it reads and its constant bits are l's.
	add := func(input string) error {
		if seen[input] {
			return nil
		}
		seen[input] = true
		r := Record{Layout: l.Name, Kind: "valid", Input: input}
		b, err := interp.Decode(l, text, input)
		if text == "decimal" {
			// Decimal text's errors are checked in the order of the
			// corpus's rule for them (DecimalError), as its bad records'.
			if kind := DecimalError(input, interp.Wide(l)); kind != "" {
				f := false
				rs = append(rs, Record{Layout: l.Name, Kind: "valid", Input: input, Valid: &f, Error: kind})
				return nil
			}
		}
		switch {
		case err == nil:
			_, cerr := interp.Unpack(l, b)
			if cerr != nil && !errors.Is(cerr, interp.ErrConstant) {
				return cerr
			}
			valid := cerr == nil
			r.Valid = &valid
		case errors.Is(err, interp.ErrLength):
			r.Error = "ErrLength"
		case errors.Is(err, interp.ErrSyntax):
			r.Error = "ErrSyntax"
		case errors.Is(err, interp.ErrOverflow):
			r.Error = "ErrOverflow"
		default:
			return err
		}
		if r.Valid == nil {
			f := false
			r.Valid = &f
		}
		rs = append(rs, r)
		return nil
	}
	// addForm records another form of the ID whose bytes are b, one that
	// parse reads though the interpreter's text is only the canonical
	// one: valid as the canonical text is.
	addForm := func(input string, b []byte) {
		if seen[input] {
			return
		}
		seen[input] = true
		_, err := interp.Unpack(l, b)
		valid := err == nil
		rs = append(rs, Record{Layout: l.Name, Kind: "valid", Input: input, Valid: &valid})
	}
	var changed [][]byte
	for _, p := range l.Parts {
		if p.Role != layouts.Const {
			continue
		}
		if p.Width > 4 {
			changed = append(changed, invertBits(good, p.Offset, p.Width))
			continue
		}
		for v := range uint64(1) << p.Width {
			if v != p.Const {
				changed = append(changed, setBits(good, p.Offset, p.Width, v))
			}
		}
	}
	for _, b := range append(slices.Clone(ids), changed...) {
		s, _ := interp.Encode(l, text, b) // any bytes of the layout's size encode
		if err := add(s); err != nil {
			return nil, err
		}
	}
	s, _ := interp.Encode(l, text, good)
	if text == "uuid" {
		forms := [][]byte{good}
		if len(changed) > 0 {
			forms = append(forms, changed[0]) // another version's text in each form too
		}
		for _, b := range forms {
			u, _ := interp.Encode(l, text, b)
			h := strings.ReplaceAll(u, "-", "")
			for _, f := range []string{h, strings.ToUpper(u), "{" + u + "}", "urn:uuid:" + u, "URN:UUID:" + strings.ToUpper(u)} {
				addForm(f, b)
			}
		}
	}
	bad := []string{"", s[1:], s + "0", replace(s, 3, "!"), " " + s, s + "\n"}
	if sp, err := interp.Alphabet(l, text); err == nil && !sp.Check {
		if t := strings.Repeat(sp.Digits[len(sp.Digits)-1:], interp.TextWidth(sp, l.Bytes())); t != "" {
			bad = append(bad, t) // above the largest ID, where the width holds more
		}
	}
	if text == "decimal" {
		bad = append(bad, "18446744073709551616", "9223372036854775808", "-1", "+"+s, "0"+s)
	}
	for _, in := range bad {
		if err := add(in); err != nil {
			return nil, err
		}
	}
	return rs, nil
}

// setBits returns a copy of b with its bits [off, off+width) set to v, bit
// 0 the most significant of b[0].
func setBits(b []byte, off, width int, v uint64) []byte {
	out := slices.Clone(b)
	for i := 0; i < width; i++ {
		bit := byte(v >> (width - 1 - i) & 1)
		j := off + i
		out[j/8] = out[j/8]&^(0x80>>(j%8)) | bit<<(7-j%8)
	}
	return out
}

// BadNames returns the names of the "bad-name" records: text that is not
// valid Unicode, as UTF-16 code units, each with a surrogate that is not
// half of a pair (a lone high or low one, one at the end of the text, a
// low one before a high one).
func BadNames() [][]uint16 {
	return [][]uint16{
		{0xd800},
		{'a', 0xdc00, 'b'},
		{'w', 'w', 'w', '.', 'e', 'x', 'a', 'm', 'p', 'l', 'e', '.', 'c', 'o', 'm', 0xd83e},
		{0xdeab, 0xd83e},
	}
}

// BadNameRecords returns the "bad-name" records of a name-based layout l
// (one with a hash role; none for another layout): for each of BadNames() in
// the DNS name space, fromName with the name as text, a string of those
// UTF-16 code units, fails with ErrType, in every language whose strings
// can hold it (JavaScript's, Java's, Python's str). Input is the name's
// code points in UTF-8's scheme, each lone surrogate as the three bytes
// it would take (WTF-8), which no UTF-8 decoder accepts; Hex is the ID
// that hashing those bytes as a name of bytes gives (interp.Hash): a name
// given as bytes (a Go string, Python bytes, a Java byte[], a JavaScript
// Uint8Array) is hashed as it is, never checked or changed.
func BadNameRecords(l *layouts.Layout) ([]Record, error) {
	if l == nil {
		return nil, nil
	}
	if _, ok := l.Value(layouts.Hash); !ok {
		return nil, nil
	}
	ns := []byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8} // RFC 9562's DNS name space
	var rs []Record
	for _, units := range BadNames() {
		b := wtf8(units)
		if utf8.Valid(b) {
			return nil, fmt.Errorf("conformance: bad name %x is valid UTF-8", b)
		}
		id, err := interp.Hash(l, append(slices.Clone(ns), b...))
		if err != nil {
			return nil, err
		}
		rs = append(rs, Record{Layout: l.Name, Kind: "bad-name", Namespace: hex.EncodeToString(ns), UTF16: slices.Clone(units), Input: hex.EncodeToString(b), Hex: hex.EncodeToString(id), Error: "ErrType"})
	}
	return rs, nil
}

// wtf8 returns UTF-16 code units as bytes in UTF-8's scheme: a pair of
// surrogates as the code point they make, any other unit (a lone
// surrogate included) as the code point of its value.
func wtf8(units []uint16) []byte {
	var b []byte
	for i := 0; i < len(units); i++ {
		c := rune(units[i])
		if utf16.IsSurrogate(c) && c < 0xdc00 && i+1 < len(units) && 0xdc00 <= units[i+1] && units[i+1] < 0xe000 {
			b = utf8.AppendRune(b, utf16.DecodeRune(c, rune(units[i+1])))
			i++
			continue
		}
		if utf16.IsSurrogate(c) {
			b = append(b, 0xe0|byte(c>>12), 0x80|byte(c>>6&0x3f), 0x80|byte(c&0x3f))
			continue
		}
		b = utf8.AppendRune(b, c)
	}
	return b
}
