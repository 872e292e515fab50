package layouts_test

import (
	"encoding/xml"
	"strconv"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
)

// svgNode is any element of an SVG document, with its attributes,
// character data and children.
type svgNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []svgNode  `xml:",any"`
}

func (n svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n svgNode) all(name string) []svgNode {
	var out []svgNode
	for _, c := range n.Children {
		if c.XMLName.Local == name {
			out = append(out, c)
		}
		out = append(out, c.all(name)...)
	}
	return out
}

// parseSVG parses an SVG document strictly, as XML.
func parseSVG(t *testing.T, doc string) svgNode {
	t.Helper()
	var root svgNode
	d := xml.NewDecoder(strings.NewReader(doc))
	d.Strict = true
	if err := d.Decode(&root); err != nil {
		t.Fatalf("not XML: %v\n%s", err, doc)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root %v, want svg in the SVG namespace", root.XMLName)
	}
	return root
}

// atoi reads an integer attribute.
func atoi(t *testing.T, n svgNode, name string) int {
	t.Helper()
	v, err := strconv.Atoi(n.attr(name))
	if err != nil {
		t.Fatalf("<%s> %s=%q: %v", n.XMLName.Local, name, n.attr(name), err)
	}
	return v
}

// The SVG diagram of every built-in layout is XML with one group a
// segment, in order: the groups tile the ID's bits, their rectangles cover
// exactly their bits, and their colours and titles tell their roles.
func TestSVGStructure(t *testing.T) {
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		t.Run(l.Name, func(t *testing.T) {
			root := parseSVG(t, l.SVG(nil))
			if vb := strings.Fields(root.attr("viewBox")); len(vb) != 4 {
				t.Fatalf("viewBox %q", root.attr("viewBox"))
			}
			var segs []svgNode
			for _, g := range root.all("g") {
				if strings.Contains(" "+g.attr("class")+" ", " seg ") {
					segs = append(segs, g)
				}
			}
			if len(segs) != len(l.Segments) {
				t.Fatalf("%d segment groups, want %d", len(segs), len(l.Segments))
			}
			next, pixels := 0, 0
			for i, g := range segs {
				seg := l.Segments[i]
				off, w := atoi(t, g, "data-offset"), atoi(t, g, "data-width")
				if g.attr("data-name") != seg.Name || off != next || w != seg.Width {
					t.Errorf("group %d: %s at %d, %d bits; want %s at %d, %d bits", i, g.attr("data-name"), off, w, seg.Name, next, seg.Width)
				}
				next = off + w
				role := g.attr("data-role")
				if !strings.Contains(g.attr("class"), "role-"+role) {
					t.Errorf("%s: class %q, role %q", seg.Name, g.attr("class"), role)
				}
				titles := g.all("title")
				if len(titles) != 1 || !strings.HasPrefix(titles[0].Text, seg.Name+": bits ") || !strings.Contains(titles[0].Text, role) {
					t.Errorf("%s: titles %+v", seg.Name, titles)
				}
				// The parts' rects, filled, cover the segment's bits; the
				// outline (fill none) goes round them.
				px, outline := 0, 0
				for _, r := range g.all("rect") {
					switch r.attr("fill") {
					case "":
						t.Errorf("%s: a rect without a fill", seg.Name)
					case "none":
						outline += atoi(t, r, "width")
					default:
						px += atoi(t, r, "width")
					}
				}
				if outline != px {
					t.Errorf("%s: the outline is %d px long, the parts %d", seg.Name, outline, px)
				}
				pixels += px
				if px%w != 0 || px/w != pixels/next {
					t.Errorf("%s: rects %d px wide for %d bits, not the same px a bit as the rest", seg.Name, px, w)
				}
			}
			if next != l.Bits {
				t.Errorf("segments cover %d bits, want %d", next, l.Bits)
			}
		})
	}
}

// The hover title of a field shows the value given for it, and a constant
// segment shows its constant; names and values are escaped.
func TestSVGTitles(t *testing.T) {
	l, err := layouts.Parse("t.layout", []byte("layout t-1 64\n  when 44 time unix ms\n  ver 4 = 9\n  seq 16 counter\n"))
	if err != nil {
		t.Fatal(err)
	}
	root := parseSVG(t, l.SVG(map[string]string{"when": "1700000000000 <2023-11-14>", "seq": "7 & 8"}))
	want := map[string]string{"when": "when = 1700000000000 <2023-11-14>", "ver": "= 9 (0x9)", "seq": "seq = 7 & 8"}
	got := 0
	for _, g := range root.all("g") {
		name := g.attr("data-name")
		if name == "" {
			continue
		}
		got++
		title := g.all("title")[0].Text
		if !strings.Contains(title, want[name]) {
			t.Errorf("%s: title %q, want it to hold %q", name, title, want[name])
		}
	}
	if got != 3 {
		t.Errorf("%d segments, want 3", got)
	}
	roles := map[string]bool{}
	for _, g := range root.all("g") {
		roles[g.attr("data-role")] = true
	}
	for _, r := range []string{"time", "const", "counter"} {
		if !roles[r] {
			t.Errorf("no segment of role %s", r)
		}
	}
}
