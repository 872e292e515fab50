package verify

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
)

// TestChiSquareP holds the chi-square tail to published critical values
// (NIST/SEMATECH e-Handbook, table 1.3.6.7.4): the upper-tail quantile
// at each probability, for each degree of freedom.
func TestChiSquareP(t *testing.T) {
	for _, c := range []struct {
		x   float64
		dof int
		p   float64
	}{
		{3.841, 1, 0.05},
		{6.635, 1, 0.01},
		{10.828, 1, 0.001},
		{18.307, 10, 0.05},
		{23.209, 10, 0.01},
		{29.588, 10, 0.001},
		{124.342, 100, 0.05},
		{149.449, 100, 0.001},
		{293.248, 255, 0.05}, // R: qchisq(0.95, 255)
	} {
		if got := chiSquareP(c.x, c.dof); math.Abs(got-c.p)/c.p > 2e-3 {
			t.Errorf("chiSquareP(%g, %d) = %g, want %g", c.x, c.dof, got, c.p)
		}
	}
	if p := chiSquareP(0, 7); p != 1 {
		t.Errorf("chiSquareP(0, 7) = %g, want 1", p)
	}
}

// TestMonobitP: SP 800-22's worked example (section 2.1.8: n = 100, the
// sum S = -16, P-value 0.109599), and a stuck bit.
func TestMonobitP(t *testing.T) {
	if p := monobitP(42, 100); math.Abs(p-0.109599) > 1e-6 {
		t.Errorf("monobitP(42, 100) = %g, want 0.109599", p)
	}
	if p := monobitP(100000, 100000); p != 0 {
		t.Errorf("a stuck bit: p = %g", p)
	}
	if z := zFor(0.05); math.Abs(z-1.959964) > 1e-5 {
		t.Errorf("zFor(0.05) = %g, want 1.959964", z)
	}
}

// TestBitsAt holds bitsAt to math/big on random IDs, shifts and widths.
func TestBitsAt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		id := make([]byte, 1+r.IntN(24))
		for i := range id {
			id[i] = byte(r.Uint32())
		}
		bitsN := 8 * len(id)
		width := 1 + r.IntN(min(64, bitsN))
		shift := r.IntN(bitsN - width + 1)
		v := new(big.Int).SetBytes(id)
		v.Rsh(v, uint(shift))
		v.And(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1)))
		if got := bitsAt(id, shift, width); got != v.Uint64() {
			t.Fatalf("bitsAt(%x, %d, %d) = %#x, want %#x", id, shift, width, got, v)
		}
	}
}

// TestBadInput: lines that are not IDs are counted and shown, never a
// panic, and reading goes on.
func TestBadInput(t *testing.T) {
	for _, name := range []string{"uuidv7", "ulid", "ksuid", "snowflake", "xid", "objectid", "uuidv1"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		c, err := New(l, Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 4))
		for range 2000 {
			const chars = "0123456789abcdefABCDEF-xyz \t\xff"
			b := make([]byte, r.IntN(40))
			for i := range b {
				b[i] = chars[r.IntN(len(chars))]
			}
			c.Line(b)
		}
		rep := c.Report()
		if rep.Lines != 2000 || rep.IDs+c.unreadable.n != 2000 {
			t.Errorf("%s: %d lines, %d IDs, %d unreadable", name, rep.Lines, rep.IDs, c.unreadable.n)
		}
		if c.unreadable.n > 0 && !rep.Failed {
			t.Errorf("%s: unreadable lines, yet the report passes", name)
		}
	}
}

// TestText: the canonical text is told from text that only reads.
func TestText(t *testing.T) {
	l, _ := layouts.Builtin("uuidv7")
	in := "017f22e2-79b0-7cc3-98c4-dc0c0c07398f\n017F22E2-79B0-7CC3-98C4-DC0C0C073990\nnot an id\n"
	rep, err := Run(l, strings.NewReader(in), Options{Now: func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Check{}
	for _, c := range rep.Checks {
		got[c.Group+"/"+c.Name] = c
	}
	if c := got["structure/canonical"]; c.Status != Note || c.Count != 1 || len(c.Lines) != 1 || c.Lines[0] != 2 {
		t.Errorf("canonical: %+v", c)
	}
	if c := got["structure/text"]; c.Status != Fail || c.Lines[0] != 3 {
		t.Errorf("text: %+v", c)
	}
}

// TestOptions: options that make no sense are refused, with ErrOptions.
func TestOptions(t *testing.T) {
	l, _ := layouts.Builtin("uuidv7")
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, o := range []Options{
		{From: "nonesuch"},
		{From: "decimal"},
		{Alpha: 2},
		{Alpha: -1},
		{Since: day, Until: day.Add(-time.Hour)},
	} {
		if _, err := New(l, o); !errors.Is(err, ErrOptions) {
			t.Errorf("%+v: %v, want ErrOptions", o, err)
		}
	}
}

// TestIDSet holds the duplicate set to a map, through its growth.
func TestIDSet(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := newIDSet(5)
	seen := map[[5]byte]int64{}
	for line := int64(1); line <= 50000; line++ {
		var id [5]byte
		v := r.Uint32N(30000) // many repeats
		id[0], id[1], id[2], id[3], id[4] = byte(v), byte(v>>8), byte(v>>16), 7, 9
		first, dup := s.add(id[:], line)
		want, ok := seen[id]
		if dup != ok || dup && first != want {
			t.Fatalf("line %d: add(%x) = %d, %v; want %d, %v", line, id, first, dup, want, ok)
		}
		if !ok {
			seen[id] = line
		}
	}
	if s.len() != len(seen) {
		t.Errorf("%d IDs held, want %d", s.len(), len(seen))
	}
}

// FuzzLine feeds arbitrary lines to checkers of several layouts: never a
// panic, every line counted once, as an ID or as unreadable, and a line
// that reads is one whose canonical text reads back to the same ID.
func FuzzLine(f *testing.F) {
	f.Add("017f22e2-79b0-7cc3-98c4-dc0c0c07398f\n017F22E2-79B0-7CC3-98C4-DC0C0C07398F\nx")
	f.Add("01ARYZ6S410000000000000000\n0ujtsYcgvSTl8PAuAdqWYSMnLOv\n1541815603606036480")
	var cs []*Checker
	for _, name := range []string{"uuidv7", "ulid", "ksuid", "snowflake", "uuidv1", "xid"} {
		l, err := layouts.Builtin(name)
		if err != nil {
			f.Fatal(err)
		}
		c, err := New(l, Options{MaxSet: 64})
		if err != nil {
			f.Fatal(err)
		}
		cs = append(cs, c)
	}
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Split(in, "\n")
		for _, c := range cs {
			before, ids := c.lines, c.ids
			for _, line := range lines {
				c.Line([]byte(line))
				if c.ids > ids {
					back, err := c.text.Parse(c.text.Format(c.prev))
					if err != nil || string(back) != string(c.prev) {
						t.Fatalf("%s: %q read as %x, whose text does not read back: %v", c.l.Model.Name, line, c.prev, err)
					}
					ids = c.ids
				}
			}
			if c.lines != before+int64(len(lines)) {
				t.Fatalf("%s: %d lines counted, want %d", c.l.Model.Name, c.lines-before, len(lines))
			}
			rep := c.Report()
			if rep.IDs+c.unreadable.n != rep.Lines {
				t.Fatalf("%s: %d IDs and %d unreadable of %d lines", c.l.Model.Name, rep.IDs, c.unreadable.n, rep.Lines)
			}
		}
	})
}

// TestLongLine: a line longer than maxLine is one unreadable line, and
// the lines after it are read.
func TestLongLine(t *testing.T) {
	l, _ := layouts.Builtin("uuidv4")
	in := "919108f7-52d1-4320-9bac-f847db4148a8\n" + strings.Repeat("x", 10000) + "\n919108f7-52d1-4320-9bac-f847db4148a9"
	rep, err := Run(l, strings.NewReader(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Lines != 3 || rep.IDs != 2 || !rep.Failed {
		t.Errorf("%d lines, %d IDs, failed %v; want 3, 2, true", rep.Lines, rep.IDs, rep.Failed)
	}
}

// TestTails holds the binomial and Poisson tails to sums of their terms
// in exact rational arithmetic (math/big), the obviously correct way.
func TestTails(t *testing.T) {
	binom := func(n, k int64) *big.Rat { // C(n, k) / 2^n
		c := new(big.Int).Binomial(n, k)
		return new(big.Rat).SetFrac(c, new(big.Int).Lsh(big.NewInt(1), uint(n)))
	}
	for _, n := range []int64{1, 2, 10, 39, 100, 1000} {
		lower := new(big.Rat) // P(X <= k)
		below := new(big.Rat) // P(X <= k-1)
		for k := int64(0); k <= n; k++ {
			below.Set(lower)
			lower.Add(lower, binom(n, k))
			want, _ := lower.Float64()
			if got := binomialLowerP(k, n, 0.5); math.Abs(got-want) > 1e-9*want {
				t.Fatalf("binomialLowerP(%d, %d, 1/2) = %g, want %g", k, n, got, want)
			}
			upperWant, _ := new(big.Rat).Sub(big.NewRat(1, 1), below).Float64() // P(X >= k)
			if got := binomialUpperP(k, n, 0.5); math.Abs(got-upperWant) > 1e-9*upperWant {
				t.Fatalf("binomialUpperP(%d, %d, 1/2) = %g, want %g", k, n, got, upperWant)
			}
		}
	}
	// Poisson(λ) ≥ k, against 1 - Σ_{i<k} e^-λ λ^i / i!.
	for _, lambda := range []float64{1e-5, 0.5, 3, 20} {
		cum, term := 0.0, math.Exp(-lambda)
		for k := int64(1); k < 40; k++ {
			cum += term
			term *= lambda / float64(k)
			want := 1 - cum
			if got := poissonUpperP(k, lambda); math.Abs(got-want) > 1e-9*want+1e-12 {
				t.Fatalf("poissonUpperP(%d, %g) = %g, want %g", k, lambda, got, want)
			}
		}
	}
	if p := chiSquareLowerP(0.2, 255); p > 1e-100 {
		t.Errorf("an LCG's χ² of 0.2 on 255 degrees of freedom: lower tail %g", p)
	}
}
