package golang

import (
	"fmt"
	"slices"

	"github.com/idforge/idforge/resolved"
)

// builtinPackages are idforge's own generated packages and the layouts each
// one carries. A package's text form is its first layout's canonical text,
// as resolved.Layout.Text has it (Builtin).
var builtinPackages = []struct {
	pkg     Package
	members []builtinMember
}{
	{Package{Name: "uuid", Type: "UUID"}, []builtinMember{
		{"uuidv1", "V1", false}, {"uuidv3", "V3", false}, {"uuidv4", "V4", false}, {"uuidv5", "V5", false},
		{"uuidv6", "V6", false}, {"uuidv7", "V7", false},
		// A UUIDv8's bits are custom: Time does not read them as B.1's clock.
		{"uuidv8", "V8", true}, {"uuidv8-sha256", "V8SHA256", false},
	}},
	{Package{Name: "ksuid", Type: "KSUID"}, []builtinMember{{"ksuid", "", false}}},
	{Package{Name: "ulid", Type: "ULID"}, []builtinMember{{"ulid", "", false}}},
	{Package{Name: "snowflake", Type: "ID"}, []builtinMember{{"snowflake", "", false}}},
}

type builtinMember struct {
	layout, suffix string
	noTime         bool
}

// BuiltinNames lists idforge's own generated packages.
func BuiltinNames() []string {
	var names []string
	for _, b := range builtinPackages {
		names = append(names, b.pkg.Name)
	}
	return names
}

// Builtin returns the description of one of idforge's own generated
// packages, such as "uuid", with its layouts from the built-in specs.
func Builtin(name string) (*Package, error) {
	i := slices.IndexFunc(builtinPackages, func(b struct {
		pkg     Package
		members []builtinMember
	}) bool {
		return b.pkg.Name == name
	})
	if i < 0 {
		return nil, fmt.Errorf("gen: no built-in package %q", name)
	}
	b := builtinPackages[i]
	p := b.pkg
	for _, bm := range b.members {
		r, err := resolved.Builtin(bm.layout)
		if err != nil {
			return nil, err
		}
		p.Members = append(p.Members, Member{Resolved: r, Suffix: bm.suffix, NoTime: bm.noTime})
	}
	p.SetText(p.Members[0].Resolved.Text.Name)
	return &p, nil
}

// Single returns the description of a package that carries one layout,
// resolved: the form `idforge gen` uses for users' own specs. Its text form
// is the layout's canonical text (resolved.Layout.Text), so a 64-bit layout
// without a text line gets an int64 package, written in decimal; SetText
// chooses another form.
func Single(r *resolved.Layout, pkg, typ string) *Package {
	p := &Package{Name: pkg, Type: typ, Members: []Member{{Resolved: r}}}
	p.SetText(r.Text.Name)
	return p
}

// SetText makes the form named the package's text form (Package.Text, as
// resolved.TextIn takes the name). A package whose text is decimal holds
// an int64, as Snowflake IDs are held, and one of any other text a byte
// array. Setting Text alone leaves Int64 as it was.
func (p *Package) SetText(name string) {
	p.Text, p.Int64 = name, name == "decimal"
}
