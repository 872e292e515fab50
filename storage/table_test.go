package storage_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

var update = flag.Bool("update", false, "rewrite docs/databases.md's tables")

// The tables of docs/databases.md are this package's answers: which
// time-ordered layouts sort by time in which store, stored through the
// profile and stored as they are. TestTables compares them; -update
// rewrites them.
func TestTables(t *testing.T) {
	const path = "../docs/databases.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(doc)
	for _, block := range []struct{ name, text string }{
		{"profiles", profilesTable(t)},
		{"through", throughTable(t)},
		{"as-is", asIsTable(t)},
	} {
		begin, end := "<!-- table "+block.name+" (go test ./storage -update) -->\n", "<!-- end table "+block.name+" -->"
		i, j := strings.Index(got, begin), strings.Index(got, end)
		if i < 0 || j < i {
			t.Fatalf("%s has no table %s between %q and %q", path, block.name, begin, end)
		}
		got = got[:i+len(begin)] + block.text + got[j:]
	}
	if got == string(doc) {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's tables are not package storage's: go test ./storage -update", path)
}

func profilesTable(t *testing.T) string {
	var b strings.Builder
	b.WriteString("| profile | store and type | size | the store compares |\n|---|---|---|---|\n")
	for _, p := range storage.Profiles() {
		size, order := "the ID's", "its bytes in order"
		if p.Size > 0 {
			// The declaration's own words: profile NAME SIZE ORDER [OPTION...]
			words := map[string]string{}
			for _, w := range strings.Fields(strings.Split(p.String(), " -- ")[0])[4:] {
				k, v, _ := strings.Cut(w, "=")
				words[k] = v
			}
			size, order = fmt.Sprint(p.Size), "bytes "+strings.Fields(p.String())[3]
			if len(p.Signed) > 0 {
				order += ", bytes " + words["signed"] + " signed"
			}
			if p.When != nil {
				order += "; a value with " + condText(p.When) + " as " + words["swap"]
			}
			if p.Refuse != nil {
				order += "; it refuses a value with " + condText(p.Refuse)
			}
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Name, p.Title, size, order)
	}
	return b.String()
}

func condText(cs []storage.Cond) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("byte %d in %02x-%02x", c.Pos, c.Lo, c.Hi))
	}
	return strings.Join(parts, " and ")
}

// throughTable: every time-ordered built-in under every profile.
func throughTable(t *testing.T) string {
	ps := storage.Profiles()
	var b strings.Builder
	b.WriteString("| layout |")
	for _, p := range ps {
		fmt.Fprintf(&b, " `%s` |", p.Name)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(ps)) + "\n")
	var notes []string
	for _, name := range timeOrdered {
		l := layout(t, name)
		fmt.Fprintf(&b, "| %s |", name)
		for _, p := range ps {
			a, err := storage.For(l, p)
			switch {
			case errors.Is(err, storage.ErrFit):
				b.WriteString(" does not fit |")
			case err != nil:
				t.Fatal(err)
			case a.Sorts:
				b.WriteString(" yes |")
			default:
				notes = append(notes, a.Why)
				fmt.Fprintf(&b, " no (%d) |", len(notes))
			}
		}
		b.WriteString("\n")
	}
	for i, n := range notes {
		fmt.Fprintf(&b, "\n(%d) %s.\n", i+1, n)
	}
	return b.String()
}

// asIsTable: the 16-byte time-ordered built-ins stored as they are in each
// 16-byte store: whether 20,000 IDs of random times sort by time under the
// store's comparison.
func asIsTable(t *testing.T) string {
	var ps []storage.Profile
	for _, p := range storage.Profiles() {
		if p.Size == 16 {
			ps = append(ps, p)
		}
	}
	var b strings.Builder
	b.WriteString("| layout | bytes (memcmp) |")
	for _, p := range ps {
		fmt.Fprintf(&b, " `%s` |", p.Name)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(ps)) + "\n")
	for _, name := range timeOrdered {
		l := layout(t, name)
		if l.Bits != 128 {
			continue
		}
		ids := randomIDs(l, 20_000, 7)
		fmt.Fprintf(&b, "| %s | %s |", name, yesNo(sortsAsIs(l, ids, storage.Profile{})))
		for _, p := range ps {
			fmt.Fprintf(&b, " %s |", yesNo(sortsAsIs(l, ids, p)))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}

// sortsAsIs says whether ids, stored as they are, sort by time under p's
// comparison (the zero Profile: memcmp).
func sortsAsIs(l *resolved.Layout, ids [][]byte, p storage.Profile) bool {
	sorted := slices.Clone(ids)
	slices.SortFunc(sorted, func(x, y []byte) int {
		if p.Size == 0 {
			return bytes.Compare(x, y)
		}
		return p.Compare(x, y)
	})
	var last *big.Int
	for _, id := range sorted {
		tm := timeOf(l, id)
		if last != nil && last.Cmp(tm) > 0 {
			return false
		}
		last = tm
	}
	return true
}
