package pgsql_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/pgsql"
	"github.com/idforge/idforge/interop/internal/pgtest"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// sqlSnippet is one SQL block of the README or a guide, and the setup a
// reader is told of in prose, given to the test in a comment just before
// the block, which a rendered page does not show:
//
//	<!-- sql setup
//	schema ids
//	CREATE TABLE legacy (id uuid, created_at timestamptz);
//	-->
//
// "schema NAME" loads the functions into that schema, qualified (gen
// -schema NAME); without it they land in a fresh schema on search_path.
type sqlSnippet struct {
	file   string
	line   int
	schema string
	setup  string
	text   string
}

func sqlSnippets(t *testing.T) []sqlSnippet {
	t.Helper()
	root := filepath.Join("..", "..")
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	docs = append([]string{filepath.Join(root, "README.md")}, docs...)
	var out []sqlSnippet
	for _, doc := range docs {
		src, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		for i := 0; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) != "```sql" {
				continue
			}
			s := sqlSnippet{file: strings.TrimPrefix(filepath.ToSlash(doc), "../../"), line: i + 1}
			before := strings.TrimRight(strings.Join(lines[:i], "\n"), "\n")
			if k := strings.LastIndex(before, "<!-- sql setup\n"); k >= 0 && strings.HasSuffix(before, "-->") {
				setup := strings.TrimSuffix(before[k+len("<!-- sql setup\n"):], "-->")
				if first, rest, ok := strings.Cut(setup, "\n"); ok && strings.HasPrefix(first, "schema ") {
					s.schema, setup = strings.TrimPrefix(first, "schema "), rest
				}
				s.setup = setup
			}
			var body []string
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
				body = append(body, lines[i])
			}
			s.text = strings.Join(body, "\n")
			out = append(out, s)
		}
	}
	return out
}

// TestDocSQL runs every SQL block of the README and docs/ on the server,
// with the generated functions of every built-in layout the block calls,
// in a transaction that is rolled back: a function renamed or a signature
// changed fails here before a reader finds it.
func TestDocSQL(t *testing.T) {
	if _, err := os.Stat(filepath.Join("..", "..", "docs")); err != nil {
		t.Skip("docs/ is not beside this module")
	}
	db := pgtest.DB(t)
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	snippets := sqlSnippets(t)
	if len(snippets) < 3 {
		t.Fatalf("%d SQL blocks in the README and docs/, want at least 3", len(snippets))
	}
	ctx := context.Background()
	for _, s := range snippets {
		t.Run(fmt.Sprintf("%s:%d", s.file, s.line), func(t *testing.T) {
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			tx, err := conn.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback()
			exec := func(what, q string) {
				t.Helper()
				if _, err := tx.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s:%d: %s: %v\n%s", s.file, s.line, what, err, q)
				}
			}
			schema := s.schema
			if schema == "" {
				schema = fmt.Sprintf("docs_%d", rand.Int63())
				exec("search_path", "CREATE SCHEMA "+schema+"; SET LOCAL search_path = "+schema)
			} else {
				exec("schema", "CREATE SCHEMA "+schema)
			}
			loaded := 0
			for _, l := range ls {
				prefix := pgsql.DefaultPrefix(resolved.Must(l))
				if !regexp.MustCompile(`\b` + prefix + `_[a-z_0-9]+\(`).MatchString(s.text + s.setup) {
					continue
				}
				o := pgsql.Options{}
				if s.schema != "" {
					o.Schema = s.schema
				}
				script, err := pgsql.GenerateWith(resolved.Must(l), o)
				if err != nil {
					t.Fatal(err)
				}
				exec("loading "+l.Name, string(script))
				loaded++
			}
			if loaded == 0 {
				t.Fatalf("%s:%d: the block calls no built-in layout's functions", s.file, s.line)
			}
			if s.setup != "" {
				exec("the setup", s.setup)
			}
			exec("the block", s.text)
		})
	}
}
