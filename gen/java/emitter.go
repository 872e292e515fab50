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
	return "one Java 17 class, JDK only, in FILE.java (the file names the class), and IDException.java beside it"
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
// else after the layout (uuidv7 gives Uuidv7, ksuid-ms KsuidMs), and its
// file, without o.Out, is the class's name with .java. A type, package or
// field name Java cannot use, an o.Out that is no .java file or names
// another class than o.Type, a text form the class cannot write and a
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
	if o.Out != "" {
		base := filepath.Base(o.Out)
		name, ok := strings.CutSuffix(base, ".java")
		switch {
		case !ok:
			class := typ
			if class == "" {
				class = ClassName(l.Name)
			}
			return nil, emit.OptionError(fmt.Errorf("%w: -o %s: name the class's file, CLASS.java, which names the class, such as %s",
				ErrName, o.Out, filepath.Join(o.Out, class+".java")))
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
	if out == "" {
		out = typ + ".java"
	}
	names := e.Files(out)
	return []emit.File{{Name: names[0], Content: class}, {Name: names[1], Content: Exception(o.Package)}}, nil
}

// ClassName returns the default name of a layout's class: its name in
// UpperCamelCase, each run of letters and digits after a '-' or '_'
// starting with a capital (uuidv7-draft01 gives Uuidv7Draft01).
func ClassName(layout string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(layout, func(r rune) bool { return r == '-' || r == '_' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}
