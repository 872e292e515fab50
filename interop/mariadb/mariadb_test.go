// Package mariadb_test runs the MariaDB functions gen/mariadb writes on a
// real MariaDB server, the one IDFORGE_MARIADB_DSN names (.ci/mariadb
// starts a throwaway one and prints its DSN): the conformance corpus bit
// for bit with Go, and P_new judged by package verify.
package mariadb_test

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen/mariadb"
	"github.com/idforge/idforge/interop/internal/corpustest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
	"github.com/idforge/idforge/verify"
)

// open connects to IDFORGE_MARIADB_DSN, or skips the test without it.
func open(t testing.TB) *sql.DB {
	t.Helper()
	dsn := testenv.Need(t, testenv.MariaDB)
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Ping(); err != nil {
		t.Fatalf("cannot reach MariaDB at IDFORGE_MARIADB_DSN: %v", err)
	}
	return db
}

// load runs a script as the mariadb client would: its DELIMITER lines
// say where each statement ends.
func load(t testing.TB, db *sql.DB, script []byte) {
	t.Helper()
	text := string(script)
	text = strings.Replace(text, "\nDELIMITER $$\n", "\n", 1)
	text = strings.TrimSuffix(text, "\nDELIMITER ;\n")
	for _, stmt := range strings.Split(text, "\n$$\n") {
		if strings.TrimSpace(stmt) == "" || !strings.Contains(stmt, "CREATE") {
			continue
		}
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%v\n%s", err, stmt)
		}
	}
}

// generate returns the layout's script, or reports why the emitter
// refuses it.
func generate(l *layouts.Layout) ([]byte, error) {
	r, err := resolved.New(l)
	if err != nil {
		return nil, err
	}
	return mariadb.Generate(r, "")
}

type expectation struct {
	expr, want string
	state      string // the SQLSTATE an error must have
	reason     string // a regexp-free fragment its message must hold
	what       string
}

// TestCorpus checks every corpus layout the emitter supports: each "id"
// record's text forms both ways, its fields, P_valid and P_time (to the
// microsecond, or SQLSTATE 22008 outside DATETIME's years 1 to 9999);
// each "bound" (P_min_at at the instants on a microsecond, P_max_at at
// those on a microsecond's last nanosecond); each "alias" and "bad"
// record, whose errors are SQLSTATE 22P02 (22026 for short bytes) with a
// message that names the kind, the position and the length in bytes, as
// Go counts them.
func TestCorpus(t *testing.T) {
	db := open(t)
	db.SetMaxOpenConns(1)
	corpus := corpustest.Layouts(t)
	run := 0
	for _, c := range corpus {
		script, err := generate(c.Layout.Model)
		if errors.Is(err, mariadb.ErrLayout) || errors.Is(err, mariadb.ErrName) {
			t.Logf("%s: not checked, the MariaDB emitter refuses it: %v", c.Layout.Name, err)
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		run++
		t.Run(c.Layout.Name, func(t *testing.T) {
			load(t, db, script)
			check(t, db, c.Layout, c.Records)
		})
	}
	t.Logf("%d of the corpus's %d layouts checked", run, len(corpus))
	if run < len(corpus)*9/10 {
		t.Errorf("only %d of the corpus's %d layouts checked", run, len(corpus))
	}
}

func quote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", "''") + "'"
}

// hexText returns a text literal that reads as s's bytes whatever they are.
func hexText(s string) string {
	if s == "" {
		return "''"
	}
	return fmt.Sprintf("X'%X'", s)
}

func check(t *testing.T, db *sql.DB, l *resolved.Layout, rs []conformance.Record) {
	p := mariadb.DefaultPrefix(l) + "_"
	big64 := l.Bits == 64
	idOf := func(hex string) string {
		if big64 {
			return fmt.Sprintf("CAST(CONV('%s', 16, 10) AS UNSIGNED)", hex)
		}
		return "X'" + hex + "'"
	}
	own := ""
	switch text := l.Text.Name; {
	case resolved.IsCommonForm(text):
	default:
		own = strings.ReplaceAll(text, "-", "_")
	}
	var es []expectation
	add := func(what, expr, want string) { es = append(es, expectation{expr: expr, want: want, what: what}) }
	fail := func(what, expr, state, reason string) {
		es = append(es, expectation{expr: expr, state: state, reason: reason, what: what})
	}
	counts := map[string]int{}
	for _, r := range rs {
		counts[r.Kind]++
		switch r.Kind {
		case "id":
			id := idOf(r.Hex)
			add(r.Hex, p+"to_hex("+id+")", r.Hex)
			add(r.Hex, p+"to_base62("+id+")", r.Base62)
			add(r.Hex, p+"to_crockford("+id+")", r.Crockford)
			for _, f := range [][2]string{{"from_hex", r.Hex}, {"from_hex", strings.ToUpper(r.Hex)}, {"from_base62", r.Base62},
				{"from_crockford", r.Crockford}, {"from_crockford", strings.ToLower(r.Crockford)}} {
				add(r.Hex, fmt.Sprintf("%sto_hex(%s%s(%s))", p, p, f[0], quote(f[1])), r.Hex)
			}
			if own != "" {
				add(r.Hex, p+"to_"+own+"("+id+")", r.Text)
				if own == "decimal" && !l.Text.Signed && r.Hex[0] >= '8' {
					// An ID with the top bit set, which a layout whose top
					// bit is a constant zero never has: its text is no ID's.
					fail(r.Hex+" text", fmt.Sprintf("%sfrom_decimal(%s)", p, quote(r.Text)), "22P02", "")
				} else {
					add(r.Hex, fmt.Sprintf("%sto_hex(%sfrom_%s(%s))", p, p, own, quote(r.Text)), r.Hex)
				}
			}
			add(r.Hex, p+"valid("+id+")", map[bool]string{true: "1", false: "0"}[*r.Valid])
			for _, f := range l.Fields {
				c := p + f.Name + "(" + id + ")"
				if f.Bytes {
					c = "LOWER(HEX(" + c + "))"
				}
				add(r.Hex+" "+f.Name, c, r.Fields[f.Name])
			}
			if l.Time != nil {
				expr := p + "time(" + id + ")"
				ns, _ := new(big.Int).SetString(r.UnixNs, 10)
				if text, ok := datetimeText(ns); ok {
					add(r.Hex+" time", expr, text)
				} else {
					fail(r.Hex+" time", expr, "22008", "outside DATETIME")
				}
			}
		case "bound":
			if l.Time == nil || !l.TimeSortable() {
				continue
			}
			ns, _ := new(big.Int).SetString(r.At, 10)
			text, ok := datetimeText(ns)
			if !ok {
				continue
			}
			rem := new(big.Int).Mod(ns, big.NewInt(1000)).Int64()
			fn, want := "", ""
			switch rem {
			case 0:
				fn, want = "min_at", r.Min
			case 999:
				fn, want = "max_at", r.Max
			default:
				continue
			}
			counts[fn]++
			expr := fmt.Sprintf("%sto_hex(%s%s(CAST('%s' AS DATETIME(6))))", p, p, fn, text)
			if want == "" && r.Error == "ErrTime" {
				fail(fn+" "+r.At, expr, "22008", "no tick")
				continue
			}
			add(fn+" "+r.At, expr, want)
		case "alias":
			from := map[string]string{"crockford": "crockford", "text": own}[r.Form]
			if from == "" || from == "decimal" {
				continue
			}
			read := fmt.Sprintf("%sfrom_%s(%s)", p, from, hexText(r.Input))
			add("alias "+r.Input, p+"to_hex("+read+")", r.Hex)
			add("alias "+r.Input+" written back", p+"to_"+from+"("+read+")", r.Text)
		case "stored":
			counts["stored"]++
			checkStored(p, l, r, idOf, add, fail)
		case "bad":
			form := r.Form
			if form == "text" {
				form = own
				if form == "" {
					form = l.Text.Name
				}
			}
			switch r.Form {
			case "base62", "crockford", "hex", "text":
				expr := fmt.Sprintf("%sfrom_%s(%s)", p, form, hexText(r.Input))
				reason := badReason(r)
				if form == "uuid" {
					// P_from_uuid reads the 36-character form only, where
					// Go's UUID text reads braces and urn:uuid: too: the
					// kind and position may differ.
					reason = ""
				}
				fail(r.Form+" "+r.Input, expr, "22P02", reason)
			case "bytes":
				if !big64 {
					id := "X'" + r.Input + "'"
					fail("bytes "+r.Input, p+"to_hex("+id+")", "22026", "bytes, not")
					add("bytes "+r.Input, p+"valid("+id+")", "0")
				}
			}
		}
	}
	bad := 0
	report := func(e expectation, got string, err error) {
		bad++
		if bad <= 20 {
			t.Errorf("%s: %s = %q (%v), want %q %s %s", e.what, e.expr, got, err, e.want, e.state, e.reason)
		}
	}
	// The expressions that must give a value, a hundred to a query; an
	// error in a batch sends it one by one.
	var values []expectation
	for _, e := range es {
		if e.state == "" {
			values = append(values, e)
			continue
		}
		got, err := eval(db, e.expr)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || string(me.SQLState[:]) != e.state || !strings.Contains(me.Message, e.reason) {
			report(e, got, err)
		}
	}
	for len(values) > 0 {
		batch := values[:min(100, len(values))]
		values = values[len(batch):]
		var cols []string
		for _, e := range batch {
			cols = append(cols, "CAST(("+e.expr+") AS CHAR)")
		}
		row := make([]sql.NullString, len(batch))
		ptrs := make([]any, len(batch))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := db.QueryRow("SELECT " + strings.Join(cols, ", ")).Scan(ptrs...); err != nil {
			for _, e := range batch {
				if got, err := eval(db, e.expr); err != nil || got != e.want {
					report(e, got, err)
				}
			}
			continue
		}
		for i, e := range batch {
			if row[i].String != e.want {
				report(e, row[i].String, nil)
			}
		}
	}
	t.Logf("%d expressions from %d IDs, %d bounds (%d by P_min_at, %d by P_max_at), %d aliases, %d bad inputs, %d stored records",
		len(es), counts["id"], counts["bound"], counts["min_at"], counts["max_at"], counts["alias"], counts["bad"], counts["stored"])
}

func eval(db *sql.DB, expr string) (string, error) {
	var s sql.NullString
	err := db.QueryRow("SELECT CAST((" + expr + ") AS CHAR)").Scan(&s)
	if !s.Valid && err == nil {
		return "NULL", nil
	}
	return s.String, err
}

// badReason returns what the message of a "bad" record's error must hold:
// its kind, the length and, for ErrSyntax, the position, in bytes as Go
// counts them.
func badReason(r conformance.Record) string {
	n := len(r.Input)
	switch {
	case r.Error == "ErrLength":
		return fmt.Sprintf("is of length %d, want", n)
	case r.Error == "ErrSyntax" && r.Pos != nil:
		return fmt.Sprintf("at position %d of ", *r.Pos)
	case r.Error == "ErrSyntax":
		return "invalid character"
	case r.Error == "ErrOverflow":
		return fmt.Sprintf("of length %d is above the largest", n)
	}
	return ""
}

// datetimeText writes ns, nanoseconds since the Unix epoch, rounded down
// to the microsecond, as MariaDB writes a DATETIME(6), or reports false
// outside its years 1 to 9999.
func datetimeText(ns *big.Int) (string, bool) {
	us := new(big.Int).Div(ns, big.NewInt(1000)) // Euclidean: floor for a positive divisor
	lo := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
	hi := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
	if !us.IsInt64() || us.Int64() < lo || us.Int64() >= hi {
		return "", false
	}
	return time.UnixMicro(us.Int64()).UTC().Format("2006-01-02 15:04:05.000000"), true
}

// TestNew makes 100,000 IDs with P_new of every built-in layout that has
// one and judges them as idforge verify does: no check may fail.
func TestNew(t *testing.T) {
	db := open(t)
	all, err := resolved.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range all {
		if !l.Stateless() {
			continue
		}
		script, err := mariadb.Generate(l, "")
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		n++
		t.Run(l.Name, func(t *testing.T) {
			load(t, db, script)
			p := mariadb.DefaultPrefix(l) + "_"
			rows, err := db.Query(fmt.Sprintf("SELECT %sto_%s(%snew()) FROM seq_1_to_100000", p, strings.ReplaceAll(l.Text.Name, "-", "_"), p))
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var buf bytes.Buffer
			count := 0
			for rows.Next() {
				var s string
				if err := rows.Scan(&s); err != nil {
					t.Fatal(err)
				}
				buf.WriteString(s + "\n")
				count++
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			c, err := verify.New(l.Model, verify.Options{Alpha: 1e-6, MaxSet: 1 << 20, Ahead: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.ReadLines(&buf, nil); err != nil {
				t.Fatal(err)
			}
			rep := c.Report()
			if rep.Failed || rep.Lines != 100000 || count != 100000 {
				var out strings.Builder
				rep.WriteText(&out)
				t.Errorf("%d IDs, %d lines verified, failed %v:\n%s", count, rep.Lines, rep.Failed, out.String())
			}
		})
	}
	t.Logf("%d built-in layouts have P_new", n)
}
