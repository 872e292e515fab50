package conformance_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/gen/internal/scripts"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/gen/emit"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// javaPackage is the package the Java tests generate their classes into.
const javaPackage = "dev.idforge.corpus"

// needJava skips t, saying so, where the JDK's javac or java is missing:
// CI installs openjdk-17-jdk-headless (.ci/run).
func needJava(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"javac", "java"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(testenv.MissingTool(tool) + " (the JDK 17: apt-get install openjdk-17-jdk-headless)")
		}
	}
}

// javaClasses writes the class of every layout of the corpus (named after
// its layout, as gen -lang java names it) and compiles them, with every
// lint on and warnings as errors, into dir/classes.
func javaClasses(t *testing.T) (classes, corpus string) {
	t.Helper()
	e, ok := gen.Lookup("java")
	if !ok {
		t.Fatalf("no language java in the registry (%v)", gen.Names())
	}
	corpus = corpusFile(t)
	rs, err := conformance.Load(corpus)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, r := range rs {
		if r.Kind != "layout" {
			continue
		}
		l, err := layouts.Parse(r.File, []byte(r.Spec))
		if err != nil {
			t.Fatal(err)
		}
		out, err := e.Generate(resolved.Must(l), emit.Options{Package: javaPackage})
		if err != nil {
			t.Fatalf("%s: %v", r.Layout, err)
		}
		for _, f := range out {
			p := filepath.Join(src, f.Name)
			if err := os.WriteFile(p, f.Content, 0o644); err != nil {
				t.Fatal(err)
			}
			files[p] = true
		}
	}
	classes = filepath.Join(dir, "classes")
	args := []string{"--release", "17", "-Xlint:all", "-Werror", "-d", classes}
	for f := range files {
		args = append(args, f)
	}
	runJava(t, "javac", args...)
	return classes, corpus
}

// runJava runs a JDK tool in testdata and fails t with its output if it
// fails; it logs the output's last lines and how long the run took.
func runJava(t *testing.T, name string, args ...string) string {
	t.Helper()
	start := time.Now()
	cmd := exec.Command(name, args...)
	cmd.Dir = "testdata"
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, lastLines(out.String(), 60))
	}
	t.Logf("%s (%.1fs): %s", name, time.Since(start).Seconds(), lastLines(out.String(), 3))
	return out.String()
}

// The Java classes of every layout in the corpus read, write and bound
// its IDs as the interpreter does, refuse its bad inputs with the same
// error kinds (IDException, never another exception), mask and unmask as
// its vectors and the published ones (mask/testdata/vectors.json) say,
// make its name-based IDs, and generate valid IDs, in
// order where the layout sorts by time, with the clock standing still and
// going back too.
func TestJava(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles and runs the Java classes of every layout")
	}
	needJava(t)
	readInputs(t, "testdata/CorpusTest.java") // java reads it: the test cache must know
	classes, corpus := javaClasses(t)
	vectors, err := filepath.Abs("../../mask/testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	readInputs(t, vectors)
	runJava(t, "java", "-cp", classes, "CorpusTest.java", corpus, javaPackage, vectors)
}

// The Java package (java/ of the build pkgDir makes) compiles
// with every lint and every doclint check of its public API on, warnings
// as errors, and its Javadoc builds as Maven's Javadoc jar would, with
// doclint on. Then testdata/GeneratorTest.java holds its generators and
// UUID classes to their promises: eight threads making 10 million IDs
// (IDFORGE_JAVA_IDS says how many) from one generator get distinct IDs,
// each thread's strictly increasing; a frozen clock and one going back
// still give increasing IDs; Snowflake's counter waits and then stalls;
// UUIDv3 and v5 names, v4 and the text agree with the JDK's UUID and with
// uuid-creator's and tsid-creator's test vectors (testdata/peer-names.tsv,
// as data); an ID serializes and reads back, in no more bytes than a
// java.util.UUID; isValid(text), fromName of a UUID name space, of bytes
// and of a lone surrogate (ErrType), unsigned compareTo and withRandomNode
// keep their promises. A consumer module (testdata/consumer-module) that
// requires io.github.idforge compiles with -Xlint:all -Werror and runs.
func TestJavaPackage(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles the Java package")
	}
	needJava(t)
	testenv.NeedTool(t, "javadoc")
	src := filepath.Join(pkgDir(t, "java"), "src", "main", "java")
	files, err := filepath.Glob(filepath.Join(src, "io", "github", "idforge", "*.java"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Java sources in %s (%v)", src, err)
	}
	files = append(files, filepath.Join(src, "module-info.java")) // the module io.github.idforge
	// Compiled with every lint and doclint check, warnings as errors.
	classes := compileJava(t)
	dir := t.TempDir()
	runJava(t, "javadoc", append([]string{"--release", "17", "-Xdoclint:all", "-Werror", "-quiet", "-d", filepath.Join(dir, "apidocs")}, files...)...)
	javaConsumer(t, classes)
	javaExamples(t, classes)
	readInputs(t, "testdata/GeneratorTest.java", "testdata/peer-names.tsv")
	n := "10000000"
	if v := os.Getenv("IDFORGE_JAVA_IDS"); v != "" {
		n = v
	}
	out := runJava(t, "java", "-Xmx1g", "-cp", classes, "GeneratorTest.java", n)
	t.Logf("%s", out)
}

// javaConsumer builds testdata/consumer-module, a module of a user's that
// requires io.github.idforge, against the package's classes on the module
// path, as a Maven or Gradle build of a modular project would, with every
// lint on and warnings as errors (an automatic module's requires would be
// a warning, and fail), and runs it on the module path. It uses no lease,
// so it needs no java.sql: javac and java see no module but java.base,
// idforge's and the consumer's (--limit-modules), as in a jlink image
// made without java.sql.
func javaConsumer(t *testing.T, classes string) {
	t.Helper()
	src := filepath.Join("testdata", "consumer-module")
	files := []string{filepath.Join(src, "module-info.java"), filepath.Join(src, "com", "example", "consumer", "Main.java")}
	readInputs(t, files...)
	abs := make([]string, len(files))
	for i, f := range files {
		a, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		abs[i] = a
	}
	out := filepath.Join(t.TempDir(), "consumer")
	runJava(t, "javac", append([]string{"--release", "17", "-Xlint:all", "-Werror", "--limit-modules", "java.base," + scripts.JavaModule, "--module-path", classes, "-d", out}, abs...)...)
	got := runJava(t, "java", "--limit-modules", "com.example.consumer", "--module-path", classes+string(os.PathListSeparator)+out, "-m", "com.example.consumer/com.example.consumer.Main")
	if strings.Contains(got, "java.sql") {
		t.Errorf("the consumer module saw java.sql: %s", got)
	}
	if !strings.Contains(got, "PASS") {
		t.Errorf("the consumer module: %s", got)
	}
}

// javaBlock is a fenced Java example of a page: ```java to ```.
var javaBlock = regexp.MustCompile("(?ms)^```java\n(.*?)^```\n")

// javaExamples runs every Java example of the Java package's README, the
// repository's README and its guides against the package's classes, as
// a user would write them: each block the body of a main (its import
// lines above it, with java.time, java.util and the package's classes
// imported as a reader assumes them), each statement that ends
// "// true" or "// false" checked to be so. The examples are compiled by
// one javac and run one after the other in one JVM (javaExamplesMain
// calls each main), which the JVM's and the compiler's start would
// otherwise cost once per example.
func javaExamples(t *testing.T, classes string) {
	t.Helper()
	readme := filepath.Join(pkgDir(t, "java"), "README.md")
	pages := []string{"../../README.md"}
	guides, _ := filepath.Glob("../../docs/*.md")
	pages = append(pages, guides...)
	readInputs(t, pages...)
	pages = append([]string{readme}, pages...)
	dir := t.TempDir()
	type example struct {
		class, page, prog string
		line              int
	}
	var examples []example
	var files []string
	for _, page := range pages {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(page), "../../")
		if page == readme {
			name = "java/README.md"
		}
		for _, m := range javaBlock.FindAllSubmatchIndex(src, -1) {
			first := bytes.Count(src[:m[2]], []byte("\n")) + 1
			var imports, body []string
			for _, line := range strings.Split(strings.TrimRight(string(src[m[2]:m[3]]), "\n"), "\n") {
				if strings.HasPrefix(line, "import ") {
					imports = append(imports, line)
					line = "" // a line still, so that claims name theirs
				}
				body = append(body, "        "+line)
			}
			checked := checkClaims(name, strings.Join(body, "\n"), first, "System.out.println", javaCheck)
			class := fmt.Sprintf("Example%d", len(examples)+1)
			prog := strings.Join(append([]string{"import io.github.idforge.*;", "import java.time.*;", "import java.util.*;"}, imports...), "\n") +
				"\n\npublic class " + class + " {\n    public static void main(String[] args) throws Exception {\n" + checked + "\n    }\n}\n"
			file := filepath.Join(dir, class+".java")
			if err := os.WriteFile(file, []byte(prog), 0o644); err != nil {
				t.Fatal(err)
			}
			examples = append(examples, example{class, name, prog, first})
			files = append(files, file)
		}
	}
	if len(examples) < 3 {
		t.Errorf("%d Java examples in the README, the guides and java/README.md, want 3 or more", len(examples))
	}
	if len(examples) == 0 {
		return
	}
	main := filepath.Join(dir, "ExamplesMain.java")
	if err := os.WriteFile(main, []byte(javaExamplesMain), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out := filepath.Join(dir, "classes")
	if b, err := exec.Command("javac", append([]string{"-cp", classes, "-d", out, main}, files...)...).CombinedOutput(); err != nil {
		var progs strings.Builder
		for _, e := range examples {
			if bytes.Contains(b, []byte(e.class+".java")) {
				fmt.Fprintf(&progs, "%s's example at line %d (%s.java):\n%s\n", e.page, e.line, e.class, e.prog)
			}
		}
		t.Fatalf("javac of the examples: %v\n%s\n%s", err, b, progs.String())
	}
	args := []string{"-cp", classes + string(os.PathListSeparator) + out, "ExamplesMain"}
	for _, e := range examples {
		args = append(args, e.class)
	}
	cmd := exec.Command("java", args...)
	// The Private IDs example reads its key from the environment, as a
	// server would: a test key, never a real one.
	cmd.Env = append(os.Environ(), "ID_MASK_KEY=000102030405060708090a0b0c0d0e0f")
	b, err := cmd.CombinedOutput()
	// Each example's output, between the lines ExamplesMain writes before
	// and after it.
	outputs, results := map[string]string{}, map[string]string{}
	var cur string
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "EXAMPLE" {
			if f[2] == "START" {
				cur = f[1]
			} else {
				results[f[1]], cur = f[2], ""
			}
			continue
		}
		outputs[cur] += line
	}
	for _, e := range examples {
		if results[e.class] != "PASS" {
			t.Errorf("%s's example at line %d: java: %s\n%s\n%s", e.page, e.line, results[e.class], e.prog, outputs[e.class])
		}
	}
	if err != nil && !t.Failed() {
		t.Errorf("java ExamplesMain: %v\n%s", err, b)
	}
	t.Logf("javac and java of %d examples (%.1fs)", len(examples), time.Since(start).Seconds())
}

// javaExamplesMain runs the main of each class its arguments name, one
// after the other, and says which passed: "EXAMPLE NAME START" before
// each, "EXAMPLE NAME PASS" or "EXAMPLE NAME FAIL" (after what it threw)
// after it. It exits 1 if any failed.
const javaExamplesMain = `public class ExamplesMain {
    public static void main(String[] args) {
        int failed = 0;
        for (String name : args) {
            System.out.println("EXAMPLE " + name + " START");
            try {
                Class.forName(name).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
                System.out.println("EXAMPLE " + name + " PASS");
            } catch (java.lang.reflect.InvocationTargetException e) {
                failed++;
                e.getCause().printStackTrace(System.out);
                System.out.println("EXAMPLE " + name + " FAIL");
            } catch (ReflectiveOperationException e) {
                failed++;
                e.printStackTrace(System.out);
                System.out.println("EXAMPLE " + name + " FAIL");
            }
        }
        System.out.flush();
        System.exit(failed == 0 ? 0 : 1);
    }
}
`

// javaCheck is a Java claim's check (checkClaims).
func javaCheck(indent, expr, want, msg string) string {
	not := map[string]string{"true": "!", "false": ""}[want]
	return fmt.Sprintf("%sif (%s(%s)) throw new AssertionError(%q);", indent, not, expr, msg)
}
