// Package pgsql generates PostgreSQL functions for an ID layout: the same
// layouts model the Go emitters read, written out as one script of
// CREATE OR REPLACE FUNCTION statements for PostgreSQL 13 and later, with
// no extension.
//
// For a layout and a prefix P (by default the layout's name with '-' as
// '_'), the script defines:
//
//	P_pack(...)                 an ID from its fields, the time as timestamptz
//	P_valid(id)                 whether id has the layout's constant bits (and,
//	                            as bytea, its length), for a CHECK on a column
//	P_<field>(id)               each field: bigint up to 63 bits, numeric for
//	                            64, bytea for a bytes field
//	P_time(id)                  the time, as timestamptz (layouts with a time)
//	P_min_at(t), P_max_at(t)    range bounds (time-sortable layouts)
//	P_to_base62, P_from_base62  fixed-width Base62 text, sorting like the bytes
//	P_to_crockford, P_from_crockford
//	P_to_hex, P_from_hex
//	P_to_decimal, P_from_decimal  the layout's canonical text, for a 64-bit
//	                            layout whose text is decimal: the unsigned
//	                            number the ID's bits hold (bigint's own text
//	                            is signed)
//	P_to_NAME, P_from_NAME      the layout's canonical text, when that is
//	                            another encoding declared as data (NAME is
//	                            its name, '-' as '_': xid_to_base32hex)
//	P_to_PROFILE(id)            the value to store the ID as under a storage
//	P_from_PROFILE(stored)      profile (package storage; '-' as '_':
//	                            P_to_pg_uuid), and the ID a stored value
//	                            holds: uuid for a 16-byte profile, bytea for
//	                            bytes; for every built-in profile the
//	                            layout fits. A stored value whose padding is
//	                            not zero raises 22P02 (ErrStored)
//	P_new()                     a new ID, for layouts that need no per-node
//	                            state (no node, clock sequence, hash or
//	                            running counter)
//	P_mask(id, key [, tweak])   the ID's public form under a key (Private IDs:
//	P_unmask(public, key [, tweak])  package mask), and back
//	P_mask_named(id, key_name [, tweak]), P_unmask_named(public, key_name [, tweak])
//	                            the same under the key named key_name in the
//	                            table idforge_mask_keys, which the script
//	                            creates if need be and only its owner reads
//	                            (SECURITY DEFINER; see custody.go)
//
// P_mask refuses an ID whose constant bits are not the layout's (SQLSTATE
// 22P02, ErrInvalid), P_unmask a value whose constant bits are not the
// public form's (22P02, ErrNotMasked), both a key under 16 bytes or of zero
// bytes only (22023, ErrKey), and a NULL key or tweak (22004, naming it);
// the message names the error kind, as the other languages do, and never
// shows the key. A NULL ID gives NULL. A key passed as an argument
// reaches the server's log as a literal or a parameter: the functions that
// take one say so in their COMMENTs, and the named-key functions are for
// the rest.
//
// The ID's SQL type is uuid for a 128-bit layout, bigint for a 64-bit one
// (the bits as a two's-complement signed integer) and bytea otherwise.
//
// Readers (P_<field>, P_time, P_to_hex) are single-expression SQL functions,
// which the planner inlines into the calling query; the rest are PL/pgSQL,
// whose RAISE gives each bad input its own SQLSTATE and message. Every
// function but P_new and the Private IDs functions is IMMUTABLE STRICT
// PARALLEL SAFE, but for the readers
// of a bytea layout and, on 18, P_time of a UUID layout whose time
// uuid_extract_timestamp reads: their bodies have a CASE, which keeps a
// STRICT function from being inlined, so they are IMMUTABLE PARALLEL SAFE
// and return NULL for NULL themselves. The Private IDs functions, which all
// take a key or a key's name, are STABLE PARALLEL SAFE: PostgreSQL
// refuses them in a generated column or an index expression, where a key
// literal would stay in the catalog (pg_attrdef, pg_index), and a lookup
// WHERE id = P_unmask_named($1, 'name') still uses an index on id. They
// are not STRICT, so that a NULL key, key name or tweak is an error rather
// than a NULL. Their bodies, which the SECURITY DEFINER functions run as
// the key table's owner, call every built-in as pg_catalog's with
// exactly-typed arguments (safe.go, custody.go); the other functions run
// with their caller's rights and are written plainly.
//
// PostgreSQL 18 casts bytea to the integer types, which reads a run of an
// ID's bits several times faster than the bit strings older servers need.
// Where a function has a faster body on 18, the script creates it from a
// DO block that reads server_version_num: one script still loads on every
// server from 13 up, and each function keeps its name, signature,
// attributes (but STRICT, as above) and, for the readers, its inlining on
// every version.
// GenerateFor writes the bodies of one side only. P_new does not call 18's
// uuidv7(): its rand_a bits are a fraction of the millisecond, where the
// v7 layout keeps a counter seeded with its top bit clear.
//
// The functions call one another (the readers of a bytea layout call
// P_length_error, P_mask(id, key) calls P_mask(id, key, tweak)), by name.
// By default the names are unqualified: the functions land in the first
// schema of search_path, and every caller's search_path must reach that
// schema too, as a call inlined into a query is resolved where the query
// runs. With
// Options.Schema the script creates every function in that schema and
// every call between them names it, so that a caller's search_path no
// longer matters.
//
// Generate, GenerateFor and GenerateWith are pure: they return the script
// and write nothing.
package pgsql

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// ErrName reports a prefix or schema that is not a plain lower-case SQL
// identifier, a function name longer than PostgreSQL's 63 bytes, or two functions that
// would get the same name (a field named after one of the functions).
var ErrName = errors.New("pgsql: bad function name")

// ErrLayout reports a layout the emitter cannot write functions for.
var ErrLayout = errors.New("pgsql: unsupported layout")

// ErrVersion reports a server version GenerateFor cannot write for.
var ErrVersion = errors.New("pgsql: unsupported server version")

// Server versions for GenerateFor, as PostgreSQL's server_version_num
// spells them.
const (
	// AnyVersion asks for one script for PostgreSQL 13 and later that
	// creates, where it runs on 18 or later, the faster bodies: the script
	// Generate writes.
	AnyVersion = 0
	// PG13 asks for the bodies every server from 13 up runs, and only them.
	PG13 = 130000
	// PG18 asks for the bodies of PostgreSQL 18 and later only: the script
	// loads on no older server.
	PG18 = 180000
)

// maxIdent is PostgreSQL's NAMEDATALEN-1: longer names are truncated.
const maxIdent = 63

var plainIdent = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// DefaultPrefix returns the prefix of a layout's functions: its name with
// '-' as '_', as uuidv7-draft01 gives uuidv7_draft01.
func DefaultPrefix(l *resolved.Layout) string { return strings.ReplaceAll(l.Name, "-", "_") }

// kind is the SQL type that holds an ID.
type kind int

const (
	kBigint kind = iota // 64-bit layouts
	kUUID               // 128-bit layouts
	kBytea              // every other width
)

// script accumulates the functions of one layout.
type script struct {
	l      *resolved.Layout
	prefix string
	schema string // the schema that qualifies every name, or ""
	kind   kind
	typ    string // the SQL type of an ID
	out    strings.Builder
	names  map[string]string // function name -> what it is, to refuse clashes
	// server is what GenerateFor was asked for: AnyVersion, or the
	// version whose bodies alone the script holds.
	server int
	// fast is set while a body for PostgreSQL 18 is being built: bits and
	// the emitters that read it then use bytea-to-integer casts.
	fast bool
	// safe is set while a body the key-custody functions reach is being
	// built: call, op and the helpers that read it write hardened SQL
	// (safe.go).
	safe bool
	// text is the codec of the layout's canonical text, when that is a
	// declared encoding, or nil.
	text *textCodec
}

// Generate returns the script of functions for layout l, named with prefix
// (DefaultPrefix(l) when prefix is empty): one script for PostgreSQL 13 and
// later, which creates the faster bodies where the server is 18 or later.
func Generate(l *resolved.Layout, prefix string) ([]byte, error) {
	return GenerateFor(l, prefix, AnyVersion)
}

// GenerateFor is Generate for the servers from version server up
// (server_version_num: PG13, PG18, or any number from 130000): below 180000
// the script holds only the bodies every server from 13 runs (on 18 too,
// more slowly), from 180000 only the bodies of 18 and later, and for
// AnyVersion both, chosen where the script runs. The functions' names,
// signatures and attributes are the same in all three.
func GenerateFor(l *resolved.Layout, prefix string, server int) ([]byte, error) {
	return GenerateWith(l, Options{Prefix: prefix, Server: server})
}

// Options are what GenerateWith takes besides the layout. The zero Options
// ask for the script Generate writes.
type Options struct {
	// Prefix names the functions, P_pack and so on: DefaultPrefix(l) when
	// empty.
	Prefix string
	// Server is the server version the script is for, as GenerateFor
	// takes it: AnyVersion, PG13, PG18 or a server_version_num from 13 up.
	Server int
	// Schema, if set, is the schema the script creates every function in
	// and every call between the functions names, so that they work
	// whatever a caller's search_path is. The schema must exist. Empty
	// leaves the names unqualified.
	Schema string
}

// GenerateWith is Generate with Options: a prefix, the servers to write
// for, and the schema that qualifies every function's name.
func GenerateWith(l *resolved.Layout, o Options) ([]byte, error) {
	server, prefix := o.Server, o.Prefix
	if server != AnyVersion && server < PG13 {
		return nil, fmt.Errorf("%w: %d: want 0 (any) or a server_version_num from %d up", ErrVersion, server, PG13)
	}
	if prefix == "" {
		prefix = DefaultPrefix(l)
	}
	if !plainIdent.MatchString(prefix) {
		return nil, fmt.Errorf("%w: prefix %q is not lower-case letters, digits and '_', starting with a letter or '_'", ErrName, prefix)
	}
	if o.Schema != "" && (!plainIdent.MatchString(o.Schema) || len(o.Schema) > maxIdent) {
		return nil, fmt.Errorf("%w: schema %q is not lower-case letters, digits and '_', starting with a letter or '_', at most %d bytes", ErrName, o.Schema, maxIdent)
	}
	s := &script{l: l, prefix: prefix, schema: o.Schema, names: map[string]string{}, server: server}
	switch l.Bits {
	case 64:
		s.kind, s.typ = kBigint, "bigint"
	case 128:
		s.kind, s.typ = kUUID, "uuid"
	default:
		s.kind, s.typ = kBytea, "bytea"
	}
	if v, ok := l.Value(layouts.Time); ok && v.Epoch.Year() < 1 {
		return nil, fmt.Errorf("%w: %s: an epoch before the year 1", ErrLayout, l.Name)
	}
	var err error
	if s.text, err = newTextCodec(s); err != nil {
		return nil, err
	}
	if err := s.reserve(); err != nil {
		return nil, err
	}
	s.header()
	for _, emit := range []func(){s.emitLengthError, s.emitValid, s.emitFields, s.emitTime, s.emitPack, s.emitBounds, s.emitHex, s.emitBase62, s.emitCrockford, s.emitText, s.emitDecimal, s.emitStored, s.emitNew, s.emitMask} {
		emit()
	}
	return []byte(s.out.String()), nil
}

// name returns the full name of one of the layout's functions.
func (s *script) name(suffix string) string { return s.prefix + "_" + suffix }

// ref returns how the script names one of the layout's functions where it
// creates or calls it: quoted, and qualified by the schema if it has one.
func (s *script) ref(suffix string) string {
	if s.schema == "" {
		return quote(s.name(suffix))
	}
	return quote(s.schema) + "." + quote(s.name(suffix))
}

// reserve claims every function name the script defines, and refuses a
// name that is too long or defined twice.
func (s *script) reserve() error {
	claim := func(suffix, what string) error {
		n := s.name(suffix)
		if len(n) > maxIdent {
			return fmt.Errorf("%w: %s is longer than PostgreSQL's %d bytes; choose a shorter -prefix", ErrName, n, maxIdent)
		}
		if prev, ok := s.names[n]; ok {
			return fmt.Errorf("%w: %s would be both %s and %s; rename the field or choose another -prefix", ErrName, n, prev, what)
		}
		s.names[n] = what
		return nil
	}
	var want [][2]string
	want = append(want, [2]string{"pack", "a function of its own"})
	for _, form := range resolved.CommonForms() { // P_to_base62, P_from_base62, ...: emitBase62, emitCrockford, emitHex
		want = append(want, [2]string{"to_" + form, "a function of its own"}, [2]string{"from_" + form, "a function of its own"})
	}
	if s.text != nil {
		want = append(want, [2]string{"to_" + s.text.name, "a function of its own"}, [2]string{"from_" + s.text.name, "a function of its own"})
	}
	if s.decimalText() {
		want = append(want, [2]string{"to_decimal", "a function of its own"}, [2]string{"from_decimal", "a function of its own"})
	}
	if s.kind == kBytea {
		want = append(want, [2]string{"length_error", "a function of its own"})
	}
	if _, ok := s.l.Value(layouts.Time); ok {
		want = append(want, [2]string{"time", "the time function"})
		if s.l.TimeSortable() {
			want = append(want, [2]string{"min_at", "a bound"}, [2]string{"max_at", "a bound"})
		}
	}
	for _, a := range s.storedProfiles() {
		want = append(want, [2]string{storedSuffix("to", a.Profile), "a storage profile's function"}, [2]string{storedSuffix("from", a.Profile), "a storage profile's function"})
	}
	if s.l.Stateless() {
		want = append(want, [2]string{"new", "the generator"})
	}
	if _, ok := s.maskPlan(); ok {
		for _, suffix := range []string{"mask", "unmask", "mask_named", "unmask_named"} {
			want = append(want, [2]string{suffix, "a Private IDs function"})
		}
	}
	for _, f := range s.l.Fields {
		want = append(want, [2]string{f.Name, "field " + f.Name + "'s reader"})
	}
	for _, w := range want {
		if err := claim(w[0], w[1]); err != nil {
			return err
		}
	}
	return nil
}

// quote returns a name as a quoted SQL identifier. Every name has already
// been checked to be a plain identifier; quoting also keeps reserved words
// (a field named "end") usable.
func quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// dollar returns text as a dollar-quoted string literal whose tag does not
// occur in it, so no text can end the literal early.
func dollar(text string) string {
	text = portable.Comment(text) // a COMMENT is read as a comment is: no control shows raw
	tag := "$doc$"
	for i := 0; strings.Contains(text, tag); i++ {
		tag = fmt.Sprintf("$doc%d$", i)
	}
	return tag + text + tag
}

// commentLines writes text as SQL line comments, one per line, each made
// safe by the rule every emitter's comments follow (portable.Comment): a
// control character (a carriage return could end a comment early in some
// clients) or a bidirectional control becomes an escape.
func (s *script) commentLines(text string) {
	s.out.WriteString(portable.SQLComments(text))
}

func (s *script) header() {
	l := s.l
	s.commentLines(fmt.Sprintf("Code generated by idforge gen -lang sql from %s. DO NOT EDIT.", l.File))
	s.out.WriteString("--\n")
	s.commentLines(fmt.Sprintf("PostgreSQL functions for the %s layout (%d bits, held as %s), prefix %s.\nFor %s, no extension.\nEvery statement is CREATE OR REPLACE, so the script can run again, as\nmigrations do.", l.Name, l.Bits, s.typ, s.prefix, s.serverNote()))
	if s.schema != "" {
		s.commentLines(fmt.Sprintf("Every function is created in schema %s, which must exist, and the calls\nbetween them name it, so that they work whatever a caller's search_path is.", s.schema))
	}
	if s.kind == kBytea {
		s.commentLines(fmt.Sprintf("An ID is a bytea of %d bytes; the readers raise SQLSTATE 22026 on any other\nlength (a CHECK (octet_length(id) = %d) on the column keeps such values out).\nThe SQL readers are not declared STRICT, as PostgreSQL would not inline them\nwith that check; they return NULL for NULL all the same.", l.Bytes(), l.Bytes()))
	}
	if l.Doc != "" {
		s.out.WriteString("--\n")
		s.commentLines(l.Doc)
	}
	s.out.WriteString("--\n")
	s.commentLines(l.Diagram())
}

// function writes one CREATE OR REPLACE FUNCTION and its COMMENT.
type function struct {
	suffix  string
	params  [][2]string // name and type
	returns string
	plpgsql bool
	mutable bool // VOLATILE rather than IMMUTABLE STRICT
	// stable: STABLE STRICT rather than IMMUTABLE STRICT, for the functions
	// that take a key: PostgreSQL then refuses them in generated columns and
	// index expressions, which would keep a key literal in the catalog.
	stable bool
	lax    bool // IMMUTABLE but called on NULL input, not STRICT
	// anyLength: the function takes a bytea ID of any length itself, rather
	// than have function raise 22026 on a wrong one.
	anyLength bool
	body      string
	// fast is the body on PostgreSQL 18 and later, where it differs.
	fast string
	// fastLax: the fast body is IMMUTABLE but called on NULL input, not
	// STRICT (it has a CASE, which stops a STRICT function's inlining, and
	// returns NULL for NULL all the same).
	fastLax bool
	// safe: the body was built hardened (safe.go), as the checks
	// function adds to it must be.
	safe bool
	doc  string
}

func (s *script) function(f function) {
	if s.kind == kBytea && !f.anyLength && len(f.params) > 0 && f.params[0][1] == s.typ && (f.params[0][0] == "id" || f.params[0][0] == "public") {
		s.safe = f.safe
		f.body = s.checkLength(f, f.body)
		if f.fast != "" {
			f.fast = s.checkLength(f, f.fast)
		}
		s.safe = false
		// PostgreSQL does not inline a STRICT function whose body has a
		// CASE; the check's CASE returns NULL for NULL as STRICT would.
		f.lax = f.lax || !f.plpgsql
	}
	var params, types []string
	for _, p := range f.params {
		params = append(params, quote(p[0])+" "+p[1])
		types = append(types, p[1])
	}
	name := s.ref(f.suffix)
	lang := "sql"
	if f.plpgsql {
		lang = "plpgsql"
	}
	volatility, strict := "IMMUTABLE", " STRICT"
	switch {
	case f.mutable:
		volatility, strict = "VOLATILE", ""
	case f.stable:
		volatility = "STABLE"
	}
	if f.lax {
		strict = ""
	}
	attrs := volatility + strict + " PARALLEL SAFE"
	create := func(body string, attrs string) string {
		return fmt.Sprintf("CREATE OR REPLACE FUNCTION %s(%s) RETURNS %s\nLANGUAGE %s %s\nAS $fn$\n%s\n$fn$",
			name, strings.Join(params, ", "), f.returns, lang, attrs, strings.TrimRight(body, "\n"))
	}
	fastAttrs := attrs
	if f.fastLax && !f.mutable {
		fastAttrs = "IMMUTABLE PARALLEL SAFE"
	}
	switch {
	case f.fast == "" || f.fast == f.body || (s.server != AnyVersion && s.server < PG18):
		fmt.Fprintf(&s.out, "\n%s;\n", create(f.body, attrs))
	case s.server >= PG18:
		fmt.Fprintf(&s.out, "\n%s;\n", create(f.fast, fastAttrs))
	default:
		// Both bodies, as text the DO block runs: a body is parsed only when
		// its CREATE runs, so 18's casts never reach an older server.
		fast, portable := create(f.fast, fastAttrs), create(f.body, attrs)
		fmt.Fprintf(&s.out, "\n-- On PostgreSQL 18 and later, %s reads the ID's bytes as integers.\nDO $do$\nBEGIN\n  IF current_setting('server_version_num')::int >= %d THEN\n    EXECUTE %s;\n  ELSE\n    EXECUTE %s;\n  END IF;\nEND\n$do$;\n",
			s.name(f.suffix), PG18, quoteBody(fast, "v18"), quoteBody(portable, "v13"))
	}
	fmt.Fprintf(&s.out, "COMMENT ON FUNCTION %s(%s) IS %s;\n", name, strings.Join(types, ", "), dollar(f.doc))
}

// quoteBody returns a statement as a dollar-quoted literal, on lines of its
// own, tagged with tag (or tag and a number, so that the tag does not occur
// in it: it never ends the literal early, nor the DO block's $do$).
func quoteBody(stmt, tag string) string {
	t := "$" + tag + "$"
	for i := 0; strings.Contains(stmt, t) || t == "$do$"; i++ {
		t = fmt.Sprintf("$%s%d$", tag, i)
	}
	return t + "\n" + stmt + "\n" + t
}

// serverNote says which servers the script is for, for its header.
func (s *script) serverNote() string {
	switch {
	case s.server == AnyVersion:
		return "PostgreSQL 13 or later (faster bodies on 18 and later, chosen by DO blocks)"
	case s.server >= PG18:
		return "PostgreSQL 18 or later only"
	}
	return "PostgreSQL 13 or later (the bodies every version runs)"
}

// emitLengthError writes P_length_error, which the SQL readers of a bytea
// layout call on an ID of the wrong length. It is polymorphic so that it can
// stand in a CASE for a value of any type, and raises before it returns.
func (s *script) emitLengthError() {
	if s.kind != kBytea {
		return
	}
	n := s.l.Bytes()
	s.function(function{
		suffix: "length_error", params: [][2]string{{"fn", "text"}, {"id", "bytea"}, {"result", "anyelement"}}, returns: "anyelement", plpgsql: true, lax: true,
		body: fmt.Sprintf("BEGIN\n  RAISE EXCEPTION USING ERRCODE = '22026', MESSAGE = format('%%s: a %%s ID is %%s bytes, not %%s', fn, %s, %s, octet_length(id));\nEND", literal(s.l.Name), literal(fmt.Sprint(n))),
		doc:  fmt.Sprintf("Raises SQLSTATE 22026: fn was given id, which is not %d bytes long. The readers call it; result only gives it its type.", n),
	})
}

// checkLength returns f's body behind a check that the ID in $1 has the
// layout's length. A SQL body stays one expression, so that the planner
// still inlines it: NULL fails the check's condition and goes on to the
// reader, which returns NULL.
func (s *script) checkLength(f function, body string) string {
	n := s.l.Bytes()
	if f.plpgsql {
		length := s.call("octet_length", "$1")
		check := fmt.Sprintf("  IF %s THEN\n    %s\n  END IF;\n", s.op(length, "<>", fmt.Sprint(n)),
			s.raise(f.suffix, "22026", "a %s ID is %s bytes, not %s", s.str(s.l.Name), s.str(fmt.Sprint(n)), length))
		return strings.Replace(body, "BEGIN\n", "BEGIN\n"+check, 1)
	}
	expr := strings.TrimPrefix(body, "SELECT ")
	return fmt.Sprintf("SELECT CASE WHEN octet_length($1) <> %d THEN %s(%s, $1, NULL::%s)\n  ELSE %s END",
		n, s.ref("length_error"), literal(s.name(f.suffix)), f.returns, expr)
}

// raise returns a PL/pgSQL RAISE, with a SQLSTATE, of a message that names
// the function: format and args are those of PL/pgSQL's format().
// While safe, format is pg_catalog's and the literals are typed; the
// caller types its args.
func (s *script) raise(suffix, code, format string, args ...string) string {
	all := append([]string{s.str("%s: " + format), s.str(s.name(suffix))}, args...)
	return fmt.Sprintf("RAISE EXCEPTION USING ERRCODE = '%s', MESSAGE = %s;", code, s.call("format", all...))
}

// literal returns text as a SQL string literal that reads the same
// whatever standard_conforming_strings is: a standard literal ('...', each
// quote doubled) for text without a backslash, and an escape string
// literal (E'...', each backslash doubled too) for text with one, such as
// a declared encoding's digits. It is the one way the emitter writes a
// string literal; a spec's text reaches no other (titles are restricted
// where the spec is read, docs go through dollar and commentLines).
func literal(text string) string {
	q := "'" + strings.ReplaceAll(text, "'", "''") + "'"
	if strings.Contains(text, `\`) {
		return "E" + strings.ReplaceAll(q, `\`, `\\`)
	}
	return q
}
