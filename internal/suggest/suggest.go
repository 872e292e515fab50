// Package suggest finds the name a person most likely meant when they
// typed one that is not known: a layout or an encoding name with a
// letter missing, doubled, swapped or in the other case ("uuid7",
// "UUIDv7", "base63"), for the "did you mean" of an error.
package suggest

import (
	"slices"
	"strings"
)

// Nearest returns the names closest to name: the one that differs from it
// only in case, else the nearest by edit distance (an insertion, a
// deletion, a substitution or two neighbours swapped each count one),
// within a third of name's length, at least 1 and at most 3, compared
// without case; every name equally near, in the order of names, and none
// when none is that close or more than three are.
func Nearest(name string, names []string) []string {
	lower := strings.ToLower(name)
	for _, n := range names {
		if strings.ToLower(n) == lower {
			return []string{n}
		}
	}
	limit := min(max(len(name)/3, 1), 3)
	var best []string
	bestD := limit + 1
	for _, n := range names {
		d := distance(lower, strings.ToLower(n))
		switch {
		case d < bestD:
			best, bestD = []string{n}, d
		case d == bestD && !slices.Contains(best, n):
			best = append(best, n)
		}
	}
	if len(best) > 3 {
		return nil
	}
	return best
}

// Hint returns "; did you mean NAME?" (or "NAME or NAME") for the nearest
// of names to name (Nearest), or "" when none is near.
func Hint(name string, names []string) string {
	near := Nearest(name, names)
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}

// distance is the optimal string alignment distance between a and b, by
// bytes: the edits of Nearest, none of them applied twice to one place.
func distance(a, b string) int {
	// Three rows of the table: i-2, i-1 and i.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
