package explain

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/resolved"
)

// Props are a layout's properties in words, as idforge layouts prints them
// and the playground shows them.
type Props struct {
	Name        string   `json:"name"`
	File        string   `json:"file"`
	Bits        int      `json:"bits"`
	Bytes       int      `json:"bytes"`
	SortsByTime string   `json:"sorts_by_time"` // yes or no
	Monotonic   string   `json:"monotonic"`     // yes, or no with why
	Overflows   string   `json:"overflows"`     // a date, never, or - without a time
	PerTick     string   `json:"per_tick"`      // see PerTick
	RandomBits  int      `json:"random_bits"`
	NodeSpace   string   `json:"node_space"`           // see NodeSpace
	Leased      string   `json:"leased,omitempty"`     // the lease space, for a layout with a node to give
	At          string   `json:"duplicates_at"`        // the rate and generators of the estimate: "at 1000 IDs/s on one generator"
	Duplicates  string   `json:"duplicates"`           // see Duplicates
	SelfFirst   string   `json:"within_one_generator"` // see FirstWait
	Warnings    []string `json:"warnings,omitempty"`
}

// PropsOf describes a layout, resolved (resolved.New), with the duplicate estimate for nodes
// generators each making rate IDs a second.
func PropsOf(l *resolved.Layout, rate float64, nodes int) Props {
	p := Props{
		Name: l.Name, File: l.File, Bits: l.Bits, Bytes: l.Bytes(),
		SortsByTime: YesNo(l.TimeSortable()), Monotonic: Monotonic(l), Overflows: Overflow(l),
		PerTick: PerTick(l), RandomBits: l.RandomBits(), NodeSpace: NodeSpace(l),
	}
	if space, err := lease.SpaceOf(l.Model); err == nil {
		p.Leased = space.String()
	}
	first, self := l.FirstDuplicate(rate, nodes)
	p.At = fmt.Sprintf("at %g IDs/s on one generator", rate)
	if nodes > 1 {
		p.At = fmt.Sprintf("at %g IDs/s on each of %d generators", rate, nodes)
	}
	p.Duplicates = Duplicates(l, rate, nodes, first)
	p.SelfFirst = FirstWait(self)
	for _, w := range l.Warnings() {
		p.Warnings = append(p.Warnings, w.String())
	}
	return p
}

// year is the window of the duplicate estimate.
const year = 365 * 24 * time.Hour

// Duplicates says how soon the first duplicate is as likely as not (first,
// in seconds, from the layout's FirstDuplicate), and what a year holds:
// none, a chance, or certainty with how many.
func Duplicates(l *resolved.Layout, rate float64, nodes int, first float64) string {
	if math.IsInf(first, 1) {
		return "none"
	}
	n := DuplicatesInYear(l, rate, nodes)
	var inYear string
	switch p := -math.Expm1(-n); {
	case p >= 0.995:
		inYear = fmt.Sprintf("certain within a year, about %.3g of them", n)
	case p >= 0.01:
		inYear = fmt.Sprintf("%.0f%% chance of one within a year", 100*p)
	case p > 0:
		inYear = fmt.Sprintf("1 in %.3g chance of one within a year", 1/p)
	default:
		inYear = "no chance to speak of within a year"
	}
	return FirstWait(first) + "; " + inYear
}

// DuplicatesInYear returns the expected number of duplicate IDs in a year
// of nodes generators each making rate IDs a second: the duplicates a
// generator makes of its own IDs and those between generators.
func DuplicatesInYear(l *resolved.Layout, rate float64, nodes int) float64 {
	self, cross := l.Duplicates(rate, nodes, year.Seconds())
	return self + cross
}

// FirstWait says when the first duplicate is as likely as not, given that
// wait in seconds (+Inf for never).
func FirstWait(s float64) string {
	if math.IsInf(s, 1) {
		return "none"
	}
	return "the first as likely as not within " + layouts.FormatWait(s)
}

// NodeSpace returns the size of a layout's node space, which -node or -lease
// fills, or "-" for a layout with no node to give (none, or a MAC-style one
// that defaults to random).
func NodeSpace(l *resolved.Layout) string {
	space, err := lease.SpaceOf(l.Model)
	if err != nil {
		return "-"
	}
	return strconv.FormatUint(space.Size(), 10)
}

// YesNo writes a bool as yes or no.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Overflow returns the date a layout's clock overflows: "never", or "-"
// for a layout without a time.
func Overflow(l *resolved.Layout) string {
	if _, ok := l.Value(layouts.Time); !ok {
		return "-"
	}
	t, ok := l.Overflow()
	if !ok {
		return "never"
	}
	return t.Format("2006-01-02")
}

// Monotonic says whether a generator of the layout makes strictly
// increasing IDs and, for a time-based layout that does not, why not.
func Monotonic(l *resolved.Layout) string {
	if l.Monotonic() {
		return "yes"
	}
	d, ok := l.Tick()
	if !ok {
		return "no"
	}
	if c, ok := l.Value(layouts.Counter); ok && c.Init == layouts.InitRunning {
		return fmt.Sprintf("no: the running counter keeps the IDs of one %v tick unique, not ordered", d)
	}
	return fmt.Sprintf("no: IDs made within one %v tick are not ordered among themselves (a counter would order them)", d)
}

// PerTick returns how many IDs a generator makes in one tick before its
// counter runs out: "any" for a layout with neither a counter nor a clock
// sequence, whose IDs within a tick are told apart by random bits only.
func PerTick(l *resolved.Layout) string {
	d, ok := l.Tick()
	if !ok {
		return "-"
	}
	n := l.PerTick()
	s := strconv.FormatFloat(n, 'g', -1, 64)
	switch {
	case math.IsInf(n, 1):
		s = "any"
	case n >= 1<<20:
		s = fmt.Sprintf("2^%d", int(math.Log2(n)))
	}
	per := d.String()
	if c := l.Clock; c != nil && d < time.Microsecond {
		if ns := c.TickIn(1e9); !ns.IsInt() { // such as 1/4096 ms: 244.14ns, not 244ns
			per = ns.FloatString(2) + "ns"
		}
	}
	return fmt.Sprintf("%s per %s", s, per)
}
