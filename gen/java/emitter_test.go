package java_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/gen/java"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// The registry's Java emitter writes what Generate writes and IDException
// beside it, naming the class by -type, else by the file, else by the
// layout; what Java cannot take matches emit.ErrOption, and so does a
// runtime other than IDRuntime.
func TestEmitter(t *testing.T) {
	l, err := layouts.Builtin("uuidv7-draft01")
	if err != nil {
		t.Fatal(err)
	}
	rl := resolved.Must(l)
	for _, c := range []struct {
		o           emit.Options
		class, file string
	}{
		{emit.Options{Package: "com.example"}, "UuidV7Draft01", "UuidV7Draft01.java"},
		{emit.Options{Package: "com.example", Type: "OrderId"}, "OrderId", "OrderId.java"},
		{emit.Options{Package: "com.example", Out: "src/OrderId.java"}, "OrderId", "src/OrderId.java"},
		{emit.Options{Package: "com.example", Out: "src/main/java/com/example"}, "UuidV7Draft01", "src/main/java/com/example/UuidV7Draft01.java"},
		{emit.Options{Package: "com.example", Out: "src/main/java/com/example", Type: "OrderId"}, "OrderId", "src/main/java/com/example/OrderId.java"},
		{emit.Options{Package: "com.example", Out: "src/OrderId.java", Type: "OrderId", Text: "hex"}, "OrderId", "src/OrderId.java"},
	} {
		want, err := java.Generate(resolved.Must(l), "com.example", c.class, c.o.Text)
		if err != nil {
			t.Fatal(err)
		}
		files, err := java.Emitter{}.Generate(rl, c.o)
		if err != nil || len(files) != 2 || files[0].Name != c.file || !bytes.Equal(files[0].Content, want) ||
			files[1].Name != filepath.Join(filepath.Dir(c.file), "IDException.java") || !bytes.Equal(files[1].Content, java.Exception("com.example")) {
			t.Errorf("%+v: %d files (%v), want %s with Generate's bytes and IDException.java", c.o, len(files), err, c.file)
		}
	}
	for _, o := range []emit.Options{
		{Package: "com.example", Type: "class"},
		{Package: "com.example", Type: "String"},
		{Package: "com.example", Type: "Generator"},
		{Package: "com.example", Type: "ID", Out: "Other.java"},
		{Package: "com.example", Out: "orderid.go"},
		{Package: "com.public.ids"},
		{Package: "com..ids"},
		{Package: ""},
	} {
		if _, err := (java.Emitter{}).Generate(rl, o); !errors.Is(err, emit.ErrOption) || !errors.Is(err, java.ErrName) {
			t.Errorf("%+v: %v, want ErrOption and ErrName", o, err)
		}
	}
	if _, err := (java.Emitter{}).Generate(rl, emit.Options{Package: "p", Text: "decimal"}); !errors.Is(err, emit.ErrOption) {
		t.Errorf("decimal text of a 128-bit layout: %v, want ErrOption", err)
	}
	if _, err := (java.Emitter{}).Generate(rl, emit.Options{Package: "p", Runtime: "runtime"}); !errors.Is(err, emit.ErrOption) {
		t.Errorf("a runtime other than IDRuntime: %v, want ErrOption", err)
	}
	if files, err := (java.Emitter{}).Generate(rl, emit.Options{Package: "p", Runtime: java.RuntimeClass}); err != nil || len(files) != 2 {
		t.Errorf("the runtime IDRuntime: %d files, %v; want the class and IDException", len(files), err)
	}
}

// A field named as a Java keyword or as a method of Object, in the spec or
// in camelCase (hash_code is hashCode), cannot be a record component:
// ErrName.
func TestFieldNames(t *testing.T) {
	for _, name := range []string{"int", "clone", "wait", "hash_code", "to_string"} {
		spec := "layout words 64\n  " + name + " 64 random\n"
		l, err := layouts.Parse("words.layout", []byte(spec))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := java.Generate(resolved.Must(l), "p", "Words", ""); !errors.Is(err, java.ErrName) {
			t.Errorf("field %s: %v, want ErrName", name, err)
		}
	}
}

// ClassName writes a layout's name in UpperCamelCase.
func TestClassName(t *testing.T) {
	for in, want := range map[string]string{
		"uuidv7": "UuidV7", "ksuid-ms": "KsuidMs", "uuidv8-sha256": "UuidV8Sha256", "m3_epoch": "M3Epoch",
		"uuidv7-draft01": "UuidV7Draft01", "objectid": "ObjectId", "ulid": "Ulid", "tsid": "Tsid", "xid": "Xid",
		"t-base58flickr": "TBase58Flickr", "r00-random64": "R00Random64", "v7": "V7",
	} {
		if got := java.ClassName(in); got != want {
			t.Errorf("ClassName(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every text form a layout can take compiles as toString's, with the
// layout's other forms beside it; and a spec's doc, with characters Java
// reads in comments (a Unicode escape, the end of a comment, an '@' at the
// start of a line), stays in its comment.
func TestTextForms(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	var files []string
	write := func(l *layouts.Layout, class, text string) {
		b, err := java.Generate(resolved.Must(l), "forms", class, text)
		if err != nil {
			t.Fatalf("%s -text %s: %v", l.Name, text, err)
		}
		name := filepath.Join(src, class+".java")
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	for _, c := range []struct{ layout, text string }{
		{"uuidv7", "base62"}, {"uuidv7", "crockford"}, {"uuidv7", "hex"}, {"uuidv7", "base58"},
		{"snowflake", "base62"}, {"snowflake", "base36"}, {"ulid", "uuid"}, {"ksuid", "zbase32"},
		{"tsid", "decimal"}, {"objectid", "crockford-check"},
	} {
		l, err := layouts.Builtin(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		write(l, java.ClassName(c.layout)+java.ClassName(strings.ReplaceAll(c.text, "-", "_")), c.text)
	}
	doc := "# A layout whose doc says \\u000a */ and\n# @deprecated, <b>bold</b> & more: caf\u00e9.\nlayout odd 64\n  t 48 time unix ms\n  r 16 random\n"
	l, err := layouts.Parse("odd.layout", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	write(l, "Odd", "")
	if err := os.WriteFile(filepath.Join(src, "IDException.java"), java.Exception("forms"), 0o644); err != nil {
		t.Fatal(err)
	}
	javac(t, dir, append(files, filepath.Join(src, "IDException.java"))...)
}

// The encodings a spec declares besides its text form get a parser and a
// writer each, named after them: one declared with the alphabet and check
// symbol of crockford-check writes what a class whose text form is
// crockford-check writes, and every form reads back what it writes.
func TestDeclaredEncodings(t *testing.T) {
	testenv.NeedTool(t, "java")
	spec := `layout decl 64
  timestamp   40  time 2024-01-01T00:00:00Z ms
  seq         12  counter seeded borrow
  rand        12  random
  encoding b40 Base40 +0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ^_| fold
  encoding b32c Base32c 0123456789ABCDEFGHJKMNPQRSTVWXYZ fold check
  text base36
`
	l, err := layouts.Parse("decl.layout", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	var files []string
	for class, text := range map[string]string{"Decl": "", "DeclCheck": "crockford-check"} {
		b, err := java.Generate(resolved.Must(l), "decl", class, text)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(src, class+".java"))
		if err := os.WriteFile(files[len(files)-1], b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := `package decl;

/** Checks the declared encodings. */
public final class Main {
    private Main() {}

    /**
     * Checks them.
     *
     * @param args none
     */
    public static void main(String[] args) {
        Decl.Generator g = new Decl.Generator();
        for (int i = 0; i < 10000; i++) {
            Decl id = i == 0 ? Decl.MAX : i == 1 ? Decl.NIL : g.next();
            DeclCheck same = DeclCheck.fromBytes(id.bytes());
            if (!id.b32c().equals(same.toString()) || !Decl.parseB32c(id.b32c().toLowerCase()).equals(id)
                    || !Decl.parseB40(id.b40()).equals(id) || !Decl.parse(id.toString()).equals(id)) {
                throw new AssertionError(id.hex() + ": " + id.b32c() + " " + same + " " + id.b40());
            }
        }
        System.out.println("ok");
    }
}
`
	files = append(files, filepath.Join(src, "Main.java"), filepath.Join(src, "IDException.java"))
	if err := os.WriteFile(files[2], []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(files[3], java.Exception("decl"), 0o644); err != nil {
		t.Fatal(err)
	}
	javac(t, dir, files...)
	out, err := exec.Command("java", "-cp", filepath.Join(dir, "classes"), "decl.Main").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("java: %v\n%s", err, out)
	}
}

// A record's components are the spec's snake_case names in camelCase, and
// two names that are one in camelCase (a_1 and a1) are ErrName.
func TestComponentNames(t *testing.T) {
	for in, want := range map[string]string{"unix_ms": "unixMs", "clock_seq": "clockSeq", "shard_id": "shardId", "node": "node", "unix_ts_ms": "unixTsMs", "md5_high": "md5High"} {
		if got := java.ComponentName(in); got != want {
			t.Errorf("ComponentName(%q) = %q, want %q", in, got, want)
		}
	}
	l, err := layouts.Parse("parts.layout", []byte("layout parts 64\n  unix_ms 48 time unix ms\n  shard_id 16 random\n"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := java.Generate(resolved.Must(l), "p", "Parts", "")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("public record Fields(long unixMs, long shardId)")) {
		t.Errorf("the Fields record of unix_ms and shard_id is not (long unixMs, long shardId)")
	}
	l, err = layouts.Parse("twins.layout", []byte("layout twins 64\n  a_1 32 random\n  a1 32 random\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := java.Generate(resolved.Must(l), "p", "Twins", ""); !errors.Is(err, java.ErrName) {
		t.Errorf("fields a_1 and a1: %v, want ErrName", err)
	}
}
