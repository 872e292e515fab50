package golang

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// ErrName means a name gen would paste into code is not one it can use: not
// a plain Go identifier, a keyword, or a name that clashes with another the
// generated package declares.
var ErrName = errors.New("gen: invalid name")

// checkNames refuses the package and type names, member suffixes and field
// names that the emitters could not paste into code as they are. It runs
// before any emitter; checkDeclared, after them, catches any clash left.
func (p *Package) checkNames() error {
	if err := plainName("package name", p.Name); err != nil {
		return err
	}
	if p.Name == "main" {
		return fmt.Errorf("%w: package name %q: a generated package cannot be a command", ErrName, p.Name)
	}
	if err := plainName("type name", p.Type); err != nil {
		return err
	}
	if !token.IsExported(p.Type) {
		return fmt.Errorf("%w: type name %q is not exported (it must start with an upper-case letter)", ErrName, p.Type)
	}
	for _, m := range p.Members {
		if m.Suffix != "" && (plainName("suffix", m.Suffix) != nil || !token.IsExported(m.Suffix)) {
			return fmt.Errorf("%w: suffix %q of %s is not an exported Go name", ErrName, m.Suffix, m.Resolved.Name)
		}
		l := m.Resolved
		first := map[string]*resolved.Field{}
		for i := range l.Fields {
			fd := &l.Fields[i]
			name := layouts.GoName(fd.Name)
			if err := plainName("field", name); err != nil || !token.IsExported(name) {
				return fmt.Errorf("%w: %s:%d: field %s has no exported Go name (%q)", ErrName, l.File, fd.Line, fd.Name, name)
			}
			if o, ok := first[name]; ok {
				return fmt.Errorf("%w: %s:%d: fields %s (line %d) and %s both become the Go name %s; rename one with 'as'",
					ErrName, l.File, fd.Line, o.Name, o.Line, fd.Name, name)
			}
			first[name] = fd
		}
	}
	return nil
}

// plainName refuses a name that is not a plain Go identifier: ASCII letters,
// digits and '_', not starting with a digit, and not a keyword, '_' or a
// predeclared identifier (such as int or nil).
func plainName(what, name string) error {
	fail := func(why string) error { return fmt.Errorf("%w: %s %q %s", ErrName, what, name, why) }
	if name == "" {
		return fail("is empty")
	}
	for i := range len(name) {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || i > 0 && '0' <= c && c <= '9') {
			return fail("is not a plain Go identifier (ASCII letters, digits and '_', not starting with a digit)")
		}
	}
	switch {
	case token.IsKeyword(name):
		return fail("is a Go keyword")
	case name == "_":
		return fail("is the blank identifier")
	case types.Universe.Lookup(name) != nil:
		return fail("is a predeclared Go identifier")
	}
	return nil
}

// safeText returns a copy of p whose layouts carry only text that is safe to
// paste into a comment: the spec's path is cut to its base name (keeping a
// parent directory named layouts, as idforge's own specs have) and escaped,
// and the spec's doc comment is escaped. The emitters write File and Doc
// into comments, the header among them.
func (p *Package) safeText() *Package {
	q := *p
	q.Members = append([]Member(nil), p.Members...)
	for i := range q.Members {
		r := q.Members[i].Resolved
		lines := strings.Split(r.Doc, "\n")
		for j, line := range lines {
			lines[j] = commentText(line)
		}
		q.Members[i].Resolved = r.WithSource(sourceName(r.File), strings.Join(lines, "\n"))
	}
	return &q
}

// sourceName returns the name of a spec file as the generated code's
// comments give it: its base name, after "layouts/" if it sits in a
// directory of that name, quoted if it holds anything but letters, digits,
// '.', '_', '+' and '-'.
func sourceName(file string) string {
	file = filepath.ToSlash(file)
	base := file[strings.LastIndexByte(file, '/')+1:]
	if base == "" || strings.Trim(base, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") != "" {
		base = strconv.QuoteToASCII(base)
	}
	if dir := strings.TrimSuffix(file, "/"+base); dir != file && (dir == "layouts" || strings.HasSuffix(dir, "/layouts")) {
		return "layouts/" + base
	}
	return base
}

// commentText escapes one line of text for a // comment by the rule every
// emitter follows (portable.Comment): control characters, line and
// paragraph separators, bidirectional and other format controls, invalid
// UTF-8 and byte order marks become Go escapes (which the compiler would
// otherwise refuse, or read as a line's end, or show reordered), and a
// line starting with '/' gets a space before it, since jennifer writes a
// comment that starts with // or /* as it is, as code.
func commentText(line string) string {
	line = portable.Comment(line)
	if strings.HasPrefix(line, "/") {
		return " " + line
	}
	return line
}

// checkDeclared refuses generated source that declares a name twice at
// package level, twice as a method of one type, or twice as a field of one
// struct: the names the emitters derive from the package's type, its
// layouts and their fields must all differ from each other and from the
// emitters' own. The set is read from the source itself, so no list of the
// emitters' names is kept by hand.
func checkDeclared(src []byte, p *Package) error {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("gen: the generated source of package %s does not parse: %w", p.Name, err)
	}
	pkgLevel := map[string]bool{}
	methods := map[string]bool{} // "Type.Name", methods and struct fields
	clash := func(kind, name string) error {
		if name == p.Type || name == "Null"+p.Type {
			return fmt.Errorf("%w: type name %q: the generated package declares %s %s as well; choose another", ErrName, p.Type, kind, name)
		}
		return fmt.Errorf("%w: package %s would declare %s %s twice; rename a field with 'as'", ErrName, p.Name, kind, name)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				if d.Name.Name != "init" && pkgLevel[d.Name.Name] {
					return clash("func", d.Name.Name)
				}
				pkgLevel[d.Name.Name] = true
				continue
			}
			key := recvName(d.Recv.List[0].Type) + "." + d.Name.Name
			if methods[key] {
				return clash("method or field", key)
			}
			methods[key] = true
		case *ast.GenDecl:
			for _, s := range d.Specs {
				var names []*ast.Ident
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = []*ast.Ident{s.Name}
					if st, ok := s.Type.(*ast.StructType); ok {
						for _, fl := range st.Fields.List {
							for _, n := range fl.Names {
								key := s.Name.Name + "." + n.Name
								if methods[key] {
									return clash("field", key)
								}
								methods[key] = true
							}
						}
					}
				case *ast.ValueSpec:
					names = s.Names
				}
				for _, n := range names {
					if n.Name == "_" {
						continue
					}
					if pkgLevel[n.Name] {
						return clash(d.Tok.String(), n.Name)
					}
					pkgLevel[n.Name] = true
				}
			}
		}
	}
	if pkgLevel[p.Name] {
		return fmt.Errorf("%w: package name %q: the generated package declares %s as well; choose another", ErrName, p.Name, p.Name)
	}
	return nil
}

// recvName returns the type name of a method's receiver.
func recvName(x ast.Expr) string {
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return fmt.Sprint(x)
}
