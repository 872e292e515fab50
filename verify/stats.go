package verify

import "math"

// The statistics the randomness checks rest on, written out plainly from
// their definitions (NIST SP 800-22 section 2.1 for the frequency test;
// the chi-square upper tail is the regularized upper incomplete gamma
// function Q(k/2, x/2)).

// monobitP returns the two-sided p-value of SP 800-22's frequency
// (monobit) test: the chance that a fair bit is 1 in a count at least as
// far from n/2 as ones is.
func monobitP(ones, n int64) float64 {
	if n == 0 {
		return 1
	}
	z := math.Abs(float64(2*ones-n)) / math.Sqrt(float64(n))
	return math.Erfc(z / math.Sqrt2)
}

// chiSquareP returns the chance that a chi-square statistic of dof degrees
// of freedom is at least x.
func chiSquareP(x float64, dof int) float64 {
	if x <= 0 {
		return 1
	}
	return gammaQ(float64(dof)/2, x/2)
}

// gammaQ is the regularized upper incomplete gamma function Q(a, x) =
// Γ(a, x)/Γ(a): a power series below x = a+1, a continued fraction
// (evaluated by Lentz's method) above.
func gammaQ(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		// P(a, x) = e^-x x^a / Γ(a) · Σ x^n / (a(a+1)...(a+n)).
		sum, term := 1/a, 1/a
		for n := 1; n < 10000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if term < sum*1e-16 {
				break
			}
		}
		return math.Max(0, 1-front*sum)
	}
	// Q(a, x) = e^-x x^a / Γ(a) · 1/(x+1-a- 1·(1-a)/(x+3-a- 2·(2-a)/(x+5-a- ...))).
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 10000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return math.Min(1, front*h)
}

// zFor returns the z such that a two-sided normal tail beyond ±z has
// probability p: the monobit test's threshold, for the report's "a bit
// biased beyond ... is found". It bisects monobit's own tail function.
func zFor(p float64) float64 {
	lo, hi := 0.0, 40.0
	for range 200 {
		mid := (lo + hi) / 2
		if math.Erfc(mid/math.Sqrt2) > p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// chiSquareLowerP returns the chance that a chi-square statistic of dof
// degrees of freedom is at most x: the lower tail, where a generator that
// is too even (an LCG's full period) lands.
func chiSquareLowerP(x float64, dof int) float64 {
	if x <= 0 {
		return 0
	}
	return 1 - gammaQ(float64(dof)/2, x/2)
}

// binomialLowerP returns P(X <= k) for X ~ Binomial(n, p).
func binomialLowerP(k, n int64, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	}
	// P(X <= k) = I_{1-p}(n-k, k+1).
	return betaI(float64(n-k), float64(k+1), 1-p)
}

// binomialUpperP returns P(X >= k) for X ~ Binomial(n, p).
func binomialUpperP(k, n int64, p float64) float64 {
	switch {
	case k <= 0:
		return 1
	case k > n:
		return 0
	}
	// P(X >= k) = I_p(k, n-k+1).
	return betaI(float64(k), float64(n-k+1), p)
}

// poissonUpperP returns P(X >= k) for X ~ Poisson(lambda): the regularized
// lower incomplete gamma function P(k, lambda).
func poissonUpperP(k int64, lambda float64) float64 {
	if k <= 0 {
		return 1
	}
	if lambda <= 0 {
		return 0
	}
	return 1 - gammaQ(float64(k), lambda)
}

// betaI is the regularized incomplete beta function I_x(a, b), by its
// continued fraction (evaluated by Lentz's method), on the side of x
// where it converges fast.
func betaI(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaCF(a, b, x) / a
	}
	return 1 - front*betaCF(b, a, 1-x)/b
}

// betaCF is the continued fraction of the incomplete beta function,
// two terms a step (Numerical Recipes' betacf, from its definition).
func betaCF(a, b, x float64) float64 {
	const tiny = 1e-300
	guard := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1/guard(1-qab*x/qap)
	h := d
	// term applies one term of the fraction, by Lentz's method, and
	// returns the factor it multiplied h by.
	term := func(aa float64) float64 {
		d = 1 / guard(1+aa*d)
		c = guard(1 + aa/c)
		h *= d * c
		return d * c
	}
	for m := 1; m < 10000; m++ {
		fm, m2 := float64(m), float64(2*m)
		term(fm * (b - fm) * x / ((qam + m2) * (a + m2)))
		if del := term(-(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))); math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return h
}
