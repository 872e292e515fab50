// Package scripts makes the JavaScript, Python and Java packages of
// idforge's built-in layouts: one ES module (and its TypeScript
// declarations), one Python module and one Java class for each built-in
// layout, named after it, the runtime each package's modules share
// (runtime.js, _runtime.py, IDRuntime.java), and the package.json,
// pyproject.toml, pom.xml, READMEs and licence copies that let them be
// published as the npm package idforge, the Python distribution idforge
// and the Maven artifact io.github.idforge:idforge.
//
// The repository keeps none of them: they are built, from the layouts and
// the emitters of today, by
//
//	go run ./gen/tools/packages -o DIR
//
// into DIR/js (the npm package), DIR/python (the Python project) and
// DIR/java (the Maven project), which Write writes. The tests that run the
// packages build them afresh, once per test process, into a temporary
// directory; the release tool builds them to assemble what it publishes.
//
// Packages lists the packages of modules, each by its language in
// idforge's registry (package gen), whose emitter writes the modules.
package scripts

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/gen/java"
	"github.com/idforge/idforge/gen/js"
	"github.com/idforge/idforge/gen/python"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/resolved"
)

// Version is the version of the npm package idforge and of the Python
// distribution idforge, written into package.json and pyproject.toml. It is
// the one place that says it: idforge has one version for its Go modules
// (the tags vX.Y.Z, gen/vX.Y.Z, cmd/idforge/vX.Y.Z, ...), npm and Python,
// so a release sets it to the tags' version without the "v", adds that
// version's section to CHANGELOG.md (TestChangelog checks there is one),
// and runs go generate.
const Version = "0.1.0"

// NodeEngines is package.json's engines.node: the versions of Node that
// import the package's ES modules and also require() them from CommonJS
// without a flag, which Node does from 20.19.0 in the 20 line and from
// 22.12.0 on (23.0.0 and later too). Node 22.0 to 22.11 and 20.17 to 20.18
// need --experimental-require-module, and Node 21 and older 20s cannot
// require one at all, so the range leaves them out.
const NodeEngines = "^20.19.0 || >=22.12.0"

// File is one generated file: its path, with slashes, from the directory
// the packages are built into (js/..., python/..., java/...), and its
// content.
type File struct {
	Path string
	Data []byte
}

// Package is one package of modules that idforge publishes: the
// module of every built-in layout in one language of idforge's registry
// (package gen), in one folder.
type Package struct {
	// Lang is the language's name in the registry.
	Lang string
	// Dir is the folder of the modules, with slashes, from the directory
	// the packages are built into.
	Dir string
	// Runtime is the module the modules import idforge's runtime from
	// (emit.Options.Runtime), or empty for self-contained modules.
	Runtime string
	// Type is the name of every module's ID type (emit.Options.Type), or
	// empty for the emitter's own name after the layout: the classes of
	// one Java package need names of their own.
	Type string
	// Pkg is the package the modules are in (emit.Options.Package), for a
	// language whose code names its package (Java's).
	Pkg string
}

// Packages are the packages of modules: the npm package idforge, whose
// modules share runtime.js, the Python distribution idforge, whose modules
// share _runtime.py, and the Java package io.github.idforge, in Maven's
// folder of sources, whose classes share IDRuntime.
var Packages = []Package{
	{Lang: "js", Dir: "js", Runtime: "./runtime.js", Type: "ID"},
	{Lang: "python", Dir: "python/idforge", Runtime: "._runtime", Type: "ID"},
	{Lang: "java", Dir: JavaDir, Runtime: java.RuntimeClass, Pkg: JavaPackage},
}

// Module returns the module name of a layout: its name, with "-" as "_"
// (a Python module's name cannot hold "-"; the JavaScript file is named the
// same, so that the two packages read alike).
func Module(layout string) string { return strings.ReplaceAll(layout, "-", "_") }

// Files returns every file of the three packages, sorted by path. license is
// the text of the repository's LICENSE, which each package carries a copy
// of.
func Files(license []byte) ([]File, error) {
	ls, err := resolved.Builtins()
	if err != nil {
		return nil, err
	}
	var files []File
	var mods []string
	for _, l := range ls {
		mods = append(mods, Module(l.Name))
		rl := l
		for _, p := range Packages {
			e, ok := gen.Lookup(p.Lang)
			if !ok {
				return nil, fmt.Errorf("scripts: the package in %s is of language %q, which the registry does not have", p.Dir, p.Lang)
			}
			// Named after the layout, as Module names it: uuidv7.js and
			// uuidv7.d.ts, uuidv7.py.
			out, err := e.Generate(rl, emit.Options{Type: p.Type, Runtime: p.Runtime, Package: p.Pkg})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", l.Name, err)
			}
			for _, f := range out {
				path := p.Dir + "/" + f.Name
				// A file every module of the package shares (Java's
				// IDException.java) comes with each: keep one.
				if i := slices.IndexFunc(files, func(g File) bool { return g.Path == path }); i >= 0 {
					if !bytes.Equal(files[i].Data, f.Content) {
						return nil, fmt.Errorf("scripts: %s: two modules write it differently", path)
					}
					continue
				}
				files = append(files, File{path, f.Content})
			}
		}
	}
	pkg, err := packageJSON(mods)
	if err != nil {
		return nil, err
	}
	compat, compatDecls := js.Compat()
	leaseJS, leaseDecls := js.Lease()
	leaseSQL := []byte(lease.PostgresFunctions())
	files = append(files,
		File{"js/compat.d.ts", compatDecls},
		File{"js/compat.js", compat},
		File{"js/lease.d.ts", leaseDecls},
		File{"js/lease.js", leaseJS},
		File{LeaseSQL["js"], leaseSQL},
		File{"js/LICENSE", license},
		File{"js/README.md", jsReadme(ls, mods)},
		File{"js/index.d.ts", jsIndex(mods, ".js")},
		File{"js/index.js", jsIndex(mods, ".js")},
		File{"js/package.json", pkg},
		File{"js/runtime.js", js.Runtime()},
		File{"python/LICENSE", license},
		File{"python/MANIFEST.in", []byte(manifest)},
		File{"python/README.md", pyReadme(ls, mods)},
		File{"python/idforge/__init__.py", pyInit(ls, mods)},
		File{"python/idforge/_runtime.py", python.Runtime()},
		File{"python/idforge/compat.py", python.Compat()},
		File{"python/idforge/lease.py", python.Lease()},
		File{LeaseSQL["python"], leaseSQL},
		File{"python/idforge/py.typed", nil},
		File{"python/pyproject.toml", pyproject()},
		File{"java/LICENSE", license},
		File{"java/README.md", javaReadme(ls)},
		File{"java/pom.xml", pom()},
		File{JavaDir + "/" + java.RuntimeFile, java.Runtime(JavaPackage)},
		File{JavaDir + "/package-info.java", javaPackageInfo(ls)},
		File{JavaModuleInfo, javaModuleInfo()},
		File{LeaseSQL["java"], leaseSQL},
	)
	for name, src := range java.LeaseFiles() {
		files = append(files, File{JavaDir + "/" + name, src})
	}
	files = append(files, ctsDecls(files)...)
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}

// LeaseSQL is where each package carries lease/lease.sql, the install
// script of the SQL lease functions its lease client calls
// (lease.PostgresFunctions), by the package's language, from the directory
// the packages are built into: so that someone who installs a package from
// its registry can install the functions without idforge's repository.
// npm's is the file lease.sql at the package's root, beside package.json,
// which the package exports (an export of lease.sql itself would be an
// entry point with no types, which attw refuses); the Python distribution's is package data beside
// idforge/lease.py (importlib.resources.files("idforge") / "lease.sql");
// the jar's is META-INF/idforge/lease.sql, under Maven's folder of
// resources, a name no Java package can have, so that a module of yours
// reads it with getResourceAsStream where the package's own files are
// encapsulated.
var LeaseSQL = map[string]string{
	"js":     "js/lease.sql",
	"python": "python/idforge/lease.sql",
	"java":   JavaResources + "/META-INF/idforge/lease.sql",
}

// summary returns the first sentence of a layout's doc, or its name.
func summary(l *resolved.Layout) string {
	doc := strings.Join(strings.Fields(l.Doc), " ")
	if i := strings.Index(doc, ". "); i >= 0 {
		doc = doc[:i+1]
	}
	if doc == "" {
		return l.Name
	}
	return doc
}

// ctsDecls returns, for each module of the npm package with declarations
// (js/NAME.js and js/NAME.d.ts), its entry for CommonJS, js/NAME.cjs, and
// that entry's declarations, js/NAME.d.cts. NAME.cjs is one line, which
// requires NAME.js (Node 20.19+ and 22.12+ require an ES module) and
// exports it: the same module, not a copy, so one process-wide generator
// serves both. NAME.d.cts holds NAME.d.ts's declarations, importing each
// other's twins ('./ulid.cjs' for './ulid.js'), as declarations of a
// CommonJS module, which is what NAME.cjs is: package.json's "require"
// condition gives them, so that a CommonJS file of a TypeScript project
// under module node16 (or nodenext) type-checks its require of the package
// instead of failing with TS1479 or TS1471.
func ctsDecls(files []File) []File {
	var out []File
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Path, ".d.ts")
		if !ok || !strings.HasPrefix(f.Path, "js/") {
			continue
		}
		base := strings.TrimPrefix(name, "js/")
		out = append(out,
			File{name + ".d.cts", siblingImport.ReplaceAll(f.Data, []byte("from '$1.cjs'"))},
			File{name + ".cjs", []byte("// Code generated by idforge's gen/tools/packages. DO NOT EDIT.\n\n" +
				"// The module " + base + ".js for require from CommonJS: the ES module itself,\n" +
				"// which Node 20.19+ and 22.12+ require, so one process-wide generator serves\n" +
				"// import and require alike.\n" +
				"module.exports = require('./" + base + ".js');\n")})
	}
	return out
}

// siblingImport is an import or export of another module of the package,
// as the declarations name it: from './ulid.js'.
var siblingImport = regexp.MustCompile(`from '(\./[a-z0-9_]+)\.js'`)

// exportEntry returns one entry of package.json's exports, of the module
// mod: the ES module and its declarations for import (and by default), its
// CommonJS entry and theirs for require (ctsDecls).
func exportEntry(mod string) string {
	return fmt.Sprintf(`{"import":{"types":"./%[1]s.d.ts","default":"./%[1]s.js"},"require":{"types":"./%[1]s.d.cts","default":"./%[1]s.cjs"},"default":{"types":"./%[1]s.d.ts","default":"./%[1]s.js"}}`, mod)
}

// Repository is the project's home, which package.json and pyproject.toml
// name.
const Repository = "https://github.com/idforge/idforge"

// keywords are the npm and PyPI keywords of both packages.
var keywords = []string{"id", "uuid", "uuidv7", "ulid", "ksuid", "snowflake", "objectid", "sortable", "monotonic", "base62", "crockford"}

func packageJSON(mods []string) ([]byte, error) {
	files := []string{"index.js", "index.d.ts", "index.cjs", "index.d.cts", "runtime.js", "compat.js", "compat.d.ts", "compat.cjs", "compat.d.cts", "lease.js", "lease.d.ts", "lease.cjs", "lease.d.cts", "lease.sql"}
	exports := []string{`".":` + exportEntry("index"), `"./package.json":"./package.json"`, `"./compat":` + exportEntry("compat"), `"./lease":` + exportEntry("lease")}
	for _, mod := range mods {
		exports = append(exports, fmt.Sprintf("%q:%s", "./"+mod, exportEntry(mod)))
		files = append(files, mod+".js", mod+".d.ts", mod+".cjs", mod+".d.cts")
	}
	// Written field by field, so that the order of the keys is npm's usual one.
	raw := fmt.Sprintf(`{"name":"idforge","version":%q,"description":%q,"keywords":%s,"homepage":%q,"bugs":{"url":%q},"repository":{"type":"git","url":%q,"directory":"gen/js"},"license":"MIT","type":"module","sideEffects":false,"engines":{"node":%q},"exports":{%s},"files":%s}`,
		Version,
		"IDs of idforge's built-in layouts (UUIDv1-v8, ULID, KSUID, Snowflake and more): one dependency-free ES module per layout, with no top-level await, for browsers, Node 20.19+ and 22.12+ (import or require), Deno, Bun and every bundler, with TypeScript declarations and Private IDs (keyed masks). Generated by idforge gen -lang js.",
		mustJSON(keywords), Repository+"#readme", Repository+"/issues", "git+"+Repository+".git",
		NodeEngines, strings.Join(exports, ","), mustJSON(files))
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(raw), "", "  "); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// jsIndex returns the package's main module (ext ".js") and its
// declarations: each layout's module as a namespace, named as the module
// is, so that import { uuidv7 } from 'idforge' works too. With the
// package's sideEffects false, a bundler keeps only the layouts a program
// uses.
func jsIndex(mods []string, ext string) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by idforge's gen/tools/packages. DO NOT EDIT.\n//\n")
	b.WriteString("// Every layout's module, as a namespace named after it: import { uuidv7 } from 'idforge'\n")
	b.WriteString("// is import * as uuidv7 from 'idforge/uuidv7'.\n\n")
	for _, mod := range mods {
		fmt.Fprintf(&b, "export * as %s from './%s%s';\n", mod, mod, ext)
	}
	return b.Bytes()
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func pyInit(ls []*resolved.Layout, mods []string) []byte {
	var b bytes.Buffer
	b.WriteString("# Code generated by idforge's gen/tools/packages. DO NOT EDIT.\n")
	b.WriteString(`"""IDs of idforge's built-in layouts: one module per layout, each with the
class ID, its IDFields and, for layouts that are not name-based, new_id (the
next ID of one process-wide generator; set_node first for a layout with a
node) and Generator. Standard library only, Python 3.9 and later, typed
(py.typed). Import the module of the layout you use, for example:

    from idforge.uuidv7 import ID, new_id

Every module raises one error class, idforge.IDError (a ValueError with a
code), which each module names IDError too: except idforge.IDError catches
them all. idforge.compat converts between layouts as idforge's Go package
compat does; idforge.lease leases a layout's node number from PostgreSQL
(docs/leases.md).

The modules:

`)
	for i, l := range ls {
		line := portable.Fill(fmt.Sprintf("%s: %s", mods[i], summary(l)), 72)
		line = "    " + strings.ReplaceAll(line, "\n", "\n        ")
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(line, `\`, `\\`), `"""`, `\"\"\"`) + "\n")
	}
	b.WriteString(`"""

from ._runtime import IDError

# The class is documented, shown in tracebacks and pickled as idforge.IDError.
IDError.__module__ = "idforge"

__all__ = ["IDError"]
`)
	return b.Bytes()
}

// pyproject returns the Python distribution's pyproject.toml.
//
// Its licence is written in the form setuptools took before PEP 639
// (license = {text = "MIT"}, and LICENSE found by setuptools' default
// license-files patterns), with no licence classifier. The PEP 639 form,
// license = "MIT" with license-files = ["LICENSE"], needs setuptools 77 or
// later: the setuptools of Debian 12, which builds the distribution here
// and in CI (there is no package index to draw a newer one from), is
// 66.1.1 and refuses a string licence. So the build requirement says what
// the file is written for, setuptools 61 (the first to read [project]) to
// 76, and the build is free of warnings with Debian's: with no
// [tool.setuptools] table, which setuptools 66 warns is beta, its flat
// layout finds the package idforge by itself and MANIFEST.in adds py.typed.
// When the build machine has setuptools 77, the
// licence becomes license = "MIT" and license-files = ["LICENSE"], and the
// requirement setuptools>=77.
func pyproject() []byte {
	var kw []string
	for _, k := range keywords {
		kw = append(kw, `"`+k+`"`)
	}
	return []byte(`# Code generated by idforge's gen/tools/packages. DO NOT EDIT.
#
# The licence is in the form setuptools read before PEP 639 (61 to 76), as
# the setuptools of Debian 12 (66.1.1), which builds the distribution, does
# not read license = "MIT"; see pyproject in gen/internal/scripts.
[build-system]
requires = ["setuptools>=61,<77"]
build-backend = "setuptools.build_meta"

[project]
name = "idforge"
version = "` + Version + `"
description = "IDs of idforge's built-in layouts (UUIDv1-v8, ULID, KSUID, Snowflake and more): one standard-library-only, typed module per layout, with Private IDs (keyed masks). Generated by idforge gen -lang python."
readme = "README.md"
license = {text = "MIT"}
requires-python = ">=3.9"
keywords = [` + strings.Join(kw, ", ") + `]
classifiers = [
    "Programming Language :: Python :: 3",
    "Typing :: Typed",
]

[project.urls]
Homepage = "` + Repository + `"
Repository = "` + Repository + `"
Issues = "` + Repository + `/issues"
Changelog = "` + Repository + `/blob/main/CHANGELOG.md"
`)
}

// manifest is the Python distribution's MANIFEST.in: it puts py.typed, the
// mark of a typed package, and lease.sql, the lease functions' install
// script, into the sdist and so into the wheel.
const manifest = `# Code generated by idforge's gen/tools/packages. DO NOT EDIT.
include idforge/py.typed
include idforge/lease.sql
`

// generator says, for a package's README, what a layout's module makes its
// IDs with: nothing (name-based), newId, or newId once setNode has given
// the node.
func generator(l *resolved.Layout, newID, setNode string) string {
	_, hash := l.Value(layouts.Hash)
	switch {
	case hash:
		return "none (name-based)"
	case l.NeedsNode:
		return setNode + " first, then " + newID
	}
	return newID
}

// textName is the name of a layout's canonical text form
// (resolved.Text.Title) in the READMEs: UUID, decimal, or its
// encoding's title (Base62, Crockford, hex, Firebase, base32hex, ...).
func textName(l *resolved.Layout) string { return l.Text.Title }

// pythonUUIDChange and pythonValidChange are python/README.md's notes of
// issue 59: uuid.UUID kept whole, and is_valid's one meaning.
const (
	pythonUUIDChange  = "An ID of a UUID layout keeps `uuid.UUID` whole: `id.time` and `id.fields` are `uuid.UUID`'s again (an int and a tuple), where they were methods of the layout's time and fields, and `id.is_safe` reads `SafeUUID.unknown` where it raised. The layout's own are `id.datetime` (a property; `None` for a layout without a time) and `id.values()`, in every module: rename `id.time()` to `id.datetime` and `id.fields()` to `id.values()`. No alias keeps the old names, as `uuid.UUID` has them."
	pythonValidChange = "`is_valid(text)` is `False` for text whose constant bits are not the layout's (`uuidv7.is_valid` of a UUIDv4's text), as in every language; it was whether `ID.parse` reads the text."
)

// decimalNote is what the READMEs say of the text of 64-bit layouts, which
// changed: every language writes and reads a layout's text by one rule now
// (layouts.Layout.CanonicalText). toString, parse, parseBase62 and base62
// are the package's names of the methods, in backquotes.
func decimalNote(toString, parse, parseBase62, base62 string, more ...string) string {
	item := "64-bit layouts (Snowflake, Discord, Twitter, Mastodon, Instagram, Sonyflake, and a 64-bit layout of your own without a `text` line) now write and read their IDs in decimal, as every language idforge generates does: " +
		toString + " gives, and " + parse + " takes, `175928847299117063`, as Go's `String`, the `idforge` command, PostgreSQL's `bigint` and those services write it. " +
		"Before, this package wrote them in Base62 and refused decimal. The text is the unsigned number the ID's 64 bits hold: 1 to 20 digits (19 where the top bit is a constant 0), with no sign and no leading zeros (`-1`, `+1` and spaces are errors); a Discord ID of 2085 is `9265532947660804096`. " +
		parseBase62 + " and " + base62 + " still read and write the Base62 form; TSID keeps its Crockford text."
	var b strings.Builder
	b.WriteString("## Changes\n\n")
	for _, it := range append([]string{item}, more...) {
		b.WriteString("- " + strings.ReplaceAll(portable.Fill(it, 74), "\n", "\n  ") + "\n")
	}
	return b.String() + "\n"
}

// maskChange is the JavaScript README's note of the change to Private IDs
// before the first release.
const maskChange = "Masking left the `ID` class before 0.1.0: `mask(id, key, tweak?)` and `unmask(s, key, tweak?)`, functions of each module (and of its namespace, `import { uuidv7 } from 'idforge'`), replace `id.mask(key, tweak?)` and `ID.unmask(s, key, tweak?)`, so that a bundle that never masks carries no SHA-256. Mask refuses an ID whose constant bits are not the layout's (`ErrInvalid`), and a key of all zero bytes is `ErrKey`, as one under 16 bytes was."

// jsReadme returns the npm package's README.md.
func jsReadme(ls []*resolved.Layout, mods []string) []byte {
	var b bytes.Buffer
	b.WriteString(`<!-- Code generated by idforge's gen/tools/packages. DO NOT EDIT. -->
# idforge

IDs of idforge's built-in layouts for JavaScript and TypeScript: UUIDv1 to
v8, ULID, KSUID, Snowflake and more, one dependency-free ES module per
layout with its TypeScript declarations. idforge generates them from the
same layout specs as its Go packages, and they read and write the same IDs.

` + "```js" + `
import { newId, ID } from 'idforge/uuidv7';

const id = newId(); // the next ID of one process-wide generator: each is above the last
console.log(` + "`${id}`" + `); // 0192f0d4-1c2e-7a1b-8c3d-4e5f60718293
id.time(); // a Date
ID.parse(String(id)).equals(id); // true
JSON.stringify({ id }); // {"id":"0192f0d4-..."}
` + "```" + `

## Where it runs

- Browsers, with or without a bundler (` + "`<script type=\"module\">`" + `),
  Node, Deno and Bun. No module has a top-level ` + "`await`" + ` or imports a
  Node built-in.
- Node ` + "`" + NodeEngines + "`" + ` (package.json's ` + "`engines`" + `): the
  versions that both import the modules and ` + "`require()`" + ` them from
  CommonJS without a flag, so ` + "`require('idforge/uuidv7')`" + ` works as
  ` + "`import`" + ` does. Node 20 before 20.19 and 22.0 to 22.11 require an
  ES module only with ` + "`--experimental-require-module`" + ` (20.17 and later,
  22.0 and later) or not at all, Node 21 not at all, and Node 18 has
  reached its end of life: none of them is supported.
- esbuild, webpack 5 and Rollup (so Vite) bundle it with their default
  configurations, down to ES2020. The package has no side effects, so a
  bundle keeps only the layouts and functions it uses, and two layouts
  share one copy of what they have in common (` + "`runtime.js`" + `).
- Random bits come from ` + "`crypto.getRandomValues`" + `, drawn 16 KiB at a
  time; where there is none, making an ID throws ` + "`IDError`" + ` with code
  ` + "`ErrRandom`" + `, never a weaker source.

## Layouts

| module | layout | text | new IDs |
|---|---|---|---|
`)
	for i, l := range ls {
		fmt.Fprintf(&b, "| `idforge/%s` | %s | %s | %s |\n", mods[i], strings.ReplaceAll(summary(l), "|", "\\|"), textName(l), generator(l, "`newId()`", "`setNode(n)`"))
	}
	b.WriteString(`
` + "`import { uuidv7, ulid } from 'idforge'`" + ` gives the same modules as
namespaces. webpack and Rollup keep only what a program uses of a
namespace, as they do of a module; esbuild cannot, and bundles the whole
module of every namespace a program uses: measured, ` + "`String(uuidv7.newId())`" + `
costs 6.7 KB gzipped through the namespace (SHA-256 included) against 3.3
KB from ` + "`'idforge/uuidv7'`" + `. With esbuild, import from the layout's module.

## Every module

- ` + "`newId()`" + `: the next ID of the process's generator, made on the first
  call; for a layout that sorts by time, each ID is above the one before,
  even when the clock stands still or goes back. A layout with a node
  (Snowflake, say) needs ` + "`setNode(n)`" + ` first, once; before it ` + "`newId()`" + `
  throws ` + "`IDError`" + ` with code ` + "`ErrNoGenerator`" + `.
- ` + "`newText()`" + `: the text of the next ID of the same generator, and
  ` + "`textToBytes(s)`, `bytesToText(b)`" + `: for a bundle that needs no more,
  they leave the ` + "`ID`" + ` class out; a bundler keeps a class whole, every
  method with it. Masking is in functions beside the class, so SHA-256 is
  only in a bundle that masks. The sizes, measured, are
  in [BENCHMARKS.md](` + Repository + `/blob/main/BENCHMARKS.md#bundle-size).
- ` + "`newGenerator(node?, { clock, random })`" + `: a generator with a state of its
  own, for a clock of your own (tests) or a source of random bytes of your
  own (` + "`random(bytes)`" + ` fills the ` + "`Uint8Array`" + ` it is given, as
  ` + "`crypto.getRandomValues`" + ` does: for tests, or a platform without Web
  Crypto). A layout takes only the options it can use (no clock for UUIDv4,
  no source of random bytes for Snowflake, which draws none); any other
  option, or an argument past the options, is ` + "`IDError`" + ` ` + "`ErrOption`" + `.
- A layout whose counter waits for the next tick when it runs out
  (Snowflake's 4,096 IDs a millisecond, say) does not block the event loop
  to wait: the next ID of that tick throws ` + "`IDError`" + ` ` + "`ErrClockStalled`" + ` at
  once (` + "`ErrClockBackwards`" + ` if the clock went back); make it again on a
  later tick.
- ` + "`isValid(s)`" + `: whether s is the text of an ID of the module's layout:
  ` + "`ID.parse(s)`" + ` reads it and the ID's constant bits are the layout's
  (` + "`id.valid()`" + `), so a UUIDv4's text is no UUIDv7's; it never throws
  (false for anything that is not a string). The same in every language
  ([the contract](` + Repository + `/blob/main/docs/contract.md)).
- ` + "`fromName(namespace, name)`" + ` for the name-based layouts (UUIDv3 with MD5,
  UUIDv5 with SHA-1, UUIDv8 with SHA-256, as RFC 9562 defines them): the
  namespace an ID, its text or its bytes, the name text (UTF-8) or bytes,
  hashed as they are; text that is not valid Unicode (a lone surrogate) is
  ` + "`IDError`" + ` ` + "`ErrType`" + `.
- ` + "`ID.parse(s)`" + ` (the layout's text: a UUID in every UUID form, a ULID
  in Crockford, a Snowflake in decimal), ` + "`ID.parseBase62`" + `,
  ` + "`ID.parseCrockford`, `ID.parseHex`, `ID.fromBytes(b)`" + ` (an ` + "`ArrayBuffer`" + `
  or any view of one),
  ` + "`ID.pack(fields)`, `ID.minAt(t)`, `ID.maxAt(t)`, `ID.NIL`, `ID.MAX`" + `.
- ` + "`id.toString()`" + ` (also what ` + "`toJSON`" + ` and ` + "`console.log`" + ` show),
  ` + "`id.base62()`, `id.crockford()`, `id.hex()`" + `, fixed-width forms that
  sort as the bytes do; ` + "`id.bytes()`, `id.toBigInt()`, `id.fields()`" + ` (keyed
  by the spec's names, integers as BigInt), ` + "`id.time()`" + ` (a Date),
  ` + "`id.unixNanos()`, `id.valid()`, `id.isZero()`, `id.compare(o)`, `id.equals(o)`" + `.
- ` + "`mask(id, key, tweak?)`, `unmask(s, key, tweak?)`" + `, and
  ` + "`maskText(s, key, tweak?)`, `unmaskText(s, key, tweak?)`" + ` without the
  class: Private IDs, below, for a server (never a browser bundle).
- Errors are ` + "`IDError`" + ` (one class for every module), whose ` + "`code`" + ` says
  what is wrong (` + "`ErrSyntax`, `ErrLength`, `ErrOverflow`, `ErrRange`, `ErrTime`" + `,
  ...; ` + "`ErrKey`, `ErrInvalid` and `ErrNotMasked`" + ` from Private IDs), with the
  same codes in every language idforge writes, and whose ` + "`position`" + ` says
  where a bad character is.

` + "```js" + `
import { fromName, isValid } from 'idforge/uuidv5';
import { newGenerator } from 'idforge/uuidv7';

const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8'; // RFC 9562's DNS namespace
String(fromName(dns, 'www.example.com')) === '2ed6657d-e927-568b-95e1-2665a8aea6a2'; // true
isValid('2ed6657d-e927-568b-95e1-2665a8aea6a2'); // true
isValid('not an ID'); // false
// RFC 9562's DNS namespace is a UUIDv1: its text is no UUIDv5's.
isValid(dns); // false
const seeded = newGenerator({ clock: () => 1700000000000000000n, random: (bytes) => bytes.fill(7) });
seeded.next().time().toISOString() === '2023-11-14T22:13:20.000Z'; // true
` + "```" + `

## Conversions

` + "`idforge/compat`" + ` converts between layouts as idforge's Go package ` + "`compat`" + `
does, with its results: ` + "`UUIDToKSUID`" + ` (the UUID's time and all its bytes),
` + "`UUIDToKSUIDAt`, `KSUIDToUUID`, `KSUIDToUUIDv7`, `UUIDToULID`, `ULIDToUUID`" + `,
` + "`ULIDToUUIDv7`, `UUIDv7ToULID`" + ` (lossless both ways), ` + "`SnowflakeToUUIDv7`" + ` and
` + "`UUIDv7ToSnowflake`" + ` (a Snowflake embedded in a UUIDv7, and back). A UUID
argument is an ID of any UUID layout, UUID text or 16 bytes; a result that
may be any UUID is its text, the others IDs of their layouts. Errors are
` + "`IDError`" + ` with ` + "`ErrNoTime`, `ErrNotUUID`, `ErrNotV7`, `ErrNotEmbedded`" + `, ` + "`ErrTime`" + `
(outside a KSUID's range) or ` + "`ErrRange`" + ` (a negative Snowflake).

` + "```js" + `
import { UUIDv7ToULID, ULIDToUUIDv7, UUIDToKSUID, KSUIDToUUID } from 'idforge/compat';
import { newId } from 'idforge/uuidv7';

const id = newId();
const l = UUIDv7ToULID(id); // a ULID of the same time and random bits
ULIDToUUIDv7(l).equals(id); // true
KSUIDToUUID(UUIDToKSUID(id)) === String(id); // true
` + "```" + `

` + leaseRecipe("js", "## Node leases") + privateIDs("js") + `## Where JavaScript differs from the Go packages

- Methods are camelCase (` + "`unixNanos`, `minAt`" + `), errors are exceptions,
  and 64-bit integers are BigInt: a Snowflake's fields never pass through
  a JavaScript number.
- A Date holds milliseconds: ` + "`time()`" + ` rounds down, ` + "`unixNanos()`" + ` is
  exact. The generators read ` + "`Date.now()`" + `.
- ` + "`newId()`" + ` is JavaScript's name for Go's package-level ` + "`New`" + `; Go's
  Snowflake package has no package-level generator, and here ` + "`setNode`" + `
  gives it its node.
- A 64-bit ID's text is decimal, as Go's ` + "`String`" + ` writes it: the unsigned
  number its 64 bits hold, as ` + "`id.toBigInt()`" + ` is. An ID whose top bit is
  set (a Discord ID after 2084-09, say) is 2^63 or more, never negative,
  as Discord writes it, where Go's int64 and PostgreSQL's bigint hold it
  as a negative number.
- Name-based layouts (UUIDv3, v5, v8 with SHA-256) have ` + "`fromName`" + ` and no
  generator. Web Crypto's digests are asynchronous and have no MD5 or
  SHA-1, so the package has synchronous MD5, SHA-1 and SHA-256 of its own,
  checked against Node's.
- A generator never waits: where Go's sleeps for the next tick, the next ID
  throws ` + "`ErrClockStalled`" + ` (see above).
- ` + "`mask(id, key)`" + ` is a function of the module, not a method of the
  class, and returns the public form's text, where Go's ` + "`Masker.Mask`" + `
  returns an ID.

` + decimalNote("`id.toString()` (and so `toJSON`)", "`ID.parse`", "`ID.parseBase62`", "`id.base62()`", maskChange) + versionNote() + `## Licence

MIT; see LICENSE.
`)
	return b.Bytes()
}

// pyReadme returns the Python distribution's README.md.
// pythonReadme is the Python package's README, but for what pyReadme
// writes into it: {{LAYOUTS}}, the table's rows, and the sections
// {{PRIVATE_IDS}}, {{DECIMAL_NOTE}}, {{VERSION_NOTE}} and {{LEASE_RECIPE}}. Its pycon
// examples run as doctests (gen/crosslang's TestPythonDocs).
//
//go:embed python_readme.md
var pythonReadme string

func pyReadme(ls []*resolved.Layout, mods []string) []byte {
	var rows strings.Builder
	for i, l := range ls {
		fmt.Fprintf(&rows, "| `idforge.%s` | %s | %s | %s |\n", mods[i], strings.ReplaceAll(summary(l), "|", "\\|"), textName(l), generator(l, "`new_id()`", "`set_node(n)`"))
	}
	text := strings.NewReplacer(
		"{{LAYOUTS}}", rows.String(),
		"{{PRIVATE_IDS}}", privateIDs("python"),
		"{{DECIMAL_NOTE}}", decimalNote("`str(id)`", "`ID.parse`", "`ID.parse_base62`", "`id.base62()`", pythonUUIDChange, pythonValidChange),
		"{{VERSION_NOTE}}", versionNote(),
		"{{LEASE_RECIPE}}", leaseRecipe("python", "### From the package alone: install, acquire, make IDs, release"),
	).Replace(pythonReadme)
	return []byte("<!-- Code generated by idforge's gen/tools/packages. DO NOT EDIT. -->\n" + text)
}

// privateIDs returns the READMEs' section on Private IDs (masks), for lang
// "js" or "python": what the modules' mask and unmask do, what they hide
// and what they cannot tell.
func privateIDs(lang string) string {
	var example, key, errs, names, sha string
	if lang == "js" {
		example = "```js" + `
// On a server: in a browser bundle the key would ship to every visitor.
import { newId, mask, unmask, maskText, unmaskText } from 'idforge/uuidv7';

const key = Buffer.from(process.env.ID_MASK_KEY, 'hex'); // from idforge key: keep it secret, and keep it
const id = newId();
const pub = mask(id, key);                // the text of a UUIDv4: no time in it, no order
unmask(pub, key).equals(id);              // true
mask(id, key, 'tenant-42');               // another tweak, other public IDs
unmaskText(maskText(String(id), key), key) === String(id); // true, without the ID class
` + "```"
		key = "a `Uint8Array` (a Node `Buffer` is one), another view or an `ArrayBuffer`, of at least 16 bytes, not all zero; `idforge key` writes one in hex, which Node reads with `Buffer.from(text.trim(), 'hex')`"
		errs = "`IDError` with code"
		names = "`unmask` and `unmaskText` read the text `toString` writes"
		sha = " JavaScript's SHA-256 is a synchronous one in the package (Web Crypto's digest is asynchronous), checked against NIST's vectors."
	} else {
		example = "```pycon" + `
>>> from idforge.uuidv7 import ID
>>> key = bytes.fromhex("00112233445566778899aabbccddeeff")  # yours from idforge key: keep it secret, and keep it
>>> id = ID.parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
>>> pub = id.mask(key)  # the text of a UUIDv4: no time in it, no order
>>> pub
'ac529cb2-e4dc-4ce9-8a12-19f66b848652'
>>> ID.unmask(pub, key) == id
True
>>> id.mask(key, "tenant-42")  # another tweak, other public IDs
'56f713bd-60a7-47a9-9c40-2153116a1e02'

` + "```"
		key = "`bytes`, a `bytearray` or a `memoryview`, of at least 16 bytes, not all zero; `idforge key` writes one in hex, which `bytes.fromhex(text)` reads"
		errs = "`IDError` with code"
		names = "`ID.unmask` reads every text `ID.parse` reads"
		sha = ""
	}
	items := []string{
		"The public form is written in the layout's text: a UUID layout's is a valid UUIDv4 (version 4, variant `0b10`); a 64-bit layout's whose top bit is constant (Snowflake, Twitter, Mastodon, Sonyflake) a non-negative 63-bit integer, in decimal; any other layout's keeps the layout's constant bits, if it has any.",
		"One ID, key and tweak always give one public form, so a public ID can be looked up. The layout's name enters the mask, so two layouts' public forms differ under one key; a tweak (bytes, or text as UTF-8; none by default) gives each tenant, say, public IDs of its own.",
		"Mask on a server, where the key is kept: never in code shipped to a browser, which would give the key to every visitor.",
		"The key is " + key + ". A shorter key, one of all zero bytes, or one that is not bytes is " + errs + " `ErrKey`; no error carries the key.",
		"Mask refuses an ID whose constant bits are not the layout's (a UUIDv4 given to the UUIDv7 masker, a Snowflake with its top bit set): " + errs + " `ErrInvalid`, as no public form stands for it.",
		names + ". Only text whose constant bits no public form has (a UUID whose version is not 4, say) is " + errs + " `ErrNotMasked`. A permutation cannot tell a wrong key, tweak or layout: a public ID unmasked under another key or tweak, or made by another layout of the same form, gives some other ID, with no error, and so does text that was never masked, if its constant bits fit. Look the ID up (in the table it keys) before trusting it, and store the ID, not its public form: rotating a key is then unmasking with the old key and masking with the new.",
		"What it hides: when the ID was made, the order of IDs (neighbours share no prefix), the node and the counter; each public bit depends on every bit of the ID. What it does not: equality, and how many IDs there are.",
		"The construction is FFX (Bellare, Rogaway and Spies, 2010) over the free bits with FF1's split and 10 rounds, and HMAC-SHA-256 under the key, the tweak and the layout's name as the round function, the same in idforge's Go (`Masker`), PostgreSQL (`gen -lang sql`), JavaScript and Python: known-answer vectors of every built-in layout hold each language to it." + sha + " The security bound, with the theorem it rests on, and how to hold and rotate keys, are in idforge's [Private IDs](" + Repository + "/blob/main/docs/private-ids.md) guide.",
	}
	var b strings.Builder
	b.WriteString("## Private IDs\n\n")
	b.WriteString(portable.Fill("A time-ordered ID tells whoever sees it when it was made, and how busy the system is. Every module can show the world a mask of an ID instead: a keyed, deterministic, reversible permutation of its free bits (all but its constant bits) that looks random.", 74))
	b.WriteString("\n\n" + example + "\n\n")
	for _, it := range items {
		b.WriteString("- " + strings.ReplaceAll(portable.Fill(it, 74), "\n", "\n  ") + "\n")
	}
	b.WriteString("\n")
	return b.String()
}

// versionNote returns the READMEs' section on the version.
func versionNote() string {
	return "## Version\n\n" + portable.Fill("This is idforge "+Version+". idforge has one version for its Go modules, the npm package and the Python distribution; what each version changed is in [CHANGELOG.md]("+Repository+"/blob/main/CHANGELOG.md).", 74) + "\n\n"
}
