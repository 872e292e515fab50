package layouts

import (
	"fmt"
	"go/token"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/idforge/idforge/encodings"
)

// MaxBits is the widest layout Parse accepts.
const MaxBits = 1024

// MaxSpecSize is the largest spec, in bytes, that Parse reads: a spec of the
// widest layout with a comment on every line is a few kilobytes, so text
// larger than this is not a spec. A program that reads a spec from a file
// reads at most MaxSpecSize+1 bytes of it, as ReadSpec does, rather
// than a whole file of anything only to have Parse refuse it.
const MaxSpecSize = 1 << 20

// bom is the UTF-8 byte-order mark that some editors write at the start of
// a file.
const bom = "\ufeff"

// UnixEpoch returns the epoch a spec names "unix": 1970-01-01 UTC. It is a
// function, not a variable, so that no caller can change it for everyone.
func UnixEpoch() time.Time { return time.Unix(0, 0).UTC() }

// GregorianEpoch returns the epoch a spec names "gregorian": 1582-10-15 UTC,
// the start of the Gregorian calendar and of RFC 9562's UUIDv1 and v6 time.
func GregorianEpoch() time.Time { return time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC) }

var (
	layoutName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	identName  = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	refSyntax  = regexp.MustCompile(`^([a-z][a-z0-9_]*)(?:\[([0-9]+):([0-9]+)\])?$`)
)

var roleWords = map[string]Role{
	"time": Time, "counter": Counter, "clockseq": ClockSeq, "node": Node,
	"random": Random, "hash": Hash,
}

var digestBits = map[string]int{"md5": 128, "sha1": 160, "sha256": 256}

// Parse reads one layout spec. file names the spec in error messages.
// A UTF-8 byte-order mark at the start, as some editors save one, is
// skipped; a spec larger than MaxSpecSize is refused (ErrTooLarge).
//
// Parse reports every problem it finds in one go: the error is an ErrorList
// of *Error values in line order, each naming the line and the segment or
// field, so errors.Is matches the kind of any of them and errors.As finds
// the first. It checks each line on its own, then the spec as a whole:
// widths, names, roles, the rules of RFC 9562, and a clock that has already
// overflowed (ErrOverflow; one that overflows within 10 years is only a
// warning, see Layout.Warnings). A problem that would only repeat an
// earlier one (a line that could not be read leaves nothing to check the
// whole spec against) is not reported twice.
//
// RFC 9562's rules (ErrVersion) apply to a 128-bit layout with a segment
// named ver or version, or with a 4-bit constant at bits 48 to 51 and the
// 2-bit constant 0b10 at bits 64 and 65 (bits counted from the most
// significant end): its version must be a 4-bit constant at bits 48 to 51,
// neither 0 (unused) nor 15 (the Max UUID's), and bits 64 and 65 must be
// the 2-bit constant variant 0b10. A layout that passes them with the
// shape is a UUID layout (Layout.IsUUID).
func Parse(file string, src []byte) (*Layout, error) {
	p := &parser{file: file}
	if len(src) > MaxSpecSize {
		p.add(p.errf(0, "", ErrTooLarge, "larger than %d bytes (1 MiB), which no spec needs: is it a spec?", MaxSpecSize))
		return nil, p.errs
	}
	p.read(strings.TrimPrefix(string(src), bom))
	if len(p.errs) == 0 {
		p.build()
	}
	if len(p.errs) > 0 {
		slices.SortStableFunc(p.errs, func(a, b *Error) int { return a.Line - b.Line })
		return nil, p.errs
	}
	return p.l, nil
}

// ReadSpec reads a spec from r, at most MaxSpecSize+1 bytes of it, and
// parses it as Parse does: a reader with more than MaxSpecSize bytes is
// refused (ErrTooLarge) without reading the rest. file names the spec in
// error messages. An error reading r is returned as it is. A nil r reads
// as an empty spec.
func ReadSpec(file string, r io.Reader) (*Layout, error) {
	if r == nil {
		return Parse(file, nil)
	}
	src, err := io.ReadAll(io.LimitReader(r, MaxSpecSize+1))
	if err != nil {
		return nil, err
	}
	return Parse(file, src)
}

type parser struct {
	file   string
	header int // the header's line
	text   int // the text line's, or 0
	l      *Layout
	segs   []rawSegment
	errs   ErrorList
}

// add records an error, if there is one, and reports whether there was.
func (p *parser) add(err error) bool {
	if err == nil {
		return false
	}
	p.errs = append(p.errs, err.(*Error))
	return true
}

// rawSegment and rawPart are a segment line as written, before the checks
// that need the whole spec.
type rawSegment struct {
	name, alias string
	line, width int // width is 0 when it could not be read
	parts       []rawPart
	bad         bool // the line has an error, reported, and its parts may be missing
}

type rawPart struct {
	ref    string // the role word, or the field name of a named split field
	role   Role
	named  bool // ref is a field name
	roled  bool // a role word was written (always true unless named)
	sliced bool
	lo, hi int
	args   []string
	value  uint64 // for a constant
}

func (p *parser) errf(line int, name string, kind error, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Field: name, Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// read splits the text into the header and raw segments, checking each line
// on its own, and then checks what needs only the raw segments.
func (p *parser) read(src string) {
	var doc []string
	for i, text := range strings.Split(src, "\n") {
		line := i + 1
		if c := strings.IndexByte(text, '#'); c >= 0 {
			if p.l == nil && strings.TrimSpace(text[:c]) == "" {
				doc = append(doc, strings.TrimSpace(text[c+1:]))
			}
			text = text[:c]
		}
		words := strings.Fields(text)
		if len(words) == 0 {
			continue
		}
		if p.l == nil {
			if !p.readHeader(line, words) {
				return // not a header at all: the lines after it cannot be read as segments
			}
			p.l.Doc = strings.TrimSpace(strings.Join(doc, "\n"))
			continue
		}
		if words[0] == "layout" {
			p.add(p.errf(line, "", ErrSyntax, "a spec holds one layout; %q was declared on line %d", p.l.Name, p.header))
			continue
		}
		if words[0] == "text" && len(words) == 2 {
			p.add(p.readText(line, words[1]))
			continue
		}
		if words[0] == "encoding" {
			p.add(p.readEncoding(line, text))
			continue
		}
		seg, err := p.readSegment(line, words)
		seg.bad = p.add(err)
		p.segs = append(p.segs, seg)
	}
	if p.l == nil {
		p.add(p.errf(1, "", ErrSyntax, "no layout header (want: layout NAME BITS)"))
		return
	}
	if len(p.segs) == 0 {
		p.add(p.errf(p.header, "", ErrSyntax, "layout %s has no segments", p.l.Name))
		return
	}
	p.checkText()
	p.checkNames()
	if p.checkWidths() {
		p.checkUUID()
	}
}

// readHeader reads the header line and reports whether it is one. A
// header with a bad name or width still starts the layout, with what could
// be read (Bits 0 for a bad width), so that the segments are checked too.
func (p *parser) readHeader(line int, w []string) bool {
	if w[0] != "layout" {
		p.add(p.errf(line, "", ErrSyntax, "want the header first: layout NAME BITS"))
		return false
	}
	p.header = line
	p.l = &Layout{File: p.file}
	if len(w) != 3 {
		p.add(p.errf(line, "", ErrSyntax, "want the header first: layout NAME BITS"))
		return true
	}
	p.l.Name = w[1]
	if !layoutName.MatchString(w[1]) {
		p.add(p.errf(line, w[1], ErrName, "a layout name is lower case letters, digits and '-'"))
	}
	n, err := strconv.Atoi(w[2])
	if err != nil || n <= 0 || n%8 != 0 || n > MaxBits {
		p.add(p.errf(line, w[1], ErrWidth, "total width %q is not a multiple of 8 bits from 8 to %d", w[2], MaxBits))
	} else {
		p.l.Bits = n
	}
	return true
}

// readText reads the line "text FORM", which declares the layout's
// canonical text form: once, and uuid only for a 128-bit layout. That FORM
// names an encoding is checked once every line is read (checkText), as the
// spec may declare it below.
func (p *parser) readText(line int, form string) error {
	switch {
	case p.text != 0:
		return p.errf(line, "", ErrSyntax, "the text form was declared on line %d already", p.text)
	case form == "uuid" && p.l.Bits != 128 && p.l.Bits != 0:
		return p.errf(line, "", ErrWidth, "the uuid text form needs a 128-bit layout, not %d bits", p.l.Bits)
	case form == "decimal" && p.l.Bits != 64 && p.l.Bits != 0:
		return p.errf(line, "", ErrWidth, "the decimal text form needs a 64-bit layout, not %d bits", p.l.Bits)
	}
	p.text = line
	p.l.Text = form
	return nil
}

// readEncoding reads a line "encoding NAME TITLE DIGITS [OPTION ...]",
// which declares an encoding the spec's text line may name.
func (p *parser) readEncoding(line int, text string) error {
	e, err := encodings.Declare(text)
	if err != nil {
		return p.errf(line, "", ErrSyntax, "%v", err)
	}
	s := e.Spec()
	if s.Name == "uuid" || slices.ContainsFunc(p.l.Encodings, func(d encodings.Spec) bool { return d.Name == s.Name }) {
		return p.errf(line, s.Name, ErrName, "encoding %q is declared twice (or is uuid)", s.Name)
	}
	p.l.Encodings = append(p.l.Encodings, s)
	return nil
}

// checkText checks that the text line names an encoding: uuid, a built-in
// one or one the spec declares, and one that can write an ID of the
// layout's size.
func (p *parser) checkText() {
	if p.text == 0 || p.l.Text == "uuid" || p.l.Text == "decimal" {
		return
	}
	e, err := p.l.Encoding(p.l.Text)
	switch {
	case err != nil:
		p.add(p.errf(p.text, "", ErrSyntax, "unknown text form %q (want uuid, decimal, %s, or an encoding the spec declares)", p.l.Text, strings.Join(encodings.Names(), ", ")))
	case p.l.Bits != 0 && e.EncodedLen(p.l.Bytes()) < 0:
		p.add(p.errf(p.text, "", ErrWidth, "%s cannot write %d bits", e.Title(), p.l.Bits))
	}
}

func (p *parser) readSegment(line int, w []string) (rawSegment, error) {
	seg := rawSegment{name: w[0], line: line}
	if !identName.MatchString(seg.name) {
		return seg, p.errf(line, seg.name, ErrName, "a name is lower case letters, digits and '_', starting with a letter")
	}
	if len(w) < 3 {
		return seg, p.errf(line, seg.name, ErrSyntax, "want NAME WIDTH CONTENT")
	}
	limit := p.l.Bits
	if limit == 0 { // the header's width was bad
		limit = MaxBits
	}
	width, err := strconv.Atoi(w[1])
	if err != nil || width <= 0 || width > limit {
		return seg, p.errf(line, seg.name, ErrWidth, "width %q is not a number of bits from 1 to %d", w[1], limit)
	}
	seg.width = width
	rest := w[2:]
	if n := len(rest); n >= 2 && rest[n-2] == "as" {
		seg.alias = rest[n-1]
		if !identName.MatchString(seg.alias) {
			return seg, p.errf(line, seg.name, ErrName, "field name %q is not lower case letters, digits and '_'", seg.alias)
		}
		rest = rest[:n-2]
	}
	if len(rest) == 0 {
		return seg, p.errf(line, seg.name, ErrSyntax, "want NAME WIDTH CONTENT [as FIELD]")
	}
	if rest[0] == "=" || strings.HasPrefix(rest[0], "=") {
		return p.readConst(seg, rest)
	}
	for len(rest) > 0 {
		end := slices.Index(rest, "+")
		if end < 0 {
			end = len(rest)
		}
		if end == 0 {
			return seg, p.errf(line, seg.name, ErrSyntax, "a '+' with no part before it")
		}
		part, err := p.readPart(seg, rest[:end])
		if err != nil {
			return seg, err
		}
		seg.parts = append(seg.parts, part)
		rest = rest[end:]
		if len(rest) > 0 {
			rest = rest[1:]
			if len(rest) == 0 {
				return seg, p.errf(line, seg.name, ErrSyntax, "a '+' with no part after it")
			}
		}
	}
	return seg, nil
}

func (p *parser) readConst(seg rawSegment, rest []string) (rawSegment, error) {
	text := strings.TrimPrefix(strings.Join(rest, " "), "=")
	text = strings.TrimSpace(text)
	if seg.alias != "" {
		return seg, p.errf(seg.line, seg.name, ErrSyntax, "a constant is not a field, so it takes no 'as' name")
	}
	v, err := strconv.ParseUint(strings.ReplaceAll(text, "_", ""), 0, 64)
	if err != nil {
		return seg, p.errf(seg.line, seg.name, ErrConst, "constant %q is not a number (decimal, 0b, 0o or 0x)", text)
	}
	if seg.width < 64 && v>>seg.width != 0 {
		return seg, p.errf(seg.line, seg.name, ErrConst, "constant %s does not fit in %d bits", text, seg.width)
	}
	seg.parts = []rawPart{{role: Const, value: v}}
	return seg, nil
}

func (p *parser) readPart(seg rawSegment, w []string) (rawPart, error) {
	m := refSyntax.FindStringSubmatch(w[0])
	if m == nil {
		return rawPart{}, p.errf(seg.line, seg.name, ErrRole, "%q is not a role (time, counter, clockseq, node, random, hash) or NAME[lo:hi]", w[0])
	}
	part := rawPart{ref: m[1], args: w[1:]}
	if m[2] != "" {
		part.sliced = true
		part.lo, _ = strconv.Atoi(m[2])
		part.hi, _ = strconv.Atoi(m[3])
		if part.lo >= part.hi || part.hi > MaxBits {
			return part, p.errf(seg.line, seg.name, ErrSlice, "slice [%s:%s] is empty or reversed", m[2], m[3])
		}
	}
	if r, ok := roleWords[part.ref]; ok {
		part.role, part.roled = r, true
		return part, p.checkArgs(seg, part)
	}
	if !part.sliced {
		return part, p.errf(seg.line, seg.name, ErrRole, "unknown role %q", part.ref)
	}
	// NAME[lo:hi]: bits of a named field split over several segments,
	// optionally followed by the field's role.
	part.named = true
	if len(part.args) > 0 {
		if r, ok := roleWords[part.args[0]]; ok {
			part.role, part.roled, part.args = r, true, part.args[1:]
			return part, p.checkArgs(seg, part)
		}
	}
	return part, nil
}

// checkArgs checks the arguments of one part with a known role, as far as
// they can be checked on their own line: each must be one the role takes,
// and none given twice. It reports every bad argument, and returns the
// first error.
func (p *parser) checkArgs(seg rawSegment, part rawPart) error {
	v := Value{Role: part.role}
	var first error
	for _, a := range part.args {
		if a == "bytes" {
			continue
		}
		if err := p.readArg(&v, seg, a); err != nil {
			if first == nil {
				first = err
			} else {
				p.add(err)
			}
		}
	}
	return first
}

// build lays out the segments and parts, then derives the fields and the
// role values, checking everything that needs the whole spec. It runs in
// stages, each reporting every problem it finds, and stops after a stage
// that found any: the later stages read what the earlier ones built.
func (p *parser) build() {
	l := p.l
	if p.resolveNamedRoles() {
		return
	}
	offset, bad := 0, false
	for si, rs := range p.segs {
		seg := Segment{Name: rs.name, Line: rs.line, Offset: offset, Width: rs.width, Field: -1}
		bad = p.add(p.placeParts(si, rs, &seg)) || bad
		l.Segments = append(l.Segments, seg)
		offset += rs.width
	}
	if bad || p.buildValues() {
		return
	}
	_, hasTime := l.Value(Time)
	for _, v := range l.Values {
		if (v.Role == Counter || v.Role == ClockSeq) && !hasTime {
			rs, _ := p.partSource(v.Parts[0])
			p.add(p.errf(rs.line, rs.name, ErrRole, "a %s orders IDs within a tick, so the layout needs a time", v.Role))
		}
	}
	if p.buildFields() {
		return
	}
	p.checkOverflow()
}

// checkWidths checks that the segments fill the layout exactly, when every
// width could be read, and reports whether they do.
func (p *parser) checkWidths() bool {
	offset := 0
	for _, rs := range p.segs {
		if rs.width == 0 {
			return false // reported on its line
		}
		offset += rs.width
	}
	if p.l.Bits == 0 {
		return false // reported on the header's line
	}
	if offset != p.l.Bits {
		p.add(p.errf(p.header, p.l.Name, ErrWidth, "the segments add up to %d bits, but the layout is %d", offset, p.l.Bits))
		return false
	}
	return true
}

func (p *parser) checkNames() {
	seen := map[string]int{}
	for _, rs := range p.segs {
		if prev, ok := seen[rs.name]; ok {
			p.add(p.errf(rs.line, rs.name, ErrName, "duplicate segment name (first on line %d)", prev))
			continue
		}
		seen[rs.name] = rs.line
	}
}

// resolveNamedRoles gives every part of a named split field the role written
// on one of its segments. It reports whether it found problems.
func (p *parser) resolveNamedRoles() (bad bool) {
	type info struct {
		role Role
		line int
	}
	roles := map[string]info{}
	for _, rs := range p.segs {
		for _, rp := range rs.parts {
			if !rp.named {
				continue
			}
			if len(rs.parts) != 1 {
				bad = p.add(p.errf(rs.line, rs.name, ErrSyntax, "a segment holding bits of field %q holds nothing else", rp.ref))
				continue
			}
			if rs.alias != "" {
				bad = p.add(p.errf(rs.line, rs.name, ErrSyntax, "a segment of split field %q takes no 'as' name", rp.ref))
			}
			if !rp.roled {
				continue
			}
			if prev, ok := roles[rp.ref]; ok && prev.role != rp.role {
				bad = p.add(p.errf(rs.line, rp.ref, ErrRole, "role %s conflicts with %s on line %d", rp.role, prev.role, prev.line))
				continue
			}
			roles[rp.ref] = info{rp.role, rs.line}
		}
	}
	noRole := map[string]bool{} // fields reported for having no role
	for si := range p.segs {
		rs := &p.segs[si]
		for pi := range rs.parts {
			rp := &rs.parts[pi]
			if !rp.named || rp.roled {
				continue
			}
			in, ok := roles[rp.ref]
			if !ok {
				if _, told := noRole[rp.ref]; !told {
					bad = p.add(p.errf(rs.line, rp.ref, ErrRole, "field %q is given no role on any of its segments", rp.ref))
					noRole[rp.ref] = true
				}
				continue
			}
			rp.role = in.role
		}
	}
	return bad
}

// placeParts gives the parts of a segment their widths and offsets.
func (p *parser) placeParts(si int, rs rawSegment, seg *Segment) error {
	l := p.l
	sliced, open := 0, -1
	for i, rp := range rs.parts {
		if rp.role == Const || rp.sliced {
			sliced += rp.hi - rp.lo
			continue
		}
		if open >= 0 {
			return p.errf(rs.line, rs.name, ErrWidth, "parts %s and %s both lack a [lo:hi] width", rs.parts[open].ref, rp.ref)
		}
		open = i
	}
	if rs.parts[0].role == Const {
		sliced = rs.width
	}
	if sliced > rs.width || (open < 0 && sliced != rs.width) || (open >= 0 && sliced == rs.width) {
		return p.errf(rs.line, rs.name, ErrWidth, "its parts add up to %d bits, but the segment is %d", sliced, rs.width)
	}
	offset := seg.Offset
	for i, rp := range rs.parts {
		part := Part{Segment: si, Role: rp.role, Offset: offset, Const: rp.value, Lo: rp.lo, Hi: rp.hi}
		switch {
		case rp.role == Const:
			part.Width = rs.width
		case i == open:
			part.Width = rs.width - sliced
		default:
			part.Width = rp.hi - rp.lo
		}
		seg.Parts = append(seg.Parts, len(l.Parts))
		l.Parts = append(l.Parts, part)
		offset += part.Width
	}
	return nil
}

// partSource is where a part was written, for its arguments and messages.
func (p *parser) partSource(pi int) (rawSegment, rawPart) {
	part := p.l.Parts[pi]
	rs := p.segs[part.Segment]
	return rs, rs.parts[slices.Index(p.l.Segments[part.Segment].Parts, pi)]
}

// buildValues gathers the parts of each role into its logical value, checks
// that slices tile it and reads the role's arguments. It reports whether it
// found problems; a role with one is left out of the values.
func (p *parser) buildValues() (bad bool) {
	l := p.l
	for _, role := range []Role{Time, Counter, ClockSeq, Node, Random, Hash} {
		v := Value{Role: role}
		anySliced, anyPlain := -1, -1
		for pi, part := range l.Parts {
			if part.Role != role {
				continue
			}
			v.Parts = append(v.Parts, pi)
			if _, rp := p.partSource(pi); rp.sliced {
				anySliced = pi
			} else {
				anyPlain = pi
			}
		}
		if len(v.Parts) == 0 {
			continue
		}
		if anySliced >= 0 && anyPlain >= 0 {
			rs, _ := p.partSource(anyPlain)
			bad = p.add(p.errf(rs.line, rs.name, ErrSlice, "some %s bits are sliced with [lo:hi] and these are not; slice them all or none", role))
			continue
		}
		if p.readArgs(&v) {
			bad = true
			continue
		}
		if anySliced >= 0 {
			if role == Random {
				rs, _ := p.partSource(anySliced)
				bad = p.add(p.errf(rs.line, rs.name, ErrSlice, "random bits are independent and take no [lo:hi]"))
				continue
			}
			if p.add(p.checkTiling(&v)) {
				bad = true
				continue
			}
		} else {
			if role == Hash {
				rs, _ := p.partSource(anyPlain)
				bad = p.add(p.errf(rs.line, rs.name, ErrSlice, "say which digest bits each hash part holds: hash[lo:hi]"))
				continue
			}
			// Unsliced parts hold the value in layout order, most significant first.
			for _, pi := range v.Parts {
				v.Width += l.Parts[pi].Width
			}
			hi := v.Width
			for _, pi := range v.Parts {
				l.Parts[pi].Hi, l.Parts[pi].Lo = hi, hi-l.Parts[pi].Width
				hi -= l.Parts[pi].Width
			}
		}
		if p.add(p.checkValue(&v)) {
			bad = true
			continue
		}
		l.Values = append(l.Values, v)
	}
	return bad
}

// checkTiling checks that the slices of a value neither overlap nor leave a
// gap. A hash's slices only need to stay inside the digest.
func (p *parser) checkTiling(v *Value) error {
	l := p.l
	order := slices.Clone(v.Parts)
	slices.SortFunc(order, func(a, b int) int { return l.Parts[a].Lo - l.Parts[b].Lo })
	next := 0
	for _, pi := range order {
		part := l.Parts[pi]
		rs, _ := p.partSource(pi)
		switch {
		case part.Lo < next:
			return p.errf(rs.line, rs.name, ErrSlice, "%s bits [%d:%d] overlap bits below %d held elsewhere", v.Role, part.Lo, part.Hi, next)
		case part.Lo > next && v.Role != Hash:
			return p.errf(rs.line, rs.name, ErrSlice, "%s bits [%d:%d] are held nowhere", v.Role, next, part.Lo)
		}
		next = part.Hi
	}
	if v.Role == Hash {
		if next > v.Width {
			rs, _ := p.partSource(order[len(order)-1])
			return p.errf(rs.line, rs.name, ErrSlice, "%s has %d bits, fewer than the slices use", v.Algorithm, v.Width)
		}
		return nil
	}
	v.Width = next
	return nil
}

// readArgs reads a role's arguments, which may be written on any one of its
// parts (and "bytes", which belongs to the field, on any of them). It
// reports whether it found problems.
func (p *parser) readArgs(v *Value) (bad bool) {
	var at *rawSegment
	for _, pi := range v.Parts {
		rs, rp := p.partSource(pi)
		args := slices.DeleteFunc(slices.Clone(rp.args), func(a string) bool { return a == "bytes" })
		if len(args) == 0 {
			continue
		}
		if at != nil {
			bad = p.add(p.errf(rs.line, rs.name, ErrRole, "the %s arguments were already given on line %d", v.Role, at.line))
			continue
		}
		at = &rs
		for _, a := range args {
			bad = p.add(p.readArg(v, rs, a)) || bad
		}
	}
	if bad {
		return true
	}
	line, name := p.header, p.l.Name
	if at != nil {
		line, name = at.line, at.name
	} else if len(v.Parts) > 0 {
		rs, _ := p.partSource(v.Parts[0])
		line, name = rs.line, rs.name
	}
	switch {
	case v.Role == Time && (v.Unit == Unit{} || v.Epoch.IsZero()):
		return p.add(p.errf(line, name, ErrUnit, "time needs an epoch (unix, gregorian or an RFC 3339 instant) and a unit (such as ms)"))
	case v.Role == Hash && v.Algorithm == "":
		return p.add(p.errf(line, name, ErrRole, "hash needs an algorithm: md5, sha1 or sha256"))
	case v.Role == Counter && v.Init == InitRunning:
		v.Overflow = OverflowWrap
	case v.Role == Counter && v.Overflow == OverflowWrap:
		return p.add(p.errf(line, name, ErrRole, "only a running counter wraps"))
	}
	return false
}

// setOnce records one argument, refusing a second of the same kind.
func (p *parser) setOnce(rs rawSegment, kind string, set *bool) error {
	if *set {
		return p.errf(rs.line, rs.name, ErrRole, "%s given twice", kind)
	}
	*set = true
	return nil
}

func (p *parser) readArg(v *Value, rs rawSegment, a string) error {
	switch v.Role {
	case Time:
		if u, ok := parseUnit(a); ok {
			if v.Unit != (Unit{}) {
				return p.errf(rs.line, rs.name, ErrUnit, "two units: %q", a)
			}
			v.Unit = u
			return nil
		}
		if e, ok := parseEpoch(a); ok {
			if !v.Epoch.IsZero() {
				return p.errf(rs.line, rs.name, ErrUnit, "two epochs: %q", a)
			}
			v.Epoch = e
			return nil
		}
		return p.errf(rs.line, rs.name, ErrUnit, "%q is neither a unit (s, ms, us, ns, 10ms, 100ns, ms/4096, 2^-12s, ...) nor an epoch (unix, gregorian, 2006-01-02T15:04:05Z)", a)
	case Counter:
		for i := InitZero; i <= InitRunning; i++ {
			if a == i.String() {
				v.Init = i
				return nil
			}
		}
		for o := OverflowWait; o <= OverflowWrap; o++ {
			if a == o.String() {
				v.Overflow = o
				return nil
			}
		}
	case Node:
		if a == "mac" {
			return p.setOnce(rs, "mac", &v.MAC)
		}
	case Random:
		if a == "once" {
			return p.setOnce(rs, "once", &v.Once)
		}
	case Hash:
		if n, ok := digestBits[a]; ok && v.Algorithm == "" {
			v.Algorithm, v.Width = a, n
			return nil
		}
	}
	return p.errf(rs.line, rs.name, ErrRole, "unknown %s argument %q", v.Role, a)
}

// checkValue checks limits that depend on the value's width.
func (p *parser) checkValue(v *Value) error {
	rs, _ := p.partSource(v.Parts[0])
	switch {
	case v.Role == Time && v.Width > 64:
		return p.errf(rs.line, rs.name, ErrTooWide, "a time of %d bits is wider than 64", v.Width)
	case (v.Role == Node || v.Role == ClockSeq) && v.Width > 64:
		return p.errf(rs.line, rs.name, ErrTooWide, "a %s of %d bits is wider than 64", v.Role, v.Width)
	case v.Role == Node && v.MAC && v.Width != 48:
		return p.errf(rs.line, rs.name, ErrRole, "a mac node has 48 bits, not %d", v.Width)
	}
	return nil
}

// buildFields derives the struct fields from the segments. It reports
// whether it found problems.
func (p *parser) buildFields() (bad bool) {
	l := p.l
	named := map[string]int{}
	for si := range l.Segments {
		seg := &l.Segments[si]
		rs := p.segs[si]
		first := rs.parts[0]
		bytesArg := false
		for _, rp := range rs.parts {
			bytesArg = bytesArg || slices.Contains(rp.args, "bytes")
		}
		switch {
		case first.role == Const:
			continue
		case first.named:
			fi, ok := named[first.ref]
			if !ok {
				fi = len(l.Fields)
				named[first.ref] = fi
				l.Fields = append(l.Fields, Field{Name: first.ref, Line: rs.line, Role: first.role, Lo: []int{}, Hi: []int{}})
			}
			f := &l.Fields[fi]
			f.Segments = append(f.Segments, si)
			f.Lo, f.Hi = append(f.Lo, first.lo), append(f.Hi, first.hi)
			f.Width = max(f.Width, first.hi)
			f.Bytes = f.Bytes || bytesArg
			seg.Field = fi
		default:
			name := rs.name
			if rs.alias != "" {
				name = rs.alias
			}
			role := l.Parts[seg.Parts[0]].Role
			for _, pi := range seg.Parts {
				if l.Parts[pi].Role != role {
					role = Mixed
				}
			}
			seg.Field = len(l.Fields)
			l.Fields = append(l.Fields, Field{Name: name, Line: rs.line, Width: seg.Width, Bytes: bytesArg, Segments: []int{si}, Role: role})
		}
	}
	seen := map[string]int{}
	for fi := range l.Fields {
		f := &l.Fields[fi]
		if prev, ok := seen[f.Name]; ok {
			bad = p.add(p.errf(f.Line, f.Name, ErrName, "duplicate field name (first on line %d)", prev))
			continue
		}
		seen[f.Name] = f.Line
		if token.IsKeyword(f.Name) {
			bad = p.add(p.errf(f.Line, f.Name, ErrName, "field name %q is a Go keyword", f.Name))
		}
		for _, seg := range l.Segments {
			if seg.Name == f.Name && seg.Field != fi {
				bad = p.add(p.errf(f.Line, f.Name, ErrName, "field %q has the name of segment %s on line %d", f.Name, seg.Name, seg.Line))
			}
		}
		bad = p.add(p.checkField(f)) || bad
	}
	return bad
}

func (p *parser) checkField(f *Field) error {
	l := p.l
	if f.Split() {
		type span struct{ lo, hi, line int }
		var spans []span
		for i, si := range f.Segments {
			spans = append(spans, span{f.Lo[i], f.Hi[i], l.Segments[si].Line})
		}
		slices.SortFunc(spans, func(a, b span) int { return a.lo - b.lo })
		next := 0
		for _, s := range spans {
			if s.lo < next {
				return p.errf(s.line, f.Name, ErrSlice, "bits [%d:%d] overlap bits below %d held elsewhere", s.lo, s.hi, next)
			}
			if s.lo > next {
				return p.errf(s.line, f.Name, ErrSlice, "bits [%d:%d] are held nowhere", next, s.lo)
			}
			next = s.hi
		}
		for _, v := range l.Values {
			if v.Role == f.Role && v.Width != f.Width {
				return p.errf(f.Line, f.Name, ErrSlice, "split field %q must hold all of the %s bits", f.Name, f.Role)
			}
		}
	}
	if f.Bytes {
		seg := l.Segments[f.Segments[0]]
		if f.Split() || f.Width%8 != 0 || seg.Offset%8 != 0 {
			return p.errf(f.Line, f.Name, ErrWidth, "a bytes field is a whole number of bytes on a byte boundary")
		}
	} else if f.Width > 64 {
		return p.errf(f.Line, f.Name, ErrTooWide, "%d bits is wider than 64; declare it bytes", f.Width)
	}
	return nil
}

// parseUnit reads a tick length: s, ms, us (or µs), ns, an integer multiple
// of one of them (10ms, 100ns), either of those divided by an integer
// (ms/4096, the 1/4096 ms of RFC 9562 §6.2 method 3; 10us/3), or a binary
// fraction of a second (2^-12s).
func parseUnit(s string) (Unit, bool) {
	if rest, ok := strings.CutPrefix(s, "2^-"); ok {
		n, err := strconv.Atoi(strings.TrimSuffix(rest, "s"))
		if err != nil || !strings.HasSuffix(rest, "s") || n < 1 || n > 63 {
			return Unit{}, false
		}
		return Unit{1, 1 << n}, true
	}
	div := uint64(1)
	if base, n, ok := strings.Cut(s, "/"); ok {
		d, err := strconv.ParseUint(n, 10, 32)
		if err != nil || d == 0 || n[0] == '+' {
			return Unit{}, false
		}
		s, div = base, d
	}
	digits := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	if digits < 0 {
		return Unit{}, false
	}
	mult := uint64(1)
	if digits > 0 {
		m, err := strconv.ParseUint(s[:digits], 10, 32)
		if err != nil || m == 0 {
			return Unit{}, false
		}
		mult = m
	}
	var den uint64
	switch s[digits:] {
	case "s":
		den = 1
	case "ms":
		den = 1e3
	case "us", "µs":
		den = 1e6
	case "ns":
		den = 1e9
	default:
		return Unit{}, false
	}
	g := gcd(mult, den)
	mult, den = mult/g, den/g
	// div and den are at most 2^32 and 10^9: den*div fits.
	den *= div
	g = gcd(mult, den)
	return Unit{mult / g, den / g}, true
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func parseEpoch(s string) (time.Time, bool) {
	switch s {
	case "unix":
		return UnixEpoch(), true
	case "gregorian":
		return GregorianEpoch(), true
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}
