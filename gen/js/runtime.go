package js

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// The runtime is the part of every module that does not depend on the
// layout: IDError, the text forms, the readers and writers that take a
// form and a width, the tables that fields, pack and the bounds read, and
// the random pool. It is written once, in runtime.js, as an ES module
// whose every top-level declaration is exported, with its doc comment
// above it. A self-contained module (Generate) carries the declarations it
// uses, and those they use, copied from it; a module of a package
// (GenerateShared) imports them from the runtime module (Runtime) beside
// it, so that two layouts in one bundle share one copy, and a bundler
// drops what no module of the bundle uses.

//go:embed runtime.js
var runtimeSource string

// decl is one top-level declaration of the runtime: its name, its text
// (its doc comment and code, as runtime.js has them), and the names of
// the other declarations its code uses.
type decl struct {
	name string
	text string
	uses []string
}

// runtimeDecls returns the runtime's declarations, in the order of
// runtime.js, each declared before any that uses it. They are read from
// runtime.js the first time they are needed, not when the package is
// initialised: reading them takes a quarter of a second, which every
// start of a program that imports the package (the idforge command) would
// otherwise pay, whether or not it generates JavaScript.
var runtimeDecls = sync.OnceValue(func() []decl { return parseRuntime(runtimeSource) })

var declLine = regexp.MustCompile(`^(?:export )?(?:class|function|const|let) ([A-Za-z_$][\w$]*)`)

// parseRuntime splits the runtime's source into its declarations: each
// starts at the comment lines right above a line that declares a name at
// the start of the line, and ends where the next starts.
func parseRuntime(src string) []decl {
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	var starts []int
	var names []string
	for i, line := range lines {
		m := declLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		start := i
		for start > 0 && isComment(lines[start-1]) {
			start--
		}
		starts = append(starts, start)
		names = append(names, m[1])
	}
	var ds []decl
	for k, start := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		text := strings.TrimRight(strings.Join(lines[start:end], "\n"), "\n") + "\n"
		ds = append(ds, decl{name: names[k], text: text})
	}
	for i := range ds {
		ds[i].uses = uses(code(ds[i].text), ds[:i], ds[i].name)
	}
	return ds
}

func isComment(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "/**") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "//")
}

var comments = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)

// code returns JavaScript text without its comments.
func code(text string) string { return comments.ReplaceAllString(text, "") }

// uses returns the names of the declarations among ds that code refers to
// (by a name not after a '.', so not a property), other than self.
func uses(code string, ds []decl, self string) []string {
	var out []string
	for _, d := range ds {
		if d.name != self && regexp.MustCompile(`(^|[^.\w$])`+regexp.QuoteMeta(d.name)+`\b`).MatchString(code) {
			out = append(out, d.name)
		}
	}
	return out
}

// needed returns the runtime's declarations that code uses, directly or
// through others, in the runtime's order.
func needed(code string) []decl {
	want := map[string]bool{}
	var add func(name string)
	add = func(name string) {
		if want[name] {
			return
		}
		want[name] = true
		i := slices.IndexFunc(runtimeDecls(), func(d decl) bool { return d.name == name })
		for _, u := range runtimeDecls()[i].uses {
			add(u)
		}
	}
	add("IDError") // every module exports it
	for _, name := range uses(code, runtimeDecls(), "") {
		add(name)
	}
	var out []decl
	for _, d := range runtimeDecls() {
		if want[d.name] {
			out = append(out, d)
		}
	}
	return out
}

// inline returns the declarations as a self-contained module carries them:
// only IDError is exported.
func inline(ds []decl) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString("\n")
		if d.name == "IDError" {
			b.WriteString(d.text)
		} else {
			b.WriteString(strings.Replace("\n"+d.text, "\nexport ", "\n", 1)[1:])
		}
	}
	return b.String()
}

// imports returns the import of the runtime's declarations that code uses
// from the runtime module at path, and the export of IDError, which every
// module has.
func imports(code, path string) string {
	names := append([]string{"IDError"}, uses(code, runtimeDecls(), "IDError")...)
	line := fmt.Sprintf("import { %s } from %s;", strings.Join(names, ", "), jsString(path))
	if len(line) > maxComment {
		// One name list over several lines, each within the width.
		var lines []string
		cur := ""
		for _, n := range names {
			if cur != "" && len(cur)+len(n)+4 > maxComment {
				lines = append(lines, "  "+cur)
				cur = ""
			}
			if cur != "" {
				cur += " "
			}
			cur += n + ","
		}
		lines = append(lines, "  "+strings.TrimSuffix(cur, ","))
		line = fmt.Sprintf("import {\n%s\n} from %s;", strings.Join(lines, "\n"), jsString(path))
	}
	return "\n" + line + "\n\nexport { IDError };\n"
}

// Runtime returns the runtime module that the modules GenerateShared makes
// import: every declaration of the runtime, exported.
func Runtime() []byte {
	var b strings.Builder
	b.WriteString(`// Code generated by idforge gen -lang js. DO NOT EDIT.
//
// The runtime of the modules beside it, one per layout, which import what
// they use from it: IDError, the text forms, the readers and writers that
// take a form and a width, the field and clock tables' readers, and the
// random pool. It is no API of its own: import a layout's module.
`)
	for _, d := range runtimeDecls() {
		b.WriteString("\n" + d.text)
	}
	return []byte(b.String())
}
