package explain

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/internal/suggest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/typeid"
)

// The one reader of text: every command of idforge that reads IDs (inspect,
// convert, mask, unmask) and the playground read through ReadOptions.
// Readings lists every way a text reads, for inspect, which shows them;
// Read takes one, or refuses the text; Inspect's first reading is Read's.
//
// A reading is a layout, a form (uuid, typeid, decimal or an encoding's
// name) in which the text decodes to as many bytes as the layout has, and
// those bytes; the layout's constant bits must match (for a public form,
// o.Public says what fits). Evidence ranks readings, strongest first, as
// file(1) ranks its magic by strength:
//
//   - checked: the text ends in a valid check symbol, is written exactly as
//     its encoding writes it (Crockford-check: upper case), and the bytes
//     match four or more of the layout's constant bits (a UUID's version
//     and variant): it proves both its form and its layout;
//   - canonical: the text is in the layout's canonical form (Canonical; for
//     a UUID layout, any UUID form and a TypeID with a prefix too);
//   - constant bits: a reading of the same bytes that matches four or more
//     constant bits more (a UUIDv7's version and variant, beside a ULID
//     in -from crockford) names the ID;
//   - time: a reading whose time is in the plausible window (1990 to 2100)
//     or that has none, beside one whose time is outside it.
//
// Read takes a text so:
//
//  1. The readings tried. With o.From (-from), each layout in that form
//     only ("canonical": each layout's own). With o.Layout (-layout,
//     -spec), that layout only: a text of the length of its canonical
//     form (for decimal: digits) is read in that form alone, so that it
//     is an error there (ErrRange for a value above the layout's largest)
//     and never another encoding of the same length; any other text is
//     read in the layout's other forms. Without either, every layout in
//     its canonical form and in the checked forms (crockford-check).
//  2. The strongest tier. Without o.From, checked readings when there
//     are some, else the canonical ones; without o.Layout either, a text
//     with neither is refused: it reads only in other encodings, which
//     -from names (the error lists them). So a text in one layout's
//     canonical form reads as that layout whatever other encodings read it,
//     and adding an encoding (one without a check symbol) never changes how
//     it reads; but aliases never outrank an exact reading: a text that
//     reads in a layout's canonical form only through an alias
//     (Crockford's I, L and O) and exactly in another encoding (lower-case
//     base32hex) is refused, with both readings named.
//  3. Time, then constant bits: a reading with a time outside the window
//     yields to one with a time inside or none (not for a public form,
//     whose bits are masked); a reading yields to one of the same bytes
//     that matches four or more constant bits more.
//  4. What is left are the text's IDs. Readings of the same bytes as one
//     layout, as layouts of the same bits (twitter and snowflake) or as a
//     layout and its variant (uuidv7 and uuidv7-subms, uuidv8 and
//     uuidv8-sha256) are one ID; so are two IDs that o.Agree finds give
//     the caller the same answer (a re-encoding to hex writes the same
//     bytes, whichever Snowflake-style layout read them). One ID is the
//     answer; several are refused with an *AmbiguousError that names
//     each: its form, layout, canonical text and time. A text is
//     ambiguous so only where another layout's canonical form reads it too
//     (64-bit decimal: Twitter's, Discord's, Instagram's, ...).
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
	fmt.Fprintf(&b, "%s is ambiguous: it reads as %d different IDs; %s:", Shorten(e.Input), len(e.Readings), e.Hint())
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

// ReadError is Read's error for a text with no reading it takes.
type ReadError struct {
	Input  string
	Layout *layouts.Layout // as asked for, or nil
	From   string          // as asked for, or ""
	// Forms are those the text decodes in to Layout's size, when it was
	// given, though the bytes do not fit (its constant bits, or Public);
	// Err says why the first does not.
	Forms []string
	Err   error
	// Others are the IDs a text in no layout's canonical form reads as in
	// other encodings, which only -from reads (given neither Layout nor
	// From).
	Others []Reading

	rangeErr *RangeError // the text is in a layout's form but above its largest
	why      string      // what is wrong in the form the text comes nearest to (diagnose)
}

// Is makes errors.Is(err, ErrNoReading) true.
func (e *ReadError) Is(target error) bool { return target == ErrNoReading }

func (e *ReadError) Error() string {
	in := ""
	if e.From != "" {
		in = " in " + e.From
	}
	q := Shorten(e.Input)
	switch {
	case len(e.Others) > 0:
		var b strings.Builder
		fmt.Fprintf(&b, "%s is in no layout's canonical form: -from ENCODING reads it in another, as", q)
		if len(e.Others) > 1 {
			fmt.Fprintf(&b, " one of %d different IDs", len(e.Others))
		}
		b.WriteString(":")
		for _, r := range e.Others {
			b.WriteString("\n  " + r.Describe())
		}
		return b.String()
	case e.Layout == nil && e.From == "" && e.why != "" && (TypeIDReason(e.Input) == "" || !strings.HasPrefix(e.why, "no form")):
		// A text of a form's length: what is wrong in it, beside why
		// it is no TypeID; a text like a TypeID: only why it is none.
		return fmt.Sprintf("%s is not an ID idforge can read: %s%s", q, e.why, TypeIDReason(e.Input))
	case e.Layout == nil && e.From == "":
		return fmt.Sprintf("%s is not an ID idforge can read: no layout fits its length, alphabet and constant bits%s", q, TypeIDReason(e.Input))
	case e.Layout == nil && e.why != "":
		return fmt.Sprintf("%s is not an ID%s: %s", q, in, e.why)
	case e.Layout == nil:
		return fmt.Sprintf("%s is not an ID%s: no layout fits its length, alphabet and constant bits", q, in)
	case len(e.Forms) > 0 && e.Err != nil:
		var bad encodings.InvalidCharError
		if errors.As(e.Err, &bad) && bad.Pos < len(e.Input) {
			return fmt.Sprintf("%s is not a %s ID: invalid character %s at position %d of text of length %d", q, layoutName(e.Layout), charAt(e.Input, bad.Pos), bad.Pos, len(e.Input))
		}
		return fmt.Sprintf("%s is not a %s ID: %v", q, layoutName(e.Layout), e.Err)
	case len(e.Forms) > 0:
		return fmt.Sprintf("%s is not a %s ID (read as %s)", q, layoutName(e.Layout), orWords(e.Forms))
	case e.why != "":
		return fmt.Sprintf("%s is not an ID of layout %s%s: %s", q, layoutName(e.Layout), in, e.why)
	}
	return fmt.Sprintf("%s is not an ID of layout %s%s", q, layoutName(e.Layout), in)
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
		return encodingError(fmt.Sprintf("unknown encoding %q for -from%s (want one of %s)", from, suggest.Hint(from, writeEncodings), strings.Join(writeEncodings, ", ")))
	}
	forms := FormsOf(l)
	if slices.Contains(forms, from) {
		return nil
	}
	r := view(l)
	if slices.Contains(writeEncodings, from) || slices.ContainsFunc(r.Encodings, func(s encodings.Spec) bool { return s.Name == from }) {
		return encodingError(fmt.Sprintf("%s IDs (%s) are never written in %s (want one of canonical, %s)", r.Name, byteCount(r.Bytes()), from, strings.Join(forms, ", ")))
	}
	return encodingError(fmt.Sprintf("unknown encoding %q for -from%s (want one of canonical, %s)", from, suggest.Hint(from, append([]string{"canonical"}, forms...)), strings.Join(forms, ", ")))
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
	m    map[*layouts.Layout][]string
	read map[*layouts.Layout][]string // readForms'
}

func formsOf(l *layouts.Layout) []string {
	r := view(l)
	forms := []string{Canonical(l)}
	add := func(f string) {
		if !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	if r.Bytes() == 16 {
		add("uuid")
	}
	if UUIDLike(l) {
		add("typeid")
	}
	if r.Bytes() == 8 {
		add("decimal")
	}
	for _, s := range r.Encodings {
		add(s.Name)
	}
	for _, name := range encodingList() {
		if e, err := encodingOf(l, name); err == nil && e.EncodedLen(r.Bytes()) >= 0 {
			add(name)
		}
	}
	return forms
}

// Read reads one text as one ID, or refuses it: see ReadOptions for how.
// Its errors are an *AmbiguousError (matching ErrAmbiguous), a *RangeError
// (matching ErrRange) and a *ReadError (matching ErrNoReading).
func Read(in string, o ReadOptions) (Reading, error) {
	cs, rerr := o.candidates(in, false)
	top := o.contenders(cs)
	if len(top) == 0 {
		return Reading{}, o.noReading(in, rerr)
	}
	ids := o.choose(top)
	if len(ids) == 1 {
		if exact := o.exactElsewhere(in, &ids[0].Candidate); len(exact) > 0 {
			ids = append(ids, exact...)
		} else {
			r := ids[0]
			complete(&r.Candidate, nil)
			return r, nil
		}
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

// exactElsewhere returns, for a reading c that Read would take without
// o.From and o.Layout, the IDs the text reads as exactly (every character
// a digit of the encoding, in either case where it folds case) in another
// encoding, when c's reading needed an alias (Crockford's I, L or O read as
// 1, 1 and 0): aliases never outrank an exact reading. Lower-case
// base32hex, which idforge writes, holds i, l and o, which Crockford's
// base32 reads as aliases: such a text read back without -from as a ULID,
// silently (issue 65). Read then refuses the text with both readings
// named; -from or -layout reads it as asked. It returns nil for a reading
// that needed no alias, with o.From or o.Layout set, or when no other
// encoding reads the text exactly.
func (o ReadOptions) exactElsewhere(in string, c *Candidate) []Reading {
	if o.From != "" || o.Layout != nil || c.checked || !usesAlias(c.Model, c.Form, in) {
		return nil
	}
	all, _ := o.candidates(in, true)
	exact := slices.DeleteFunc(all, func(d Candidate) bool {
		if d.Form == c.Form {
			return true
		}
		_, err := encodingOf(d.Model, d.Form)
		return err != nil || usesAlias(d.Model, d.Form, in)
	})
	if len(exact) == 0 {
		return nil
	}
	return o.choose(o.ranked(exact))
}

// usesAlias reports whether text in form (an encoding of layout l) reads
// only through an alias of the encoding: a character it reads as a digit
// that is not that digit in either case. A check symbol is read without
// aliases. Forms that are not encodings (uuid, decimal) have none.
func usesAlias(l *layouts.Layout, form, text string) bool {
	e, err := encodingOf(l, form)
	if err != nil {
		return false
	}
	s := e.Spec()
	if s.Aliases == "" {
		return false
	}
	if s.Check && len(text) > 0 {
		text = text[:len(text)-1]
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		v, ok := e.Digit(c)
		if !ok {
			return false
		}
		if d := s.Digits[v]; d != c && !(s.Fold && lower(d) == lower(c)) {
			return true
		}
	}
	return false
}

// lower returns an ASCII letter in lower case, and any other byte as it is.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// noReading returns Read's error for a text with no reading it takes: the
// value above a layout's largest, when the text is in that layout's
// canonical form; the readings in other forms, when there are some (for a
// text in no layout's canonical form); else why it is no ID.
func (o ReadOptions) noReading(in string, rerr *ReadError) error {
	if rerr.rangeErr != nil {
		return rerr.rangeErr
	}
	if len(rerr.Forms) == 0 {
		rerr.why = diagnose(in, o)
	}
	if o.Layout == nil && o.From == "" {
		others, _ := o.candidates(in, true)
		if len(others) > 0 {
			rerr.Others = (ReadOptions{Public: o.Public}).choose(o.ranked(others))
			for i := range rerr.Others {
				rerr.Others[i].Alike = nil
			}
		}
	}
	return rerr
}

// contenders returns the readings of the strongest tier (Read's steps 2
// and 3): nil when, without o.From and o.Layout, no reading is checked or
// canonical.
func (o ReadOptions) contenders(cs []Candidate) []Candidate {
	if len(cs) == 0 {
		return nil
	}
	if o.From == "" {
		switch {
		case slices.ContainsFunc(cs, func(c Candidate) bool { return c.checked }):
			cs = slices.DeleteFunc(slices.Clone(cs), func(c Candidate) bool { return !c.checked })
		case all(cs, func(c Candidate) bool { return c.ownForm }):
		case slices.ContainsFunc(cs, func(c Candidate) bool { return c.ownForm }):
			cs = slices.DeleteFunc(slices.Clone(cs), func(c Candidate) bool { return !c.ownForm })
		case o.Layout == nil:
			return nil
		}
	}
	return o.ranked(cs)
}

// all reports whether every reading is so.
func all(cs []Candidate, is func(Candidate) bool) bool {
	return !slices.ContainsFunc(cs, func(c Candidate) bool { return !is(c) })
}

// ranked drops the readings that yield by time or constant bits (Read's
// step 3).
func (o ReadOptions) ranked(cs []Candidate) []Candidate {
	if o.Public == nil && slices.ContainsFunc(cs, plausibleTime) && !all(cs, plausibleTime) {
		cs = slices.DeleteFunc(slices.Clone(cs), func(c Candidate) bool { return !plausibleTime(c) })
	}
	if len(cs) == 1 {
		return cs
	}
	var kept []Candidate
	for i, c := range cs {
		if !slices.ContainsFunc(cs, func(d Candidate) bool { return outranks(&d, &cs[i]) }) {
			kept = append(kept, c)
		}
	}
	return kept
}

// choose merges the readings Read keeps into IDs (Read's step 4): it
// returns them likeliest first.
func (o ReadOptions) choose(cs []Candidate) []Reading {
	kept := slices.Clone(cs)
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

// formTier ranks a reading's form: 0 for a checked reading, 1 for its
// layout's canonical form, 2 for a Universal one, 3 for any other.
func formTier(c *Candidate) int {
	switch {
	case c.checked:
		return 0
	case c.ownForm:
		return 1
	case slices.Contains(universal, c.Form):
		return 2
	}
	return 3
}

// outranks reports whether reading a makes b, a reading of the same bytes
// as another layout, unlikely: it matches four or more constant bits more.
func outranks(a, b *Candidate) bool {
	return bytes.Equal(a.ID, b.ID) && !SameID(a, b) && Evidence(a.Model) >= Evidence(b.Model)+4
}

// readFirst orders the readings Read keeps: the stronger form first, then
// more constant bits matched, and a layout before its variants.
func readFirst(a, b Candidate) int {
	return cmp.Or(
		cmp.Compare(formTier(&a), formTier(&b)),
		-cmp.Compare(Evidence(a.Model), Evidence(b.Model)),
		cmp.Compare(boolInt(isVariant(a.Model) || kin(b.Model, a.Model)), boolInt(isVariant(b.Model) || kin(a.Model, b.Model))),
	)
}

// namesOther reports whether a reading's layout's doc names the layout of
// another of the same bits, as twitter's names snowflake.
func namesOther(a, b *Candidate) bool {
	return a.Model != b.Model && SameBits(a.Model, b.Model) && names(view(a.Model).Doc, b.Layout)
}

// SameID reports whether two readings are one ID: the same bytes, as one
// layout, as layouts with the same bits, or as a layout and its variant or
// its kin (uuidv8-sha256 of uuidv8: a name with a suffix, the same
// constant bits).
func SameID(a, b *Candidate) bool {
	return bytes.Equal(a.ID, b.ID) &&
		(a.Model == b.Model || SameBits(a.Model, b.Model) || Variant(a.Model, b.Model) || Variant(b.Model, a.Model) ||
			kin(a.Model, b.Model) || kin(b.Model, a.Model))
}

// kin reports whether layout v is named as a kind of layout l (uuidv8-sha256
// of uuidv8) and has the same constant bits, though not the same time: any
// ID of v is one of l.
func kin(l, v *layouts.Layout) bool {
	return strings.HasPrefix(view(v).Name, view(l).Name+"-") && ConstantBits(l) == ConstantBits(v) && view(l).Bits == view(v).Bits
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
		forms := formsToTry(l, o, show || o.Layout != nil)
		if o.From == "" && !show && o.Layout != nil {
			// Text of the canonical form's length reads in it alone.
			if shaped(l, forms[0], in) {
				if c, ok := d.read(l, forms[0], o, rerr, show); ok {
					return []Candidate{c}, rerr
				}
				return nil, rerr
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
			case show && o.From == "" && form == "hex" && view(l).Bytes() == 16:
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
	return out, rerr
}

// shaped reports whether a text has the length of form for layout l's IDs
// (for decimal: digits, with a sign or not), whatever its characters.
func shaped(l *layouts.Layout, form, in string) bool {
	switch form {
	case "uuid":
		return len(in) == 32 || len(in) == 36 || len(in) == 38 || len(in) == 45
	case "typeid":
		return false
	case "decimal":
		digits := strings.TrimPrefix(in, "-")
		return digits != "" && strings.Trim(digits, "0123456789") == ""
	}
	e, err := encodingOf(l, form)
	return err == nil && e.EncodedLen(view(l).Bytes()) == len(in)
}

// formsToTry are the forms a text is tried in for the layout l: -from's
// (o.From), else, with every, all the layout's (FormsOf), else those Read
// tries without -from and -layout (readForms).
func formsToTry(l *layouts.Layout, o ReadOptions, every bool) []string {
	switch {
	case o.From == "canonical":
		return []string{Canonical(l)}
	case o.From != "":
		return []string{o.From}
	case every:
		return FormsOf(l)
	}
	return readForms(l)
}

// readForms are the forms Read tries a layout in without -from and
// -layout: its own (Canonical; for a UUID layout the UUID forms and
// TypeIDs too) and those with a check symbol.
func readForms(l *layouts.Layout) []string {
	if IsBuiltin(l) || l == nilUUID || l == maxUUID || l == rawUUID {
		builtinForms.Lock()
		f, ok := builtinForms.read[l]
		builtinForms.Unlock()
		if ok {
			return f
		}
	}
	forms := []string{Canonical(l)}
	if UUIDLike(l) {
		for _, f := range []string{"uuid", "typeid"} {
			if !slices.Contains(forms, f) {
				forms = append(forms, f)
			}
		}
	}
	for _, f := range FormsOf(l) {
		if e, err := encodingOf(l, f); err == nil && e.Spec().Check && !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	if IsBuiltin(l) || l == nilUUID || l == maxUUID || l == rawUUID {
		builtinForms.Lock()
		if builtinForms.read == nil {
			builtinForms.read = map[*layouts.Layout][]string{}
		}
		builtinForms.read[l] = forms
		builtinForms.Unlock()
	}
	return forms
}

// encodingOf returns an encoding of layout l's IDs by its name: one l's
// spec declares, a built-in one, or one a test added (extraEncodings).
func encodingOf(l *layouts.Layout, name string) (*encodings.Encoding, error) {
	e, err := view(l).Encoding(name)
	if err != nil {
		for _, x := range extraEncodings {
			if x.Name() == name {
				return x, nil
			}
		}
	}
	return e, err
}

// encodingList names the built-in encodings and those a test added.
func encodingList() []string {
	names := encodings.Names()
	for _, x := range extraEncodings {
		names = append(names, x.Name())
	}
	return names
}

// extraEncodings are encodings a test adds to the built-in ones, to show
// that an encoding added changes no canonical reading (export_test.go).
// Nothing else sets it.
var extraEncodings []*encodings.Encoding

// decoder decodes one text in the forms asked for, each once.
type decoder struct {
	in    string
	cache map[string]Decoded // by form, for the built-in forms; Bytes nil when the text is not in it
}

// decode reads the text in a form of layout l: Bytes nil when it is not in
// that form or not of l's size (err says why, when the form reads text of
// its length).
func (d *decoder) decode(l *layouts.Layout, form string, bare bool) Decoded {
	declared := slices.ContainsFunc(view(l).Encodings, func(s encodings.Spec) bool { return s.Name == form })
	if !declared {
		if dec, ok := d.cache[form]; ok {
			if len(dec.Bytes) != view(l).Bytes() {
				return Decoded{Form: form, err: dec.err, size: dec.size}
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
		dec.Bytes, dec.err = decodeDecimal(d.in)
		dec.size = 8
	default:
		if e, err := encodingOf(l, form); err == nil && e.DecodedLen(len(d.in)) > 0 {
			dec.size = e.DecodedLen(len(d.in))
			dec.Bytes, dec.err = e.DecodeString(d.in)
		}
	}
	if !declared {
		if d.cache == nil {
			d.cache = map[string]Decoded{}
		}
		d.cache[form] = dec
	}
	if len(dec.Bytes) != view(l).Bytes() {
		return Decoded{Form: form, err: dec.err, size: dec.size}
	}
	return dec
}

// read returns the reading of the text in a form as layout l, when it
// decodes to l's size and fits; a form that decodes but does not fit goes
// into rerr, for the error of a text with no reading, and so does a value
// above the layout's largest in its canonical form or the form asked for.
func (d *decoder) read(l *layouts.Layout, form string, o ReadOptions, rerr *ReadError, show bool) (Candidate, bool) {
	dec := d.decode(l, form, o.From == "typeid" || !show && o.Layout != nil) // a TypeID without a prefix is Crockford text too: inspect shows it so
	if dec.Bytes == nil {
		if dec.size == view(l).Bytes() && errors.Is(dec.err, encodings.ErrOverflow) && (form == Canonical(l) || form == o.From) && !show {
			rerr.overflow(l, form)
		}
		if o.Layout != nil && dec.err != nil && dec.size == view(l).Bytes() && form == Canonical(l) && !errors.Is(dec.err, encodings.ErrOverflow) {
			rerr.Forms = append(rerr.Forms, form)
			rerr.Err = cmp.Or(rerr.Err, dec.err)
		}
		return Candidate{}, false
	}
	if aboveMax(l, dec.Bytes) && (form == Canonical(l) || form == o.From) && !show {
		rerr.overflow(l, form)
		return Candidate{}, false
	}
	if o.Public != nil {
		if !o.Public(dec.Bytes) {
			rerr.Forms = append(rerr.Forms, form)
			return Candidate{}, false
		}
		c := Candidate{Form: form, Prefix: dec.Prefix, Layout: view(l).Name, Spec: view(l).File, Fields: []Field{}, EncMap: map[string]string{}, Model: l, ID: dec.Bytes}
		c.ownForm = ownForm(l, dec)
		c.checked = d.checked(l, dec)
		return c, true
	}
	if o.Layout == nil && !fitsConstants(l, dec.Bytes) {
		return Candidate{}, false // what read would find, sooner
	}
	c, err := read(l, dec, show)
	if err != nil {
		if o.Layout != nil {
			rerr.Forms = append(rerr.Forms, form)
			rerr.Err = cmp.Or(rerr.Err, err)
		}
		return Candidate{}, false
	}
	c.checked = d.checked(l, dec)
	return c, true
}

// checked reports whether a reading proves its form and layout: its
// encoding has a check symbol (which decoding checked), the text is
// exactly as the encoding writes it, and the bytes match four or more of
// the layout's constant bits.
func (d *decoder) checked(l *layouts.Layout, dec Decoded) bool {
	switch dec.Form {
	case "uuid", "typeid", "decimal":
		return false
	}
	e, err := encodingOf(l, dec.Form)
	return err == nil && e.Spec().Check && Evidence(l) >= 4 && string(e.AppendEncode(nil, dec.Bytes)) == d.in
}

// fitsConstants reports whether an ID's bytes hold its layout's constant
// bits (resolved.Layout.Consts), as interp.Unpack checks them.
func fitsConstants(l *layouts.Layout, id []byte) bool {
	var sh [2][]byte // the constants' mask and bits
	if v, ok := constShapes.Load(l); ok {
		sh = v.([2][]byte)
	} else {
		r := view(l)
		if r == nil {
			return false
		}
		sh = [2][]byte{make([]byte, r.Bytes()), make([]byte, r.Bytes())}
		for _, c := range r.Consts {
			off := c.Offset(r.Bits)
			for i := range c.Width {
				b := off + i
				sh[0][b/8] |= 0x80 >> (b % 8)
				if c.Bit(c.Value, i) {
					sh[1][b/8] |= 0x80 >> (b % 8)
				}
			}
		}
		constShapes.Store(l, sh)
	}
	for i := range id {
		if id[i]&sh[0][i] != sh[1][i] {
			return false
		}
	}
	return true
}

var constShapes sync.Map // *layouts.Layout -> [2][]byte

// ownForm reports whether a text decoded so is in its layout's canonical
// form: for a UUID layout, any UUID form and a TypeID with a prefix too.
func ownForm(l *layouts.Layout, d Decoded) bool {
	return d.Form == Canonical(l) || UUIDLike(l) && (d.Form == "uuid" || d.Form == "typeid" && d.Prefix != "")
}

// aboveMax reports whether an ID's bytes set a bit of the zero constants
// that lead its layout (a Snowflake's sign bit): its value is above the
// layout's largest.
func aboveMax(l *layouts.Layout, id []byte) bool {
	n := leadingZeros(l)
	if n == view(l).Bits {
		return false // all zeros: the Nil UUID, which has no largest
	}
	for i := 0; i < n; i++ {
		if id[i/8]&(0x80>>(i%8)) != 0 {
			return true
		}
	}
	return false
}

// leadingZeros counts the bits of the zero constants that lead a layout.
func leadingZeros(l *layouts.Layout) int {
	n := 0
	for _, p := range view(l).Parts {
		if p.Role != layouts.Const || p.Const != 0 {
			break
		}
		n += p.Width
	}
	return n
}

// overflow records that the text is in a form of layout l but above its
// largest ID.
func (e *ReadError) overflow(l *layouts.Layout, form string) {
	if e.rangeErr == nil {
		e.rangeErr = &RangeError{Input: e.Input, Layout: l, Form: form}
	}
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
		if dec := d.decode(rawUUID, form, from == "typeid"); dec.Bytes != nil {
			if c, err := read(rawUUID, dec, full); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// errDecimalRange is decodeDecimal's error for digits above 2^64-1.
var errDecimalRange = fmt.Errorf("%w: above 18446744073709551615", encodings.ErrOverflow)

// decodeDecimal reads the decimal form: an ID's 64 bits as an unsigned
// number (up to 18446744073709551615, as a layout whose top bit is not a
// constant 0 writes it), and nothing else: no sign (a minus sign would read
// a negative int64 as its two's complement, which no idforge writes, no
// corpus, SQL or generated Parse reads, and a typo would make a valid ID
// of), no leading zeros. Digits of a number above 2^64-1 are ErrOverflow.
func decodeDecimal(s string) ([]byte, error) {
	if s != "" && (s[0] == '-' || s[0] == '+') && len(s) > 1 && strings.Trim(s[1:], "0123456789") == "" {
		return nil, fmt.Errorf("%w (%s at position 0 of text of length %d): an ID is the unsigned number its bits hold", errDecimalSign, charAt(s, 0), len(s))
	}
	if s == "" || s[0] < '0' || s[0] > '9' {
		return nil, notDecimal(s)
	}
	v, err := strconv.ParseUint(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) && s[0] != '0':
		return nil, errDecimalRange
	case err != nil || strconv.FormatUint(v, 10) != s:
		return nil, notDecimal(s)
	}
	return binary.BigEndian.AppendUint64(nil, v), nil
}

// notDecimal returns decodeDecimal's error for text that is not decimal
// digits as an ID's are written: its length, and the character at fault
// and where.
func notDecimal(s string) error {
	switch i := strings.IndexFunc(s, func(c rune) bool { return c < '0' || c > '9' }); {
	case s == "":
		return fmt.Errorf("%w: text of length 0", errNotDecimal)
	case i >= 0:
		return fmt.Errorf("%w: invalid character %s at position %d of text of length %d", errNotDecimal, charAt(s, i), i, len(s))
	case s[0] == '0':
		return fmt.Errorf("%w: invalid character '0' at position 0 of text of length %d: only zero itself starts with a zero", errNotDecimal, len(s))
	}
	return fmt.Errorf("%w: text of length %d", errNotDecimal, len(s))
}

// errDecimalSign is decodeDecimal's error for digits with a sign.
var errDecimalSign = errors.New("decimal text has no sign")

// errNotDecimal is decodeDecimal's error for text that is not decimal.
var errNotDecimal = errors.New("not a decimal number")

// ErrRange matches Read's error for a text in a layout's form whose value
// is above the layout's largest ID: a ULID above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ,
// a KSUID above aWgEPTl1tmebfsQzFP4bxwgy80V, a Snowflake above 2^63-1.
var ErrRange = errors.New("explain: the value is above the layout's largest ID")

// RangeError is Read's error for a text whose value is above its layout's
// largest ID, in the layout's canonical form or the form -from names.
type RangeError struct {
	Input  string
	Layout *layouts.Layout
	Form   string
}

// Is makes errors.Is(err, ErrRange) true, and errors.Is(err,
// encodings.ErrOverflow), as the generated packages' Parse says it.
func (e *RangeError) Is(target error) bool {
	return target == ErrRange || target == encodings.ErrOverflow
}

// Error names the largest ID of the layout in the form.
func (e *RangeError) Error() string {
	s := fmt.Sprintf("%s (length %d) is above the largest %s ID", Shorten(e.Input), len(e.Input), layoutName(e.Layout))
	if f, err := Formatter(e.Layout, e.Form); err == nil {
		s += fmt.Sprintf(" in %s, %s", e.Form, f(nil, MaxID(e.Layout)))
	}
	return s
}

// MaxID returns the bytes of a layout's largest value: every bit set but
// the zero constants that lead it (its constant bits elsewhere are not
// set as they are: the largest text its canonical form reads as it).
func MaxID(l *layouts.Layout) []byte {
	b := bytes.Repeat([]byte{0xff}, view(l).Bytes())
	for i := range leadingZeros(l) {
		b[i/8] &^= 0x80 >> (i % 8)
	}
	return b
}

// Shorten quotes a text for a message, cut to its first 64 characters and
// its length in bytes when it is longer: an argument of 100 kB is not
// echoed whole.
func Shorten(s string) string {
	const most = 64
	if len(s) <= most {
		return strconv.Quote(s)
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("… (%d bytes)", len(s))
}

// orWords joins words as a choice: "a, b or c".
func orWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
