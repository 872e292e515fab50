// Package storage holds storage profiles: how a database or a platform
// type keeps an ID and in which order it compares what it keeps, declared
// as data (builtin.profiles), and the arrangement of a layout's bytes that
// makes the store's own order the layout's time order.
//
// A time-ordered ID exists to keep an index in order, but stores compare a
// UUID their own way: SQL Server's uniqueidentifier reads bytes 10 to 15
// first, ClickHouse's UUID its second half, Java's UUID.compareTo two
// signed longs, MariaDB's UUID type swaps the groups of versions 1 to 5. A
// [Profile] states that order; [For] gives, for a layout, the
// [Arrangement] of its bytes to store (Stored) and the way back
// (FromStored), and whether the store's order is then the layout's time
// order (Sorts), with a plain statement where it cannot be (Why).
//
// The profiles are the same in every language idforge writes: the CLI
// (idforge new and convert take -profile), the generated SQL
// (P_to_NAME and P_from_NAME), JavaScript, Python and Java, and the
// conformance corpus's "stored" records, which they all check.
//
// Package storage is not package store, which keeps a generator's durable
// state.
package storage

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/idforge/idforge/internal/suggest"
)

// ErrSpec reports a profile declaration that [Declare] cannot take.
var ErrSpec = errors.New("storage: bad profile declaration")

// ErrProfile reports a profile name that names no profile.
var ErrProfile = errors.New("storage: no such profile")

// Profile is a storage profile: a store's type and the order in which the
// store compares the values it keeps.
type Profile struct {
	// Name is what the CLI, the languages and the SQL functions call the
	// profile: "sqlserver".
	Name string
	// Title names the store and its type, for people.
	Title string
	// Size is the stored value's length in bytes; 0 for the ID's own
	// length (the bytes profile).
	Size int
	// Order is the order in which the store compares the stored bytes:
	// the position it reads first, then the next. Nil for Size 0: the
	// bytes in their order (memcmp).
	Order []int
	// Signed are the positions the store compares as the top bytes of
	// signed integers: a stored value has 0x80 flipped there.
	Signed []int
	// Pad are the stored positions the zero padding of a shorter ID goes
	// to first; the rest of the padding goes last in Order.
	Pad []int
	// Swap, when every condition of When holds for a stored value, is the
	// order the store compares that value in instead of Order.
	Swap []int
	When []Cond
	// Refuse, when every one of its conditions holds for a value, says
	// that the store refuses the value: MariaDB's UUID type refuses a
	// value that looks like one it would have swapped itself.
	Refuse []Cond
}

// Cond is a condition on one stored byte: Lo <= b[Pos] <= Hi.
type Cond struct{ Pos, Lo, Hi int }

// String returns the profile as the line that declares it.
func (p Profile) String() string {
	size, order := "*", "*"
	if p.Size > 0 {
		size, order = strconv.Itoa(p.Size), positions(p.Order)
	}
	line := fmt.Sprintf("profile %s %s %s", p.Name, size, order)
	if len(p.Signed) > 0 {
		line += " signed=" + positions(p.Signed)
	}
	if len(p.Pad) > 0 {
		line += " pad=" + positions(p.Pad)
	}
	if len(p.Swap) > 0 {
		line += " swap=" + positions(p.Swap)
		line += " when=" + conds(p.When)
	}
	if len(p.Refuse) > 0 {
		line += " refuse=" + conds(p.Refuse)
	}
	return line + " -- " + p.Title
}

// conds writes conditions as a declaration does: 6:01-5f,8:80-ff.
func conds(cs []Cond) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%d:%02x-%02x", c.Pos, c.Lo, c.Hi))
	}
	return strings.Join(parts, ",")
}

// positions writes a list of positions, runs of three or more ascending
// ones as ranges: 10-15,8,9.
func positions(ps []int) string {
	var parts []string
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1] == ps[j]+1 {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, fmt.Sprintf("%d-%d", ps[i], ps[j]))
			i = j + 1
			continue
		}
		parts = append(parts, strconv.Itoa(ps[i]))
		i++
	}
	return strings.Join(parts, ",")
}

// Declare reads one profile line (see builtin.profiles):
//
//	profile NAME SIZE ORDER [signed=I,...] [pad=I,...] [swap=ORDER when=I:LO-HI,...] [refuse=I:LO-HI,...] -- TITLE
func Declare(line string) (Profile, error) {
	fail := func(format string, args ...any) (Profile, error) {
		return Profile{}, fmt.Errorf("%w: %q: %s", ErrSpec, line, fmt.Sprintf(format, args...))
	}
	head, title, ok := strings.Cut(line, " -- ")
	title = strings.TrimSpace(title)
	if !ok || title == "" {
		return fail("no title after ' -- '")
	}
	w := strings.Fields(head)
	if len(w) < 4 || w[0] != "profile" {
		return fail("want profile NAME SIZE ORDER")
	}
	p := Profile{Name: w[1], Title: title}
	if !validName(p.Name) {
		return fail("a name is lower-case letters, digits and '-', starting with a letter")
	}
	if w[2] == "*" {
		if w[3] != "*" || len(w) > 4 {
			return fail("a profile of the ID's own size compares its bytes in order (*) and takes no option")
		}
		return p, nil
	}
	n, err := strconv.Atoi(w[2])
	if err != nil || n < 1 || n > 64 {
		return fail("size %q: want 1 to 64, or *", w[2])
	}
	p.Size = n
	if p.Order, err = parsePositions(w[3], n); err != nil || len(p.Order) != n || !isPerm(p.Order) {
		return fail("order %q: want every position 0 to %d once", w[3], n-1)
	}
	for _, opt := range w[4:] {
		key, val, _ := strings.Cut(opt, "=")
		switch key {
		case "signed":
			p.Signed, err = parsePositions(val, n)
		case "pad":
			p.Pad, err = parsePositions(val, n)
		case "swap":
			if p.Swap, err = parsePositions(val, n); err == nil && (len(p.Swap) != n || !isPerm(p.Swap)) {
				err = errors.New("want every position once")
			}
		case "when":
			p.When, err = parseConds(val, n)
		case "refuse":
			p.Refuse, err = parseConds(val, n)
		default:
			return fail("unknown option %q", opt)
		}
		if err != nil {
			return fail("%s: %v", opt, err)
		}
	}
	if (p.Swap == nil) != (p.When == nil) {
		return fail("swap and when go together")
	}
	return p, nil
}

func validName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' || strings.HasSuffix(s, "-") {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func parsePositions(s string, n int) ([]int, error) {
	var ps []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("position %q", part)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("range %q", part)
			}
		}
		for i := a; i <= b; i++ {
			if i < 0 || i >= n {
				return nil, fmt.Errorf("position %d outside 0 to %d", i, n-1)
			}
			ps = append(ps, i)
		}
	}
	return ps, nil
}

func isPerm(ps []int) bool {
	seen := make([]bool, len(ps))
	for _, p := range ps {
		if p < 0 || p >= len(ps) || seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

func parseConds(s string, n int) ([]Cond, error) {
	var cs []Cond
	for _, part := range strings.Split(s, ",") {
		pos, rng, ok1 := strings.Cut(part, ":")
		lo, hi, ok2 := strings.Cut(rng, "-")
		p, err1 := strconv.Atoi(pos)
		l, err2 := strconv.ParseUint(lo, 16, 8)
		h, err3 := strconv.ParseUint(hi, 16, 8)
		if !ok1 || !ok2 || err1 != nil || err2 != nil || err3 != nil || p < 0 || p >= n || l > h {
			return nil, fmt.Errorf("condition %q: want POS:LO-HI, hex bytes", part)
		}
		cs = append(cs, Cond{p, int(l), int(h)})
	}
	return cs, nil
}

//go:embed builtin.profiles
var builtinText string

var builtins = sync.OnceValue(func() []Profile {
	var ps []Profile
	sc := bufio.NewScanner(strings.NewReader(builtinText))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		p, err := Declare(line)
		if err != nil {
			panic(err) // the embedded file is the package's own: its test reads it
		}
		ps = append(ps, p)
	}
	return ps
})

// Profiles returns the built-in profiles, in the order builtin.profiles
// declares them. The slice and the profiles are the caller's.
func Profiles() []Profile {
	ps := slices.Clone(builtins())
	for i := range ps {
		ps[i] = ps[i].clone()
	}
	return ps
}

func (p Profile) clone() Profile {
	p.Order, p.Signed, p.Pad, p.Swap, p.When, p.Refuse = slices.Clone(p.Order), slices.Clone(p.Signed), slices.Clone(p.Pad), slices.Clone(p.Swap), slices.Clone(p.When), slices.Clone(p.Refuse)
	return p
}

// Names returns the built-in profiles' names, in order.
func Names() []string {
	var ns []string
	for _, p := range builtins() {
		ns = append(ns, p.Name)
	}
	return ns
}

// Lookup returns the built-in profile named name. An unknown name is an
// error that matches ErrProfile, names the profiles and suggests the
// closest.
func Lookup(name string) (Profile, error) {
	for _, p := range builtins() {
		if p.Name == name {
			return p.clone(), nil
		}
	}
	return Profile{}, fmt.Errorf("%w %q%s (want %s)", ErrProfile, name, suggest.Hint(name, Names()), strings.Join(Names(), ", "))
}
