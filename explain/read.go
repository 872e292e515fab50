package explain

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/typeid"
)

// The one reader of text: every command of idforge that reads IDs (inspect,
// convert, mask, unmask) and the playground read through ReadOptions.
// Readings lists every way a text reads, for inspect, which only shows;
// Read takes one, or refuses the text when it reads as different IDs.
//
// A reading is a layout, a form (uuid, typeid, decimal or an encoding's
// name) in which the text decodes to as many bytes as the layout has, and
// those bytes; the layout's constant bits must match (for a public form,
// o.Public says what fits). Read takes a text so:
//
//  1. The readings tried. With o.Layout (-layout, -spec), only its forms
//     (FormsOf), and a reading in its canonical form is the answer: a
//     Snowflake's decimal before the hex that 16 digits also are. With
//     o.From (-from), only that form ("canonical": each layout's own).
//     Without either, every layout in every form, but text in a UUID form
//     (36 characters, 32 hex digits, braces, urn:uuid:) or a TypeID with a
//     prefix reads in that form only, and as a UUID only: an RFC 9562
//     layout, the Nil or Max UUID, else a raw UUID.
//  2. Time. A reading whose time is before PlausibleFrom or not before
//     PlausibleTo yields to any reading with a time inside them or none
//     (not for a public form, whose bits are masked).
//  3. How the text is written. A reading yields to one of other bytes
//     that reads the text exactly as its form writes it, where it reads
//     the text only by folding its letters' case (upper-case Crockford
//     read as Base36, which writes lower case), unless it is in its
//     layout's canonical form and the other is not (a lower-case ULID is
//     two readings, not base32hex). And a reading yields to one of other
//     bytes when its form writes text made only of characters the
//     other's form reads by a chance below 2^-30 (unlikelyText): 19
//     digits are a decimal ID, not 12 bytes of Base36.
//  4. Meaning. Of readings of the same bytes as layouts of other bits,
//     the one whose constants match four or more bits more stays (a
//     UUID's version and variant, beside a ULID, which any 16 bytes are),
//     else the one in its layout's canonical form, else in a Universal
//     form, beside one in any other.
//  5. What is left are the text's IDs. Readings of the same bytes as one
//     layout, as layouts of the same bits (twitter and snowflake) or as a
//     layout and its variant (uuidv7 and uuidv7-subms) are one ID; so are
//     two IDs that o.Agree finds give the caller the same answer (a
//     re-encoding to hex writes the same bytes, whichever Snowflake-style
//     layout read them). One ID is the answer; several are refused with
//     an *AmbiguousError that names each: its form, layout, canonical text
//     and time.
//
// Readings of different bytes are never chosen among by how likely each
// is: steps 2 and 3 drop a reading only where no text -enc writes, of an
// ID of a plausible time, is read so, but by a chance below 2^-30. So no
// such text is read as another ID than the one written: it is refused
// instead. The price is refusals: a Base62 text that
// Base58 also decodes to a plausible ID is two IDs, and -from says which.
type ReadOptions struct {
	// Layout, when not nil, is the only layout tried: -layout or -spec.
	Layout *layouts.Layout
	// From, when not "", is the only form tried: uuid, typeid, decimal,
	// canonical (each layout's own) or an encoding's name, built in or
	// declared by Layout's spec. CheckFrom says whether it is one.
	From string
	// Public, when not nil, reads public forms (Private IDs) of Layout,
	// which it needs: Layout's constant bits are not checked, and the
	// bytes fit when Public says so.
	Public func(id []byte) bool
	// Agree, when not nil, reports whether two IDs the text reads as give
	// the caller the same answer, so that the text is not ambiguous to it.
	Agree func(a, b *Reading) bool
}

// A Reading is the ID Read takes a text to be: its likeliest reading, the
// readings of the same ID by other layouts, and the other IDs that
// ReadOptions.Agree found alike.
type Reading struct {
	Candidate
	// Same are the readings of the same bytes as layouts with the same
	// bits or variants of the layout (snowflake of twitter; uuidv7-subms
	// of uuidv7), likeliest first. Candidate.Also names those of the same
	// bits.
	Same []Candidate
	// Alike are the other IDs of the text that Agree made one with this.
	Alike []Reading
}

// Layouts names the layouts of a reading: its own, then those of the same
// bits (Also), not its variants.
func (r *Reading) Layouts() []string {
	return append([]string{r.Layout}, r.Also...)
}

// Name names a reading's layout as inspect does: "twitter (also:
// snowflake)".
func (r *Reading) Name() string {
	if len(r.Also) == 0 {
		return r.Layout
	}
	return r.Layout + " (also: " + strings.Join(r.Also, ", ") + ")"
}

// AmbiguousError is Read's error for a text that reads as several IDs.
type AmbiguousError struct {
	Input string
	// Readings are the IDs the text reads as, likeliest first: one per
	// ID, those that ReadOptions.Agree found alike included.
	Readings []Reading
	// Layout: the layout was given, so only -from can pick.
	Layout bool
}

// ErrAmbiguous matches an *AmbiguousError.
var ErrAmbiguous = errors.New("explain: the text reads as several IDs")

// Is makes errors.Is(err, ErrAmbiguous) true.
func (e *AmbiguousError) Is(target error) bool { return target == ErrAmbiguous }

// Hint says which flag picks one of the readings: -from when they differ
// in their forms, -layout when in their layouts.
func (e *AmbiguousError) Hint() string {
	forms, names := map[string]bool{}, map[string]bool{}
	for _, r := range e.Readings {
		forms[r.Form] = true
		names[r.Layout] = true
	}
	switch {
	case e.Layout || len(names) == 1:
		return "-from ENCODING picks one"
	case len(forms) == 1:
		return "-layout NAME picks one"
	}
	return "-from ENCODING or -layout NAME picks one"
}

// Error names the readings one a line, as git rev-parse names the objects
// an ambiguous short hash could be: each form, layout (and those of the
// same bits), the ID in the layout's canonical text, and its time.
func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q is ambiguous: it reads as %d different IDs; %s:", e.Input, len(e.Readings), e.Hint())
	for _, r := range e.Readings {
		b.WriteString("\n  " + r.Describe())
	}
	return b.String()
}

// Describe writes a reading in a line: "base58 as uuidv7:
// 01a21a24-27f2-72ba-b0ae-638605826512 (2025-04-01T10:00:00Z)".
func (r *Reading) Describe() string {
	s := r.Form + " as " + r.Name() + ": " + CanonicalText(&r.Candidate)
	if r.Time != "" {
		s += " (" + r.Time + ")"
	}
	return s
}

// CanonicalText writes a reading's ID in its layout's canonical text.
func CanonicalText(c *Candidate) string {
	f, err := Formatter(c.Model, "canonical")
	if err != nil {
		return fmt.Sprintf("%x", c.ID)
	}
	return string(f(nil, c.ID))
}

// ErrNoReading matches Read's error for a text that does not read at all.
var ErrNoReading = errors.New("explain: the text is not an ID")

// ReadError is Read's error for a text with no reading.
type ReadError struct {
	Input  string
	Layout *layouts.Layout // as asked for, or nil
	From   string          // as asked for, or ""
	// Forms are those the text decodes in to Layout's size, when it was
	// given, though the bytes do not fit (its constant bits, or Public);
	// Err says why the first does not.
	Forms []string
	Err   error
}

// Is makes errors.Is(err, ErrNoReading) true.
func (e *ReadError) Is(target error) bool { return target == ErrNoReading }

func (e *ReadError) Error() string {
	in := ""
	if e.From != "" {
		in = " in " + e.From
	}
	switch {
	case e.Layout == nil && e.From == "":
		return fmt.Sprintf("%q is not an ID idforge can read: no layout fits its length, alphabet and constant bits%s", e.Input, TypeIDReason(e.Input))
	case e.Layout == nil:
		return fmt.Sprintf("%q is not an ID%s: no layout fits its length, alphabet and constant bits", e.Input, in)
	case len(e.Forms) > 0 && e.Err != nil:
		return fmt.Sprintf("%q is not a %s ID: %v", e.Input, e.Layout.Name, e.Err)
	case len(e.Forms) > 0:
		return fmt.Sprintf("%q is not a %s ID (read as %s)", e.Input, e.Layout.Name, orWords(e.Forms))
	}
	return fmt.Sprintf("%q is not an ID of layout %s%s", e.Input, e.Layout.Name, in)
}

// CheckFrom reports whether from names a form IDs of l (any layout, when l
// is nil) are written in, as -from takes it; the error lists the forms.
func CheckFrom(from string, l *layouts.Layout) error {
	if from == "" || from == "canonical" {
		return nil
	}
	if l == nil {
		if slices.Contains(writeEncodings, from) {
			return nil
		}
		return encodingError(fmt.Sprintf("unknown encoding %q for -from (want one of %s)", from, strings.Join(writeEncodings, ", ")))
	}
	forms := FormsOf(l)
	if slices.Contains(forms, from) {
		return nil
	}
	if slices.Contains(writeEncodings, from) || slices.ContainsFunc(l.Encodings, func(s encodings.Spec) bool { return s.Name == from }) {
		return encodingError(fmt.Sprintf("%s IDs (%s) are never written in %s (want one of canonical, %s)", l.Name, byteCount(l.Bytes()), from, strings.Join(forms, ", ")))
	}
	return encodingError(fmt.Sprintf("unknown encoding %q for -from (want one of canonical, %s)", from, strings.Join(forms, ", ")))
}

// FormsOf lists the forms IDs of a layout are written in (what -enc
// writes, less canonical), its canonical form first: uuid for 16 bytes,
// typeid for UUIDs, decimal for 8 bytes, the encodings its spec declares,
// and every built-in encoding that writes IDs of its size.
func FormsOf(l *layouts.Layout) []string {
	if l == nilUUID || l == maxUUID || l == rawUUID || IsBuiltin(l) {
		builtinForms.Lock()
		defer builtinForms.Unlock()
		if f, ok := builtinForms.m[l]; ok {
			return slices.Clone(f)
		}
		if builtinForms.m == nil {
			builtinForms.m = map[*layouts.Layout][]string{}
		}
		builtinForms.m[l] = formsOf(l)
		return slices.Clone(builtinForms.m[l])
	}
	return formsOf(l)
}

// builtinForms holds the forms of the layouts no one changes: the
// built-ins and the Nil, Max and raw UUIDs.
var builtinForms struct {
	sync.Mutex
	m map[*layouts.Layout][]string
}

func formsOf(l *layouts.Layout) []string {
	forms := []string{Canonical(l)}
	add := func(f string) {
		if !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	if l.Bytes() == 16 {
		add("uuid")
	}
	if UUIDLike(l) {
		add("typeid")
	}
	if l.Bytes() == 8 {
		add("decimal")
	}
	for _, s := range l.Encodings {
		add(s.Name)
	}
	for _, name := range encodings.Names() {
		if e, err := l.Encoding(name); err == nil && e.EncodedLen(l.Bytes()) >= 0 {
			add(name)
		}
	}
	return forms
}

// Read reads one text as one ID, or refuses it: see ReadOptions for how.
// Its errors are an *AmbiguousError (matching ErrAmbiguous) and a
// *ReadError (matching ErrNoReading).
func Read(in string, o ReadOptions) (Reading, error) {
	cs, rerr := o.candidates(in, false)
	if len(cs) == 0 {
		return Reading{}, rerr
	}
	ids := o.choose(in, cs)
	if len(ids) == 1 {
		r := ids[0]
		complete(&r.Candidate, nil)
		return r, nil
	}
	e := &AmbiguousError{Input: in, Layout: o.Layout != nil}
	for _, r := range ids {
		e.Readings = append(e.Readings, r)
		e.Readings = append(e.Readings, r.Alike...) // named too, though they agree with r
	}
	for i := range e.Readings {
		e.Readings[i].Alike = nil
	}
	return Reading{}, e
}

// choose takes Read's steps 2 to 5 on the readings of a text: it returns
// its IDs, likeliest first.
func (o ReadOptions) choose(in string, cs []Candidate) []Reading {
	if o.Public == nil && slices.ContainsFunc(cs, plausibleTime) {
		cs = slices.DeleteFunc(cs, func(c Candidate) bool { return !plausibleTime(c) })
	}
	cs = slices.DeleteFunc(slices.Clone(cs), func(c Candidate) bool {
		return slices.ContainsFunc(cs, func(d Candidate) bool { return asWritten(&d, &c) || unlikelyText(&d, &c, len(in)) })
	})
	var kept []Candidate
	for i, c := range cs {
		if !slices.ContainsFunc(cs, func(d Candidate) bool { return outranks(&d, &cs[i]) }) {
			kept = append(kept, c)
		}
	}
	slices.SortStableFunc(kept, readFirst)
	var ids []Reading
next:
	for _, c := range kept {
		for i := range ids {
			if SameID(&ids[i].Candidate, &c) {
				r := &ids[i]
				if namesOther(&c, &r.Candidate) && !namesOther(&r.Candidate, &c) {
					// The layout whose doc names the other (twitter,
					// of snowflake) names the reading, as inspect's.
					also := r.Also
					c, r.Candidate = r.Candidate, c
					c.Also = nil
					r.Also = slices.DeleteFunc(also, func(name string) bool { return name == r.Layout })
				}
				r.Same = append(r.Same, c)
				if SameBits(r.Model, c.Model) && !slices.Contains(r.Also, c.Layout) && c.Layout != r.Layout {
					r.Also = append(r.Also, c.Layout)
				}
				continue next
			}
		}
		ids = append(ids, Reading{Candidate: c})
	}
	if o.Agree == nil {
		return ids
	}
	var out []Reading
nextID:
	for _, r := range ids {
		for i := range out {
			if o.Agree(&out[i], &r) {
				out[i].Alike = append(out[i].Alike, r)
				continue nextID
			}
		}
		out = append(out, r)
	}
	return out
}

// plausibleTime reports whether a reading has no time or one from
// PlausibleFrom to before PlausibleTo.
func plausibleTime(c Candidate) bool {
	return !c.hasTime || !c.at.Before(plausibleFrom) && c.at.Before(plausibleTo)
}

// asWritten reports whether reading a, of the text exactly as its form
// writes it, makes b, of other bytes, unlikely: b reads the text only by
// folding its case (Crockford's upper-case text read as Base36, which
// writes lower case), and unless b is in its layout's canonical form and
// a not (a lower-case ULID is not taken for base32hex: both stay).
func asWritten(a, b *Candidate) bool {
	return b.folded && !a.folded && !bytes.Equal(a.ID, b.ID) && (formTier(b) > 0 || formTier(a) == 0)
}

// unlikelyText reports whether reading b, of other bytes than a, is
// unlikely because b's form would write text a's form reads only by a
// chance below 2^-30: the text's characters (but its first and last,
// which a sign, a check symbol or padding may restrict) are each one of
// those b's form writes, and b's form writes few texts made only of the
// characters a's reads. So a decimal ID's 19 digits are not taken for a
// 12-byte ID in Base36 ((10/36)^17 is 2^-31), nor 32 hex digits for a
// KSUID in Crockford.
func unlikelyText(a, b *Candidate, n int) bool {
	if bytes.Equal(a.ID, b.ID) || n < 3 {
		return false
	}
	return float64(n-2)*shared(a, b) < -30
}

// shared returns log2 of the share of the characters b's form writes that
// a's form reads (-Inf for none), kept for the built-in forms.
func shared(a, b *Candidate) float64 {
	key := [2]string{a.Form, b.Form}
	builtin := !slices.ContainsFunc(a.Model.Encodings, func(s encodings.Spec) bool { return s.Name == a.Form }) &&
		!slices.ContainsFunc(b.Model.Encodings, func(s encodings.Spec) bool { return s.Name == b.Form })
	if builtin {
		if v, ok := sharedCache.Load(key); ok {
			return v.(float64)
		}
	}
	written, _ := alphabets(b.Model, b.Form)
	_, read := alphabets(a.Model, a.Form)
	v := 0.0 // unknown alphabets: no evidence
	if written != "" && read != "" {
		both := 0
		for _, r := range written {
			if strings.ContainsRune(read, r) {
				both++
			}
		}
		v = math.Log2(float64(both) / float64(len(written)))
	}
	if builtin {
		sharedCache.Store(key, v)
	}
	return v
}

var sharedCache sync.Map // [2]string{a's form, b's form} -> float64

// alphabets returns the characters a form writes and those it reads, but
// for the first and last of a text: an encoding's digits, in their case
// and, for one that folds case, in both.
func alphabets(l *layouts.Layout, form string) (written, read string) {
	const digits, lower = "0123456789", "abcdefghijklmnopqrstuvwxyz"
	switch form {
	case "decimal":
		return digits, digits
	case "uuid":
		return digits + "abcdef-", digits + "abcdefABCDEF-"
	case "typeid":
		return digits + lower + "_", digits + lower + "_"
	}
	e, err := l.Encoding(form)
	if err != nil {
		return "", ""
	}
	written = e.Spec().Digits
	read = written
	if e.Spec().Fold {
		read = strings.ToLower(written) + strings.ToUpper(written)
	}
	return written, read
}

// formTier ranks a reading's form: 0 for its layout's canonical form, 1
// for a Universal one, 2 for any other.
func formTier(c *Candidate) int {
	switch {
	case c.Form == Canonical(c.Model):
		return 0
	case slices.Contains(universal, c.Form):
		return 1
	}
	return 2
}

// outranks reports whether reading a makes b, a reading of the same bytes
// as another layout, unlikely: Read's step 3.
func outranks(a, b *Candidate) bool {
	if !bytes.Equal(a.ID, b.ID) || SameID(a, b) {
		return false
	}
	ea, eb := Evidence(a.Model), Evidence(b.Model)
	switch {
	case ea >= eb+4:
		return true
	case eb >= ea+4:
		return false
	}
	return formTier(a) < formTier(b)
}

// readFirst orders the readings Read keeps: the canonical form first, then
// the Universal forms, then more constant bits matched, and a layout
// before its variants.
func readFirst(a, b Candidate) int {
	return cmp.Or(
		cmp.Compare(formTier(&a), formTier(&b)),
		-cmp.Compare(Evidence(a.Model), Evidence(b.Model)),
		cmp.Compare(boolInt(isVariant(a.Model)), boolInt(isVariant(b.Model))),
	)
}

// namesOther reports whether a reading's layout's doc names the layout of
// another of the same bits, as twitter's names snowflake.
func namesOther(a, b *Candidate) bool {
	return a.Model != b.Model && SameBits(a.Model, b.Model) && names(a.Model.Doc, b.Layout)
}

// SameID reports whether two readings are one ID: the same bytes, as one
// layout, as layouts with the same bits, or as a layout and its variant.
func SameID(a, b *Candidate) bool {
	return bytes.Equal(a.ID, b.ID) &&
		(a.Model == b.Model || SameBits(a.Model, b.Model) || Variant(a.Model, b.Model) || Variant(b.Model, a.Model))
}

// candidates returns every reading of in under o, each a layout and a form
// it decodes in and fits: for Read (show false, step 1 of ReadOptions), or
// for Readings (show: every layout in every form, for inspect), and, when
// there is none, why.
func (o ReadOptions) candidates(in string, show bool) ([]Candidate, *ReadError) {
	rerr := &ReadError{Input: in, Layout: o.Layout, From: o.From}
	try := []*layouts.Layout{o.Layout}
	if o.Layout == nil {
		all, err := builtins()
		if err != nil {
			rerr.Err = err
			return nil, rerr
		}
		try = append([]*layouts.Layout{nilUUID, maxUUID}, all...)
	}
	// Without a layout or a form, UUID text is a UUID: only its form.
	uuidText := ""
	if !show && o.Layout == nil && o.From == "" {
		if _, ok := ParseUUIDText(in); ok {
			uuidText = "uuid"
		} else if t, err := typeid.Parse(in); err == nil && t.Prefix() != "" {
			uuidText = "typeid"
		}
	}
	var out []Candidate
	var d decoder
	d.in = in
	for _, l := range try {
		forms := FormsOf(l)
		switch {
		case o.From == "canonical":
			forms = forms[:1]
		case o.From != "":
			forms = []string{o.From}
		}
		if o.Layout != nil && o.From == "" && !show {
			// The canonical form first: a reading in it is the answer.
			if c, ok := d.read(l, forms[0], o, rerr, show); ok {
				return []Candidate{c}, nil
			}
			forms = forms[1:]
		}
		for _, form := range forms {
			switch {
			case uuidText != "" && form != uuidText:
				continue
			case o.Layout == nil && (form == "uuid" || form == "typeid") && !UUIDLike(l) && (!show || form == "typeid"):
				// A UUID's text reads as UUIDs: as a ULID only in
				// inspect, which shows every reading.
				continue
			case show && o.From == "" && form == "hex" && l.Bytes() == 16:
				continue // 32 hex digits are UUID text, read as uuid
			}
			if c, ok := d.read(l, form, o, rerr, show); ok {
				out = append(out, c)
			}
		}
	}
	if o.Layout == nil && (o.From == "" || o.From == "uuid" || o.From == "typeid") {
		out = append(d.raws(out, o.From, show), out...)
	}
	if len(out) == 0 {
		return nil, rerr
	}
	return out, nil
}

// decoder decodes one text in the forms asked for, each once.
type decoder struct {
	in    string
	cache map[string]Decoded // by form, for the built-in forms; Bytes nil when the text is not in it
}

// decode reads the text in a form of layout l: nil when it is not in that
// form or not of l's size.
func (d *decoder) decode(l *layouts.Layout, form string, bare bool) Decoded {
	declared := slices.ContainsFunc(l.Encodings, func(s encodings.Spec) bool { return s.Name == form })
	if !declared {
		if dec, ok := d.cache[form]; ok {
			if len(dec.Bytes) != l.Bytes() {
				return Decoded{}
			}
			return dec
		}
	}
	dec := Decoded{Form: form}
	switch form {
	case "uuid":
		dec.Bytes, _ = ParseUUIDText(d.in)
	case "typeid":
		if t, err := typeid.Parse(d.in); err == nil && (bare || t.Prefix() != "") {
			u := t.UUID()
			dec.Bytes, dec.Prefix = u[:], t.Prefix()
		}
	case "decimal":
		dec.Bytes = decodeDecimal(d.in)
	default:
		if e, err := l.Encoding(form); err == nil && e.DecodedLen(len(d.in)) > 0 {
			dec.Bytes, _ = e.DecodeString(d.in)
		}
	}
	if !declared {
		if d.cache == nil {
			d.cache = map[string]Decoded{}
		}
		d.cache[form] = dec
	}
	if len(dec.Bytes) != l.Bytes() {
		return Decoded{}
	}
	return dec
}

// read returns the reading of the text in a form as layout l, when it
// decodes to l's size and fits; a form that decodes but does not fit goes
// into rerr, for the error of a text with no reading.
func (d *decoder) read(l *layouts.Layout, form string, o ReadOptions, rerr *ReadError, show bool) (Candidate, bool) {
	dec := d.decode(l, form, !show || o.From == "typeid") // a TypeID without a prefix is Crockford text too: inspect shows it so
	if dec.Bytes == nil {
		return Candidate{}, false
	}
	if o.Public != nil {
		if !o.Public(dec.Bytes) {
			rerr.Forms = append(rerr.Forms, form)
			return Candidate{}, false
		}
		c := Candidate{Form: form, Prefix: dec.Prefix, Layout: l.Name, Spec: l.File, Fields: []Field{}, EncMap: map[string]string{}, Model: l, ID: dec.Bytes}
		c.folded = folded(l, dec, d.in)
		return c, true
	}
	c, err := read(l, dec, show)
	if err != nil {
		if o.Layout != nil {
			rerr.Forms = append(rerr.Forms, form)
			rerr.Err = cmp.Or(rerr.Err, err)
		}
		return Candidate{}, false
	}
	c.folded = folded(l, dec, d.in)
	return c, true
}

// folded reports whether text is in a form only by folding case: a
// Crockford, hex, Base36 or base32hex text whose letters are not in the
// case the encoding writes, or a UUID in upper case. Every other form
// reads only text exactly as it writes it.
func folded(l *layouts.Layout, d Decoded, text string) bool {
	if d.Form == "typeid" || d.Form == "decimal" || d.Form == "uuid" && len(text) != 36 {
		return false // strict, or a UUID form (braces, urn:uuid:, 32 digits) that only reads
	}
	f, err := Formatter(l, d.Form)
	return err == nil && string(f(nil, d.Bytes)) != text && strings.EqualFold(string(f(nil, d.Bytes)), text)
}

// raws returns the raw UUID readings of UUID text (the UUID forms, a
// TypeID) that no UUID layout among found reads: any 128 bits in those
// forms are a UUID, of some variant and version.
func (d *decoder) raws(found []Candidate, from string, full bool) []Candidate {
	var out []Candidate
	for _, form := range []string{"uuid", "typeid"} {
		if from != "" && from != form || slices.ContainsFunc(found, func(c Candidate) bool { return c.Form == form && UUIDLike(c.Model) }) {
			continue
		}
		if dec := d.decode(rawUUID, form, !full || from == "typeid"); dec.Bytes != nil {
			if c, err := read(rawUUID, dec, full); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// decodeDecimal reads the decimal form: an ID's 64 bits as an int64, as
// strconv.FormatInt writes it (negative when the top bit is set), and
// nothing else: no sign on a positive number, no leading zeros, no -0.
func decodeDecimal(s string) []byte {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strconv.FormatInt(v, 10) != s {
		return nil
	}
	return binary.BigEndian.AppendUint64(nil, uint64(v))
}

// orWords joins words as a choice: "a, b or c".
func orWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
