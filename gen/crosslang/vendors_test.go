package conformance_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// vendorLayouts are the time-ordered built-ins whose IDs fit a UUID's 16
// bytes (KSUID's 20 do not).
var vendorLayouts = []string{"uuidv7", "uuidv6", "uuidv1", "ulid", "snowflake", "tsid", "objectid", "xid"}

// A vendorOrder is a store's or a platform's own comparison, run for real:
// sort writes the stored values (16 bytes each, in a UUID's text order) to
// a file, has the vendor's code sort them, and returns their indices in
// its order.
type vendorOrder struct {
	name    string // what the log and the failures call it
	profile string // the storage profile that declares the order
	sort    func(t *testing.T, file string) []int
}

// The stores' own comparisons, run for real and held to package storage's
// declarations of them (Profile.Compare, the oracle) and to the layouts'
// time order: SQL Server's uniqueidentifier order (SqlGuid.CompareTo) and
// .NET's Guid.ToByteArray() in a binary column, under mono's System.Data
// (testdata/GuidOrder.cs, compiled by mcs), .NET's Guid.CompareTo for
// reference (PostgreSQL's order: the text's bytes), and JDK 17's
// java.util.UUID.compareTo (testdata/UuidOrder.java). For each, 100,000
// IDs of random times (their constant bits set) of every time-ordered
// built-in that fits a UUID, stored under the profile, come back from
// the vendor's sort in the order the profile declares and in time order;
// 100,000 random 16-byte values come back in the declared order (the
// declaration holds for any value, not only for the ones idforge
// stores); and UUIDv7 stored as it is is out of time order under
// SqlGuid, Guid.ToByteArray and UUID.compareTo (whose signed first long
// puts the IDs of times from the year 6429 on first), as
// docs/databases.md's table says.
// ClickHouse's UUID is not run here (no server in CI): its profile is its
// documented rule (ClickHouse#51063).
func TestVendorOrders(t *testing.T) {
	t.Parallel()
	n := 100_000
	if testing.Short() {
		n = 5_000
	}
	readInputs(t, "testdata/GuidOrder.cs", "testdata/UuidOrder.java")
	t.Run("mono", func(t *testing.T) {
		t.Parallel()
		exe := guidOrder(t)
		mono := func(order string) func(*testing.T, string) []int {
			return func(t *testing.T, file string) []int { return indices(t, "mono", exe, order, file) }
		}
		checkVendor(t, n, vendorOrder{"SqlGuid.CompareTo", "sqlserver", mono("sqlguid")}, true)
		checkVendor(t, n, vendorOrder{"Guid.ToByteArray, unsigned", "dotnet-bytes", mono("bytes")}, true)
		checkVendor(t, n, vendorOrder{"Guid.CompareTo", "pg-uuid", mono("guid")}, false)
	})
	t.Run("java", func(t *testing.T) {
		t.Parallel()
		needJava(t)
		classes := t.TempDir()
		src, err := filepath.Abs("testdata/UuidOrder.java")
		if err != nil {
			t.Fatal(err)
		}
		runJava(t, "javac", "--release", "17", "-Xlint:all", "-Werror", "-d", classes, src)
		checkVendor(t, n, vendorOrder{"UUID.compareTo", "java-uuid", func(t *testing.T, file string) []int {
			return indices(t, "java", "-cp", classes, "UuidOrder", file)
		}}, true)
	})
}

// guidOrder compiles testdata/GuidOrder.cs with mono's mcs and returns the
// program, or skips t where mono is not installed.
func guidOrder(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"mcs", "mono"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipped: %s is not on PATH: it is mono's (apt-get install mono-mcs libmono-system-data4.0-cil; .ci/run does)", tool)
		}
	}
	exe := filepath.Join(t.TempDir(), "GuidOrder.exe")
	out, err := exec.Command("mcs", "-r:System.Data.dll", "-warnaserror+", "-out:"+exe, "testdata/GuidOrder.cs").CombinedOutput()
	if err != nil {
		t.Fatalf("mcs testdata/GuidOrder.cs (System.Data is Debian's libmono-system-data4.0-cil): %v\n%s", err, out)
	}
	v, _ := exec.Command("mono", "--version").Output()
	t.Logf("%s", bytes.SplitN(v, []byte("\n"), 2)[0])
	return exe
}

// indices runs a vendor's sort and returns the indices it writes.
func indices(t *testing.T, name string, args ...string) []int {
	t.Helper()
	start := time.Now()
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, lastLines(stderr.String(), 20))
	}
	var is []int
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		i, err := strconv.Atoi(sc.Text())
		if err != nil {
			t.Fatalf("%s: %q is no index", name, sc.Text())
		}
		is = append(is, i)
	}
	t.Logf("%s sorted %d values (%.1fs)", name, len(is), time.Since(start).Seconds())
	return is
}

// checkVendor runs the checks of TestVendorOrders of one vendor's order;
// asIs says that UUIDv7 stored as it is must come back out of time order.
func checkVendor(t *testing.T, n int, v vendorOrder, asIs bool) {
	t.Helper()
	p, err := storage.Lookup(v.profile)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for li, name := range vendorLayouts {
		l := builtin(t, name)
		a, err := storage.For(l, p)
		if err != nil {
			t.Fatalf("%s under %s: %v", name, p.Name, err)
		}
		ids := randomIDs(l, n, uint64(li))
		stored := make([][]byte, n)
		for i, id := range ids {
			if stored[i], err = a.Stored(id); err != nil {
				t.Fatal(err)
			}
		}
		order := sortBy(t, v, stored, filepath.Join(dir, name))
		what := fmt.Sprintf("%s, %d %s stored under %s", v.name, n, name, p.Name)
		agrees := "in the declared order"
		if k := declared(p, stored, order); k >= 0 {
			t.Errorf("%s: %x before %x, which %s's declaration puts first", what, stored[order[k-1]], stored[order[k]], p.Name)
			agrees = "NOT in the declared order"
		}
		k := outOfTime(l, ids, order)
		switch {
		case a.Sorts && k > 0:
			t.Errorf("%s: %d adjacent pairs out of time order", what, k)
		case !a.Sorts && k == 0:
			t.Errorf("%s: in time order, yet For says they cannot be (%s)", what, a.Why)
		}
		t.Logf("%s: %s, %d adjacent pairs out of time order", what, agrees, k)
	}
	// Any 16 bytes, not only IDs: the declaration is the vendor's order.
	r := rand.New(rand.NewPCG(66, 1))
	values := make([][]byte, n)
	for i := range values {
		values[i] = make([]byte, 16)
		for j := range values[i] {
			values[i][j] = byte(r.Uint32())
		}
	}
	order := sortBy(t, v, values, filepath.Join(dir, "random"))
	if k := declared(p, values, order); k >= 0 {
		t.Errorf("%s, %d random values: %x before %x, which %s's declaration puts first", v.name, n, values[order[k-1]], values[order[k]], p.Name)
	}
	if !asIs {
		return
	}
	// UUIDv7 stored as it is: what a library without profiles does.
	l := builtin(t, "uuidv7")
	ids := randomIDs(l, n, 7)
	order = sortBy(t, v, ids, filepath.Join(dir, "uuidv7-as-is"))
	if k := declared(p, ids, order); k >= 0 {
		t.Errorf("%s, uuidv7 as it is: %x before %x, which %s's declaration puts first", v.name, ids[order[k-1]], ids[order[k]], p.Name)
	}
	k := outOfTime(l, ids, order)
	if k == 0 {
		t.Errorf("%s: %d uuidv7 stored as they are came back in time order, which docs/databases.md says they do not", v.name, n)
	}
	t.Logf("%s, %d uuidv7 stored as they are: %d adjacent pairs out of time order", v.name, n, k)
}

// sortBy writes values to file, one a line in hex, and returns the order
// the vendor sorts them in, checked to be a permutation of them.
func sortBy(t *testing.T, v vendorOrder, values [][]byte, file string) []int {
	t.Helper()
	var b strings.Builder
	for _, s := range values {
		b.WriteString(hex.EncodeToString(s))
		b.WriteByte('\n')
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	order := v.sort(t, file)
	seen := make([]bool, len(values))
	for _, i := range order {
		if i < 0 || i >= len(values) || seen[i] {
			t.Fatalf("%s: index %d twice or out of range", v.name, i)
		}
		seen[i] = true
	}
	if len(order) != len(values) {
		t.Fatalf("%s: %d indices for %d values", v.name, len(order), len(values))
	}
	return order
}

// declared returns the first k at which the vendor's order puts a value
// after one that the profile's declared comparison puts after it, or -1:
// the vendor's order is then the declaration's.
func declared(p storage.Profile, values [][]byte, order []int) int {
	for k := 1; k < len(order); k++ {
		if p.Compare(values[order[k-1]], values[order[k]]) > 0 {
			return k
		}
	}
	return -1
}

// outOfTime returns how many of the IDs in order come right after one of
// a later time: the adjacent pairs out of time order (UUIDv7 as it is
// under UUID.compareTo has one, where the signed long's top bit changes).
func outOfTime(l *resolved.Layout, ids [][]byte, order []int) int {
	k := 0
	prev := timeOf(l, ids[order[0]])
	for _, i := range order[1:] {
		at := timeOf(l, ids[i])
		if prev.Cmp(at) > 0 {
			k++
		}
		prev = at
	}
	return k
}

func builtin(t *testing.T, name string) *resolved.Layout {
	t.Helper()
	l, err := layouts.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := resolved.New(l)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// randomIDs returns n IDs of l: random bytes, its constant bits set, and
// so of random times over the layout's whole range.
func randomIDs(l *resolved.Layout, n int, seed uint64) [][]byte {
	r := rand.New(rand.NewPCG(seed, 66))
	ids := make([][]byte, n)
	for i := range ids {
		id := make([]byte, l.Bits/8)
		for j := range id {
			id[j] = byte(r.Uint32())
		}
		for _, c := range l.Consts {
			for k := range c.Width {
				bit := c.Offset(l.Bits) + k
				id[bit/8] &^= 0x80 >> (bit % 8)
				if c.Bit(c.Value, k) {
					id[bit/8] |= 0x80 >> (bit % 8)
				}
			}
		}
		ids[i] = id
	}
	return ids
}

// timeOf reads an ID's time bit by bit from the layout's parts, apart
// from package storage's arrangement of them.
func timeOf(l *resolved.Layout, id []byte) *big.Int {
	v := new(big.Int)
	for _, pi := range l.Time.Parts {
		p := l.Parts[pi]
		for k := range p.Width {
			bit := p.Offset(l.Bits) + k
			if id[bit/8]&(0x80>>(bit%8)) != 0 {
				v.SetBit(v, p.Lo+p.Width-1-k, 1)
			}
		}
	}
	return v
}
