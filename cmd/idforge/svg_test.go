package main

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/idforge/idforge/layouts"
)

// layouts NAME -svg and layouts -spec FILE -svg write the layout's SVG
// diagram, the one the playground draws: valid XML whose segment groups
// tile the layout's bits.
func TestLayoutsSVG(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "orderid.layout"), []byte(orderidSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	v7, err := layouts.Builtin("uuidv7")
	if err != nil {
		t.Fatal(err)
	}
	orderid, err := layouts.Parse("orderid.layout", []byte(orderidSpec))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		l    *layouts.Layout
	}{
		{[]string{"layouts", "uuidv7", "-svg"}, v7},
		{[]string{"layouts", "-svg", "v7"}, v7},
		{[]string{"layouts", "-spec", "orderid.layout", "-svg"}, orderid},
	} {
		out, stderr, exit := idforge(t, dir, "", c.args...)
		if exit != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, exit, stderr)
		}
		if out != c.l.SVG(nil) {
			t.Errorf("%v: not the layout's SVG", c.args)
		}
		d := xml.NewDecoder(strings.NewReader(out))
		d.Strict = true
		segs, next := 0, 0
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: not XML: %v", c.args, err)
			}
			se, ok := tok.(xml.StartElement)
			if !ok || se.Name.Local != "g" {
				continue
			}
			attrs := map[string]string{}
			for _, a := range se.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if !strings.HasPrefix(attrs["class"], "seg ") {
				continue
			}
			if want := c.l.Segments[segs]; attrs["data-name"] != want.Name {
				t.Errorf("%v: segment %d is %q, want %q", c.args, segs, attrs["data-name"], want.Name)
			}
			if attrs["data-offset"] != strconv.Itoa(next) {
				t.Errorf("%v: %s at %s, want %d", c.args, attrs["data-name"], attrs["data-offset"], next)
			}
			w, err := strconv.Atoi(attrs["data-width"])
			if err != nil {
				t.Fatalf("%v: data-width %q", c.args, attrs["data-width"])
			}
			next += w
			segs++
		}
		if segs != len(c.l.Segments) || next != c.l.Bits {
			t.Errorf("%v: %d segments over %d bits, want %d over %d", c.args, segs, next, len(c.l.Segments), c.l.Bits)
		}
	}
	_, stderr, exit := idforge(t, dir, "", "layouts", "-svg")
	if exit != 2 || !strings.Contains(stderr, "-svg draws one layout") {
		t.Errorf("layouts -svg: exit %d: %s", exit, stderr)
	}
}
