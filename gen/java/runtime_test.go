package java_test

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/java"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
)

// IDRuntime is package-private, with no instances; a class made with the
// runtime imports it statically and declares none of its members, one
// made without names it nowhere; and every member of IDRuntime is used,
// by a built-in layout's class or by another member.
func TestRuntime(t *testing.T) {
	rt := string(java.Runtime("p"))
	if !strings.Contains(rt, "\nfinal class IDRuntime {\n") || !strings.Contains(rt, "    private IDRuntime() {}\n") || strings.Contains(rt, "public ") {
		t.Errorf("IDRuntime is not a package-private final class with a private constructor and no public member")
	}
	decl := regexp.MustCompile(`(?m)^    (?:static (?:final )?[\w\[\]]+|static final class|record) (\w+)`)
	var members []string
	for _, m := range decl.FindAllStringSubmatch(rt, -1) {
		members = append(members, m[1])
	}
	if len(members) < 20 {
		t.Fatalf("IDRuntime declares %d members: %v", len(members), members)
	}
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var classes strings.Builder
	for _, l := range ls {
		files, err := java.Emitter{}.Generate(resolved.Must(l), emit.Options{Package: "p", Runtime: java.RuntimeClass})
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		class := string(files[0].Content)
		if !strings.Contains(class, "\nimport static p.IDRuntime.*;\n") {
			t.Errorf("%s: the class does not import IDRuntime's members", l.Name)
		}
		for _, m := range members {
			if regexp.MustCompile(`(?m)^\s+(?:private )?(?:static (?:final )?[\w\[\]<>]+ ` + m + `\s*[(=;,]|static final class ` + m + `\b|record ` + m + `\b)`).MatchString(class) {
				t.Errorf("%s: the class declares IDRuntime's %s", l.Name, m)
			}
		}
		classes.WriteString(class)
		self, err := java.Generate(resolved.Must(l), "p", java.ClassName(l.Name), "")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(self), "IDRuntime") {
			t.Errorf("%s: a self-contained class names IDRuntime", l.Name)
		}
	}
	for _, m := range members {
		word := regexp.MustCompile(`\b` + m + `\b`)
		if !word.MatchString(classes.String()) && len(word.FindAllString(rt, -1)) < 2 {
			t.Errorf("IDRuntime's %s is used by no class", m)
		}
	}
	// A check symbol is no built-in layout's: IDRuntime has no helper for
	// it, and a class that needs one must be self-contained.
	l, err := layouts.Parse("c.layout", []byte("layout c 64\n  rand 64 random\n  encoding b32c Base32c 0123456789ABCDEFGHJKMNPQRSTVWXYZ fold check\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (java.Emitter{}).Generate(resolved.Must(l), emit.Options{Package: "p", Runtime: java.RuntimeClass}); !errors.Is(err, emit.ErrOption) {
		t.Errorf("a check symbol with IDRuntime: %v, want ErrOption", err)
	}
	if _, err := (java.Emitter{}).Generate(resolved.Must(l), emit.Options{Package: "p"}); err != nil {
		t.Errorf("a check symbol, self-contained: %v", err)
	}
}
