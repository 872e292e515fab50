package java

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/resolved"
)

// Emitter is Java in idforge's registry of languages (package gen): it
// writes the layout's class and IDException, the exception every class of
// the package throws, beside it.
type Emitter struct{}

// Name returns "java".
func (Emitter) Name() string { return "java" }

// Title returns "Java".
func (Emitter) Title() string { return "Java" }

// Summary says what the emitter writes, for idforge gen's help.
func (Emitter) Summary() string {
	return "one Java 17 class, JDK only, in FILE.java (the file names the class) or, with -o a directory (a path without an extension), CLASS.java in it, and IDException.java beside it"
}

// OutDir reports whether out names a directory: a path whose last element
// has no extension (or is . or ..), as the directory of a package's
// sources (src/main/java/com/example/ids) has none, whether it exists yet
// or not. A path with another extension than .java is neither: Generate
// refuses it.
func (Emitter) OutDir(out string) bool { return outDir(out) }

func outDir(out string) bool {
	base := filepath.Base(out)
	return filepath.Ext(base) == "" || base == "." || base == ".." || strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator))
}

// Params returns the package, which Java code must be in, the class's
// name and the text form.
func (Emitter) Params() []emit.Param {
	return []emit.Param{{Option: emit.Package, Required: true}, {Option: emit.Type}, {Option: emit.Text}}
}

// Files returns the class's file, out, and IDException.java beside it.
func (Emitter) Files(out string) []string {
	return []string{out, filepath.Join(filepath.Dir(out), ExceptionFile)}
}

// ExceptionFile is the name of the file of the exception class that every
// class of a package shares.
const ExceptionFile = "IDException.java"

// Generate returns the class and the exception. Java names a public
// class's file after it, so the two names are one: the class is named by
// o.Type, else by o.Out's file name (OrderId.java holds class OrderId),
// else after the layout (ClassName: uuidv7 gives UuidV7, ksuid-ms KsuidMs),
// and its file, without o.Out or with an o.Out that names a directory
// (OutDir), is the class's name with .java, in o.Out. A type, package or
// field name Java cannot use, an o.Out that is neither a directory nor a
// .java file, or a .java file that names another class than o.Type, a text form the class cannot write and a
// Runtime other than RuntimeClass are mistakes in the options
// (emit.ErrOption).
//
// Without o.Runtime the class is self-contained: it holds every helper it
// uses, and needs only IDException. With o.Runtime (RuntimeClass, as the
// package io.github.idforge has it) it holds only the helpers that need the
// class itself and imports the rest statically from IDRuntime, which
// Runtime writes and which must be in the same package; a layout that needs
// a helper IDRuntime does not hold is a mistake in the options.
func (e Emitter) Generate(l *resolved.Layout, o emit.Options) ([]emit.File, error) {
	if o.Runtime != "" && o.Runtime != RuntimeClass {
		return nil, emit.OptionError(fmt.Errorf("%w: the runtime of a Java package is its class %s, not %q", ErrName, RuntimeClass, o.Runtime))
	}
	typ := o.Type
	dir := "" // o.Out a directory: the class's file named after it there
	if o.Out != "" {
		base := filepath.Base(o.Out)
		name, ok := strings.CutSuffix(base, ".java")
		switch {
		case !ok && outDir(o.Out):
			dir = o.Out
		case !ok:
			class := typ
			if class == "" {
				class = ClassName(l.Name)
			}
			return nil, emit.OptionError(fmt.Errorf("%w: -o %s: name the class's file, CLASS.java, which names the class, or a directory, such as %s",
				ErrName, o.Out, filepath.Join(strings.TrimSuffix(o.Out, filepath.Ext(o.Out)), class+".java")))
		case typ == "":
			typ = name
		case typ != name:
			return nil, emit.OptionError(fmt.Errorf("%w: class %s must be in %s.java, not %s", ErrName, typ, typ, base))
		}
	}
	if typ == "" {
		typ = ClassName(l.Name)
	}
	class, err := generate(l, o.Package, typ, o.Text, o.Runtime != "")
	if errors.Is(err, ErrName) || errors.Is(err, ErrLayout) {
		return nil, emit.OptionError(err)
	}
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" || dir != "" {
		out = filepath.Join(dir, typ+".java")
	}
	names := e.Files(out)
	return []emit.File{{Name: names[0], Content: class}, {Name: names[1], Content: Exception(o.Package)}}, nil
}

// ClassName returns the default name of a layout's class, its name as Java
// writes a class's: in UpperCamelCase, a word starting at each '-' or '_',
// at a letter after a digit, and at a version's 'v' after a word's letters
// (uuidv7 gives UuidV7, uuidv8-sha256 UuidV8Sha256, uuidv7-draft01
// UuidV7Draft01, ksuid-ms KsuidMs), an acronym written as a word, as Java
// writes java.util.UUID's kin (Uuid, Ulid, Ksuid, Tsid), and the words of a
// known compound apart (objectid gives ObjectId).
func ClassName(layout string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(layout, func(r rune) bool { return r == '-' || r == '_' }) {
		if c, ok := compounds[strings.ToLower(w)]; ok {
			b.WriteString(c)
			continue
		}
		rs := []rune(w)
		for i, r := range rs {
			first := i == 0 ||
				isDigit(rs[i-1]) && !isDigit(r) ||
				(r == 'v' || r == 'V') && i+1 < len(rs) && isDigit(rs[i+1]) && !isDigit(rs[i-1])
			if first {
				b.WriteString(strings.ToUpper(string(r)))
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// compounds are the layout names of more than one word that are written
// as one: their class names.
var compounds = map[string]string{"objectid": "ObjectId"}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// upperCamel returns name in UpperCamelCase, a word starting at each '-'
// or '_' and nowhere else: crockford_check gives CrockfordCheck, unix_ms
// UnixMs.
func upperCamel(name string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}
