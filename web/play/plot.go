package play

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/idforge/idforge/layouts"
)

// Plot geometry and ranges: rates from 1 to 10^8 IDs a second a generator
// (layouts.FullSpeed), waits from a millisecond to 10^11 seconds (about
// 3000 years), both on log scales.
const (
	plotW, plotH         = 640, 300
	plotL, plotR         = 64, 12
	plotT, plotB         = 14, 44
	rateLo, rateHi       = 0.0, 8.0 // log10 IDs/s
	waitLo, waitHi       = -3.0, 11.0
	plotSteps            = 64
	plotSecondsInYear    = 365.25 * 86400
	plotSecondsInCentury = 100 * plotSecondsInYear
)

// plotGenerators are the generator counts the duplicate plot draws a line
// for, beside the one asked for.
var plotGenerators = []int{1, 16, 256, 4096}

var plotColours = []string{"#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#d62728"}

// Plot draws the duplicate estimate of the layout as an SVG chart: for
// each generator count (1, 16, 256, 4096 and nodes), the median wait until a
// first duplicate ID (layouts.Layout.FirstDuplicate: within one generator
// and across generators) against the rate each generator makes IDs at. A
// wait beyond the chart's top is drawn at the top edge, and a count that
// never makes a duplicate is said so in the legend. The point (rate,
// nodes) is marked.
func Plot(l *layouts.Layout, rate float64, nodes int) string {
	counts := slices.Clone(plotGenerators)
	if !slices.Contains(counts, nodes) {
		counts = append(counts, nodes)
		slices.Sort(counts)
	}
	x := func(lr float64) float64 { return plotL + (lr-rateLo)/(rateHi-rateLo)*(plotW-plotL-plotR) }
	y := func(lw float64) float64 {
		lw = min(max(lw, waitLo), waitHi)
		return plotT + (waitHi-lw)/(waitHi-waitLo)*(plotH-plotT-plotB)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s" font-family="system-ui, sans-serif" font-size="11">`+"\n",
		plotW, plotH, plotW, plotH, svgEscape("median wait until the first duplicate ID of "+l.Name+", by rate and generator count"))
	// Axes and grid: a decade a line.
	b.WriteString(`<g class="grid" stroke="#ddd" stroke-width="1">`)
	for lr := rateLo; lr <= rateHi; lr++ {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(lr), plotT, x(lr), plotH-plotB)
	}
	b.WriteString("</g>\n")
	b.WriteString(`<g class="axis" fill="#333" text-anchor="middle">`)
	for lr := rateLo; lr <= rateHi; lr++ {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d">%s</text>`, x(lr), plotH-plotB+14, decade(lr))
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d">IDs a second, each generator</text>`, x((rateLo+rateHi)/2), plotH-8)
	b.WriteString("</g>\n")
	// Reference waits.
	b.WriteString(`<g class="refs" font-size="10" fill="#555">`)
	for _, ref := range []struct {
		s    float64
		name string
	}{{1, "1 s"}, {3600, "1 hour"}, {86400, "1 day"}, {plotSecondsInYear, "1 year"}, {plotSecondsInCentury, "100 years"}} {
		yy := y(math.Log10(ref.s))
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#bbb" stroke-dasharray="3 3"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`,
			plotL, yy, plotW-plotR, yy, plotL-4, yy+3, ref.name)
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", plotL, plotT, plotW-plotL-plotR, plotH-plotT-plotB)
	// One line for each generator count.
	legendY := plotT + 12
	for i, g := range counts {
		colour := plotColours[i%len(plotColours)]
		var pts []string
		never := true
		for s := 0; s <= plotSteps; s++ {
			lr := rateLo + (rateHi-rateLo)*float64(s)/plotSteps
			wait, _ := l.FirstDuplicate(math.Pow(10, lr), g)
			if math.IsInf(wait, 1) {
				continue
			}
			never = false
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(lr), y(math.Log10(wait))))
		}
		label := fmt.Sprintf("%d generator%s", g, plural(g))
		width := 1.5
		if g == nodes {
			label += " (yours)"
			width = 3
		}
		if never {
			label += ": never"
		}
		if len(pts) > 0 {
			fmt.Fprintf(&b, `<polyline class="curve" data-generators="%d" fill="none" stroke="%s" stroke-width="%.1f" points="%s"/>`+"\n", g, colour, width, strings.Join(pts, " "))
		}
		fmt.Fprintf(&b, `<g class="key"><rect x="%d" y="%d" width="190" height="14" fill="#fff" fill-opacity="0.85"/><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%.1f"/><text x="%d" y="%d" fill="#222">%s</text></g>`+"\n",
			plotW-plotR-198, legendY-11, plotW-plotR-196, legendY-4, plotW-plotR-178, legendY-4, colour, width, plotW-plotR-174, legendY, svgEscape(label))
		legendY += 14
	}
	// The point asked about.
	if wait, _ := l.FirstDuplicate(rate, nodes); !math.IsInf(wait, 1) {
		lr := min(max(math.Log10(rate), rateLo), rateHi)
		fmt.Fprintf(&b, `<circle class="you" cx="%.1f" cy="%.1f" r="5" fill="none" stroke="#000" stroke-width="2"><title>%s</title></circle>`+"\n",
			x(lr), y(math.Log10(wait)), svgEscape(fmt.Sprintf("%g IDs/s on %d generator%s: a first duplicate as likely as not within %s", rate, nodes, plural(nodes), layouts.FormatWait(wait))))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// decade writes 10^lr for an axis.
func decade(lr float64) string {
	switch n := int(lr); {
	case n == 0:
		return "1"
	case n < 4:
		return fmt.Sprint(int(math.Pow(10, lr)))
	default:
		return fmt.Sprintf("1e%d", n)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

var svgEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// svgEscape escapes text for SVG content and attribute values.
func svgEscape(s string) string { return svgEscaper.Replace(s) }
