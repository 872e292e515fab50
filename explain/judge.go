package explain

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// How sure Inspect is of its first reading: Report.Verdict.
const (
	// Certain: the first reading is the one Read takes (convert, mask
	// and unmask read the text so), and no other ID reads the text: the
	// other readings are of the same bytes, or implausible.
	Certain = "certain"
	// Likely: the first reading is the one Read takes, and the text reads
	// as other IDs too, each of weaker evidence (another encoding than a
	// layout's canonical one, a time outside 1990 to 2100, ...), said in
	// Candidate.RanksLower.
	Likely = "likely"
	// Ambiguous: Read refuses the text: several readings of as strong
	// evidence read it as different IDs, each with its own fields and time
	// (a decimal Snowflake-style ID, read with each system's epoch). They
	// come first, the likeliest first; -layout or -from picks one.
	Ambiguous = "ambiguous"
	// Unread: Read refuses the text: it is in no layout's canonical form,
	// and reads only in other encodings, which -from names.
	Unread = "unread"
)

// Plausible returns the window of plausible times, 1990 to 2100: from, and
// up to just before to (resolved.Plausible, which verify shares). A
// reading whose time is outside it, or whose layout is an expired draft,
// is implausible.
func Plausible() (from, to time.Time) { return plausibleFrom, plausibleTo }

var plausibleFrom, plausibleTo = resolved.Plausible()

// futureSlack is how far past now a reading's time may be, for clocks that
// run ahead, before it is marked as in the future.
const futureSlack = 24 * time.Hour

// Options tune Inspect: which layout and form it reads the text as (see
// Readings), and what it shows.
type Options struct {
	ReadOptions
	// All keeps every reading: the implausible ones, and those of the same
	// ID as the first. Without it Report.Hidden names the ones left out.
	All bool
	// Now is the time a reading's time is compared with to mark it in the
	// future; the zero Time means time.Now().
	Now time.Time
}

// Inspect reads one input as Readings does (as o.Layout alone, when it is
// not nil, and in o.From alone, when it is not "") and judges the readings
// by the rule Read follows, so that its first reading is the one Read
// takes (o.Agree aside): it merges layouts with the same bits into one
// reading (Candidate.Also), marks the implausible (Candidate.Implausible)
// and those in the future, states each reading's evidence
// (Candidate.Evidence) and, for each but the first, why it ranks lower
// (Candidate.RanksLower), and says how sure the first is (Report.Verdict).
// When Read refuses the text, the readings it weighed come first
// (Ambiguous), or none is taken (Unread). Unless o.All, it leaves out the
// implausible readings and those of the same ID as the first (or of its
// bytes as a layout of no more constant bits), naming them
// in Report.Hidden (with the form they read the text in, when it is not
// the first reading's: "ksuid (as crockford)").
func Inspect(in string, o Options) Report {
	r := Readings(in, o.ReadOptions)
	ro := o.ReadOptions
	ro.Agree = nil
	read, err := Read(in, ro)
	var amb *AmbiguousError
	if errors.Is(err, ErrRange) || o.Layout != nil && err != nil && !errors.As(err, &amb) {
		// Above the layout's largest, or not in its forms: an error,
		// never a reading in another encoding of the same length.
		return Report{Input: in, Candidates: []Candidate{}, Error: err.Error()}
	}
	if len(r.Candidates) == 0 {
		return r
	}
	now := o.Now
	if now.IsZero() {
		now = time.Now()
	}
	cs := r.Candidates
	for i := range cs {
		judge(&cs[i], now)
	}
	cs = mergeSame(cs)
	slices.SortStableFunc(cs, rank)
	var top []Candidate // the readings Read took or weighed
	switch {
	case err == nil:
		r.Verdict = Certain
		top = matching(cs, []Reading{read})
	case errors.As(err, &amb):
		r.Verdict = Ambiguous
		top = matching(cs, amb.Readings)
		slices.SortStableFunc(top, rankTimes)
	default:
		r.Verdict = Unread
	}
	rest := slices.DeleteFunc(slices.Clone(cs), func(c Candidate) bool {
		return slices.ContainsFunc(top, func(t Candidate) bool { return sameReading(&c, &t) })
	})
	for i := range rest {
		if len(top) > 0 {
			rest[i].RanksLower = whyLower(&rest[i], &top[0])
		} else {
			rest[i].RanksLower = notRead(&rest[i])
		}
	}
	cs = append(top, rest...)
	if r.Verdict == Certain && slices.ContainsFunc(rest, func(c Candidate) bool { return c.class < implausible && !bytes.Equal(c.ID, top[0].ID) }) {
		r.Verdict = Likely
	}
	if !o.All {
		var kept []Candidate
		for i, c := range cs {
			hide := i >= len(top) && (c.class == implausible || len(top) > 0 && sameOrLess(&c, &top[0]))
			if i == 0 || !hide {
				kept = append(kept, c)
				continue
			}
			name := c.Layout
			if c.Form != cs[0].Form {
				name += " (as " + c.Form + ")"
			}
			if !slices.Contains(r.Hidden, name) {
				r.Hidden = append(r.Hidden, name)
			}
		}
		cs = kept
	}
	r.Candidates = cs
	return r
}

// sameOrLess reports whether reading c is of the same ID as top, or of its
// bytes as a layout with no more constant bits: left out unless -all.
func sameOrLess(c, top *Candidate) bool {
	return SameID(c, top) || bytes.Equal(c.ID, top.ID) && Evidence(c.Model) <= Evidence(top.Model)
}

// matching returns the readings among cs of the IDs Read named: the same
// form, bytes and layout (or one of the same bits merged into it).
func matching(cs []Candidate, rs []Reading) []Candidate {
	var out []Candidate
	for _, c := range cs {
		if slices.ContainsFunc(rs, func(r Reading) bool {
			return r.Form == c.Form && bytes.Equal(r.ID, c.ID) && (r.Layout == c.Layout || slices.Contains(c.Also, r.Layout) || slices.Contains(r.Also, c.Layout))
		}) {
			out = append(out, c)
		}
	}
	return out
}

// sameReading reports whether two readings are one: the same form, bytes
// and layout.
func sameReading(a, b *Candidate) bool {
	return a.Form == b.Form && a.Layout == b.Layout && bytes.Equal(a.ID, b.ID)
}

// whyLower says why reading c ranks below top, the reading Read takes (or
// the first it weighed).
func whyLower(c, top *Candidate) string {
	switch {
	case bytes.Equal(c.ID, top.ID) && (Variant(top.Model, c.Model) || kin(top.Model, c.Model)):
		return "the same ID: " + c.Layout + " is a variant of " + top.Layout
	case bytes.Equal(c.ID, top.ID) && Evidence(top.Model) >= Evidence(c.Model)+4:
		return fmt.Sprintf("the same bytes, which match %s's %s", top.Layout, constantWords(top.Model))
	case top.checked && !c.checked:
		return "the text's valid " + top.Form + " check symbol, of " + top.Layout + "'s constant bits, outranks " + formWords(c)
	case !c.ownForm && !c.checked:
		return notCanonical(c)
	case c.Implausible != "":
		return "implausible: " + c.Implausible
	case bytes.Equal(c.ID, top.ID):
		return "the same bytes"
	}
	return "weaker evidence than " + top.Layout + "'s"
}

// notRead says why Read takes no reading of a text in no layout's
// canonical form.
func notRead(c *Candidate) string {
	if c.ownForm || c.checked {
		return "weaker evidence than others"
	}
	return notCanonical(c)
}

// notCanonical says that a reading is not in its layout's canonical form,
// and what reads it.
func notCanonical(c *Candidate) string {
	return c.Form + " is not " + c.Layout + "'s canonical form (" + Canonical(c.Model) + ")"
}

// formWords names a reading's form for whyLower.
func formWords(c *Candidate) string {
	if c.ownForm {
		return c.Layout + "'s canonical form"
	}
	return c.Form
}

// constantWords names a layout's constant bits: "version and variant" for
// a UUID layout's six, else "N constant bits".
func constantWords(l *layouts.Layout) string {
	n := Evidence(l)
	if view(l).IsUUID() && n == 6 {
		return "version and variant"
	}
	if n == 1 {
		return "1 constant bit"
	}
	return fmt.Sprintf("%d constant bits", n)
}

// evidenceOf lists what a reading rests on, strongest first.
func evidenceOf(c *Candidate) []string {
	var ev []string
	if c.checked {
		ev = append(ev, "valid check symbol")
	}
	if c.ownForm {
		ev = append(ev, "canonical form")
	}
	if Evidence(c.Model) > 0 {
		ev = append(ev, constantWords(c.Model))
	}
	if c.hasTime && plausibleTime(*c) {
		ev = append(ev, fmt.Sprintf("time in %d-%d", plausibleFrom.Year(), plausibleTo.Year()-1))
	}
	return ev
}

// A reading's class, the first key of its rank.
const (
	plausible   = iota // a time in the window, not in the future; or no time
	future             // a time in the window, after now
	implausible        // a time outside the window, or an expired draft
)

// judge sets a reading's title, class, evidence and what makes it
// implausible.
func judge(c *Candidate, now time.Time) {
	c.Title = Title(c.Model)
	c.Evidence = evidenceOf(c)
	var why []string
	if IsBuiltin(c.Model) && strings.Contains(c.Layout, "draft") {
		why = append(why, "an expired draft")
	}
	if c.hasTime {
		switch {
		case c.at.Before(plausibleFrom):
			why = append(why, "its time is before "+plausibleFrom.Format("2006"))
		case !c.at.Before(plausibleTo):
			why = append(why, "its time is after "+plausibleTo.AddDate(-1, 0, 0).Format("2006"))
		case c.at.After(now.Add(futureSlack)):
			c.Future = true
			c.class = future
		}
	}
	if len(why) > 0 {
		c.Implausible = strings.Join(why, ", ")
		c.class = implausible
	}
}

// rank orders two readings of one text, stronger first: by the tier of
// their form (checked, canonical, universal, other), then plausible before
// in the future before implausible, more constant bits, a layout before
// its variants, a time before none, the later time.
func rank(a, b Candidate) int {
	return cmp.Or(
		cmp.Compare(formTier(&a), formTier(&b)),
		cmp.Compare(a.class, b.class),
		-cmp.Compare(Evidence(a.Model), Evidence(b.Model)),
		cmp.Compare(boolInt(isVariant(a.Model)), boolInt(isVariant(b.Model))),
		-cmp.Compare(boolInt(a.hasTime), boolInt(b.hasTime)),
		-a.at.Compare(b.at),
	)
}

// rankTimes orders readings Read weighed alike (a decimal ID's systems):
// those in the past first, then those in the future, then the
// implausible; the later time first.
func rankTimes(a, b Candidate) int {
	return cmp.Or(
		cmp.Compare(a.class, b.class),
		-cmp.Compare(boolInt(a.hasTime), boolInt(b.hasTime)),
		-a.at.Compare(b.at),
	)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Evidence counts the constant bits of a layout that tell its IDs apart
// from any bits: its ConstantBits, less the zero bits that lead the ID (a
// Snowflake's sign bit), which any small number has.
func Evidence(l *layouts.Layout) int {
	n := ConstantBits(l)
	for _, p := range view(l).Parts {
		if p.Role != layouts.Const || p.Const != 0 {
			break
		}
		n -= p.Width
	}
	return n
}

// Variant reports whether layout v is a variant of layout l: a built-in
// whose name is l's with a suffix (ksuid-ms of ksuid, uuidv7-draft01 of
// uuidv7), with the same constant bits and a time of the same epoch. It
// reads the same IDs as l with more or less precision, so it is no rival
// to l's reading.
func Variant(l, v *layouts.Layout) bool {
	lr, vr := view(l), view(v)
	if !strings.HasPrefix(vr.Name, lr.Name+"-") || ConstantBits(l) != ConstantBits(v) {
		return false
	}
	lt, lok := lr.Value(layouts.Time)
	vt, vok := vr.Value(layouts.Time)
	return lok && vok && lt.Epoch.Equal(vt.Epoch)
}

// isVariant reports whether l is a Variant of a built-in layout.
func isVariant(l *layouts.Layout) bool {
	ls, _ := builtins()
	return slices.ContainsFunc(ls, func(b *layouts.Layout) bool { return Variant(b, l) })
}

// mergeSame merges the readings, in one form, of layouts with the same
// bits (twitter and snowflake) into one: the layout whose doc names the
// other keeps the reading, and the other's name goes into its Also.
func mergeSame(cs []Candidate) []Candidate {
	var out []Candidate
next:
	for _, c := range cs {
		for i := range out {
			o := &out[i]
			if o.Form != c.Form || !SameBits(o.Model, c.Model) {
				continue
			}
			if names(view(c.Model).Doc, o.Layout) && !names(view(o.Model).Doc, c.Layout) {
				c.Also = append(append([]string{o.Layout}, o.Also...), c.Also...)
				*o = c
			} else {
				o.Also = append(o.Also, c.Layout)
			}
			continue next
		}
		out = append(out, c)
	}
	return out
}

// names reports whether doc names a layout: has its name as a word (as
// regexp's \b marks one: not beside a letter, digit or underscore).
func names(doc, name string) bool {
	word := func(c byte) bool {
		return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	if name == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(doc[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !word(doc[j-1]) || !word(name[0])) && (end == len(doc) || !word(doc[end]) || !word(name[len(name)-1])) {
			return true
		}
		i = j + 1
	}
}

// SameBits reports whether two layouts read every ID alike: the same
// parts, with the same roles, constants and positions, and the same
// values (epoch, unit, counter, node), whatever their names.
func SameBits(la, lb *layouts.Layout) bool {
	a, b := view(la), view(lb)
	if a.Bits != b.Bits || !slices.EqualFunc(a.Parts, b.Parts, sameParts) {
		return false
	}
	av, bv := a.Roles(), b.Roles()
	if len(av) != len(bv) {
		return false
	}
	for i := range av {
		x, y := av[i], bv[i]
		if x.Role != y.Role || x.Width != y.Width || !slices.Equal(x.Parts, y.Parts) || !x.Epoch.Equal(y.Epoch) ||
			x.Unit != y.Unit || x.Init != y.Init || x.Overflow != y.Overflow || x.MAC != y.MAC || x.Once != y.Once || x.Algorithm != y.Algorithm {
			return false
		}
	}
	return true
}

// Headline is the first line of a layout's spec comment, up to a colon
// and without a closing period ("UUIDv7 — RFC 9562 section 5.7"), or ""
// for a spec without one.
func Headline(l *layouts.Layout) string {
	line, _, _ := strings.Cut(strings.TrimSpace(view(l).Doc), "\n")
	line, _, _ = strings.Cut(line, ": ")
	return strings.TrimSuffix(strings.TrimSpace(line), ".")
}

// Title is a layout's name for people: its Headline up to a dash
// ("Discord" of "Discord — Discord's Snowflake").
func Title(l *layouts.Layout) string {
	t, _, _ := strings.Cut(Headline(l), " — ")
	return t
}

// sameParts reports whether two parts have the same role, constant and
// place: the model's parts compared, in the resolved view.
func sameParts(x, y resolved.Part) bool {
	return x.Run == y.Run && x.Segment == y.Segment && x.Role == y.Role && x.Const == y.Const && x.Hi == y.Hi
}
