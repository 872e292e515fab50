// Package golang generates typed Go ID packages from validated layouts.
//
// Its emitters are pure: they read a Package (layouts plus naming) and
// build Go source in memory with github.com/dave/jennifer. Generate renders
// and formats the whole file and returns it; nothing is written unless every
// emitter succeeded. The command `idforge gen` and the project's go:generate
// lines write the result to disk. Emitter is Go in idforge's registry of
// languages (package gen): the package of one layout, as Single describes
// it.
package golang

import (
	"bytes"
	"fmt"
	"go/format"
	"go/scanner"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// Package describes one generated ID package: a type and the layouts it
// carries. One package may carry a family of layouts told apart by their
// constants, as package uuid carries UUIDv1 to v8.
type Package struct {
	Name string // the Go package name, such as "uuid"
	Type string // the ID type, such as "UUID"
	// Text names the form String writes and Parse reads, as
	// resolved.TextIn takes it: "uuid", "decimal" or an encoding's name
	// ("base62", "crockford", "hex", "base58", one the spec declares).
	// Empty, it is the first member's canonical text (resolved.Layout.Text).
	Text    string
	Int64   bool // the type is an int64, as Snowflake IDs are, rather than a byte array
	Members []Member
}

// Member is one layout of a package.
type Member struct {
	Layout *layouts.Layout
	// Resolved is Layout resolved, once: what the emitters read of it
	// (runs, clock, text, sign). Generate resolves Layout where it is nil,
	// as for a Package written by hand; the Go emitter passes on the
	// resolved layout it is given.
	Resolved *resolved.Layout
	// Suffix names the layout's declarations: V7 gives V7Fields, PackV7,
	// (UUID).V7, NewV7 and FillV7. A package with one layout leaves it
	// empty: Fields, Pack, (ID).Fields, New and Fill.
	Suffix string
	// NoTime keeps the layout out of the type's Time method, for layouts
	// whose bits a reader cannot trust to be a time (UUIDv8 is custom).
	NoTime bool
}

// resolve fills each member's Resolved, resolving its Layout where a
// Package written by hand left it nil, and makes its Text the package's
// text form (resolved.TextIn), where Text or SetText chose another than
// the layout's canonical one. A form that some member's layout cannot
// write is an error matching resolved.ErrLayout.
func (p *Package) resolve() error {
	for i := range p.Members {
		m := &p.Members[i]
		r := m.Resolved
		if r == nil {
			var err error
			if r, err = resolved.New(m.Layout); err != nil {
				return fmt.Errorf("gen: %w", err)
			}
		}
		if p.Text == "" {
			p.Text = r.Text.Name
		}
		if r.Text.Name != p.Text {
			t, err := resolved.TextIn(m.Layout, p.Text)
			if err != nil {
				return fmt.Errorf("gen: package %s: %w", p.Name, err)
			}
			rc := *r
			rc.Text = t
			r = &rc
		}
		m.Resolved = r
		if err := supported(r); err != nil {
			return err
		}
	}
	return nil
}

// text returns the package's text form, resolved: its first member's, with
// the width of the longest text of any member's IDs and Signed where any
// member's is (decimal, whose width is 19 digits or 20 with Signed).
func (p *Package) text() resolved.Text {
	t := p.Members[0].Resolved.Text
	for _, m := range p.Members[1:] {
		t.Width = max(t.Width, m.Resolved.Text.Width)
		t.Signed = t.Signed || m.Resolved.Text.Signed
	}
	return t
}

// resolved returns l, a member's layout, resolved: the member's Resolved,
// which Generate has filled for every member.
func (p *Package) resolved(l *layouts.Layout) *resolved.Layout {
	for _, m := range p.Members {
		if m.Layout == l && m.Resolved != nil {
			return m.Resolved
		}
	}
	panic("gen: a layout not resolved in its package: " + l.Name)
}

// size returns the ID's size in bytes.
func (p *Package) size() int { return p.Members[0].Layout.Bytes() }

// check refuses packages the emitters cannot serve.
func (p *Package) check() error {
	if len(p.Members) == 0 {
		return fmt.Errorf("gen: package %s has no layouts", p.Name)
	}
	for _, m := range p.Members {
		if m.Layout.Bytes() != p.size() {
			return fmt.Errorf("gen: package %s mixes sizes: %s is %d bytes, %s is %d",
				p.Name, p.Members[0].Layout.Name, p.size(), m.Layout.Name, m.Layout.Bytes())
		}
		if len(p.Members) > 1 && m.Suffix == "" {
			return fmt.Errorf("gen: package %s has several layouts, so %s needs a suffix", p.Name, m.Layout.Name)
		}
	}
	if p.Int64 && p.size() != 8 {
		return fmt.Errorf("gen: an int64 ID has 8 bytes, %s has %d", p.Members[0].Layout.Name, p.size())
	}
	return nil
}

// Generate returns the formatted source of the package's generated file.
func Generate(p *Package) ([]byte, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if err := p.checkNames(); err != nil {
		return nil, err
	}
	p = p.safeText()
	if err := p.resolve(); err != nil {
		return nil, err
	}
	f := jen.NewFile(p.Name)
	f.NoFormat = true
	f.ImportName(idrtPath, "idrt")
	f.ImportName(storePath, "store")
	f.ImportName(keyPath, "maskkey")
	var sources []string
	for _, m := range p.Members {
		sources = append(sources, m.Layout.File)
	}
	f.HeaderComment(fmt.Sprintf("Code generated by idforge gen from %s. DO NOT EDIT.", strings.Join(sources, ", ")))
	for _, emit := range emitters {
		if err := emit(f, p); err != nil {
			return nil, err
		}
	}
	var raw bytes.Buffer
	if err := f.Render(&raw); err != nil {
		return nil, fmt.Errorf("gen: rendering %s: %w", p.Name, err)
	}
	src, err := format.Source(raw.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gen: the generated source of package %s does not parse: %w\n%s", p.Name, err, excerpt(raw.Bytes(), err))
	}
	if src, err = groupImports(src); err != nil {
		return nil, err
	}
	if err := checkDeclared(src, p); err != nil {
		return nil, err
	}
	return src, nil
}

// emitters run in order; each adds one concern's declarations.
var emitters = []func(*jen.File, *Package) error{
	emitGuards,
	emitType,
	emitErrors,
	emitFields,
	emitTime,
	emitBounds,
	emitGenerate,
	emitText,
	emitCodecs,
	emitMask,
}

// excerpt shows the numbered source lines around each syntax error.
func excerpt(src []byte, err error) string {
	lines := strings.Split(string(src), "\n")
	want := map[int]bool{}
	if list, ok := err.(scanner.ErrorList); ok {
		for _, e := range list {
			for l := e.Pos.Line - 3; l <= e.Pos.Line+3; l++ {
				want[l] = true
			}
		}
	}
	var b strings.Builder
	for i, line := range lines {
		if len(want) == 0 || want[i+1] {
			fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
		}
	}
	return b.String()
}

// comment writes a comment as // lines, as gofmt'd Go doc comments are,
// rather than the /* */ block jennifer uses for several lines.
func comment(f *jen.File, text string) {
	for _, line := range strings.Split(text, "\n") {
		f.Comment(commentText(line)) // whatever of a spec the text holds: a name, a title
	}
}

func commentf(f *jen.File, format string, args ...any) {
	comment(f, fmt.Sprintf(format, args...))
}

// num returns an integer literal written in decimal.
func num[T int | int64 | uint64](x T) *jen.Statement {
	return jen.Id(fmt.Sprint(x))
}
