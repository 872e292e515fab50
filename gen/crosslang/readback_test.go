package conformance_test

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/testenv"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// readbackCount is how many IDs each script makes with each generator:
// enough for many to share a millisecond (or a KSUID's second), so that the
// counters and clock-sequence steps are read back too.
const readbackCount = 2000

// readbackNode is the node the scripts give the UUIDv1 and v6 generators.
const readbackNode = 0x9f6bdeced846

// readbackID is what the Go package of a layout reads from one line of a
// script: the ID's bytes, its time, whether it is valid for the layout, and
// its node (-1 for a layout without one). order is the key the generator
// must strictly increase, or nil when its IDs need only be distinct.
type readbackID struct {
	bytes []byte
	time  time.Time
	valid bool
	node  int64
	order []byte
}

// readback parses the text of an ID of the layout with idforge's Go
// package of that layout (its time is zero for a layout without one), and checks that its decimal (the BigInt or int
// the script printed) is the same number.
func readback(layout, text, decimal string) (readbackID, error) {
	var r readbackID
	switch layout {
	case "uuidv1", "uuidv4", "uuidv6", "uuidv7":
		id, err := uuid.Parse(text)
		if err != nil {
			return r, err
		}
		want := map[string]int{"uuidv1": 1, "uuidv4": 4, "uuidv6": 6, "uuidv7": 7}[layout]
		r.bytes, r.valid, r.node = id[:], id.Valid() && id.Version() == want, -1
		var hasTime bool
		r.time, hasTime = id.Time()
		if hasTime != (layout != "uuidv4") {
			return r, fmt.Errorf("Time reports %v", hasTime)
		}
		switch layout {
		case "uuidv1":
			f := id.V1()
			r.node = int64(f.Node)
			// A v1's bytes do not sort by time: its generator orders its
			// timestamps, then its clock sequence.
			r.order = binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, f.Timestamp), uint64(f.ClockSeq))
		case "uuidv6":
			r.node, r.order = int64(id.V6().Node), id[:]
		case "uuidv7":
			r.order = id[:]
		}
	case "ulid":
		id, err := ulid.Parse(text)
		if err != nil {
			return r, err
		}
		r.bytes, r.valid, r.node, r.time, r.order = id[:], id.Valid(), -1, id.Time(), id[:]
	case "ksuid":
		id, err := ksuid.Parse(text)
		if err != nil {
			return r, err
		}
		r.bytes, r.valid, r.node, r.time, r.order = id[:], id.Valid(), -1, id.Time(), id[:]
	case "snowflake":
		id, err := snowflake.Parse(text) // decimal, in every language
		if err != nil {
			return r, err
		}
		// The script's BigInt or int is unsigned, and a Snowflake's top bit
		// a constant zero: the same number.
		if dec, err := snowflake.Parse(decimal); err != nil || dec != id {
			return r, fmt.Errorf("decimal %s reads as %v (%v), the text as %v", decimal, dec, err, id)
		}
		r.bytes, _ = id.MarshalBinary()
		r.valid, r.node, r.time, r.order = id.Valid(), id.Node(), id.Time(), r.bytes
		return r, nil
	default:
		return r, fmt.Errorf("no Go package reads layout %s", layout)
	}
	if n, ok := new(big.Int).SetString(decimal, 10); !ok || n.Cmp(new(big.Int).SetBytes(r.bytes)) != 0 {
		return r, fmt.Errorf("decimal %s is not the ID's number %x", decimal, r.bytes)
	}
	return r, nil
}

// runReadback runs a script that prints IDs and checks each with the Go
// package of its layout: it parses, is valid for the layout (a UUID's
// version included), carries the node its generator was given, has a time
// between the script's start and end (widened by a second each side, for
// KSUID's whole seconds and the ticks a counter may borrow), is distinct,
// and, for the time-ordered layouts, is above the one before it from the
// same generator.
func runReadback(t *testing.T, name string, args ...string) {
	t.Helper()
	testenv.NeedTool(t, name)
	readInputs(t, "testdata/readback.*")
	cmd := exec.Command(name, append(args, strconv.Itoa(readbackCount))...)
	cmd.Dir = "testdata"
	cmd.Env = packageEnv(t)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	end := time.Now()
	wantNode := map[string]int64{"uuidv1": readbackNode, "uuidv6": readbackNode, "snowflake": 7}
	count := map[string]int{}
	seen := map[string]bool{}
	last := map[string][]byte{}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			t.Fatalf("bad line %q", sc.Text())
		}
		layout, text, decimal := f[0], f[1], f[2]
		r, err := readback(layout, text, decimal)
		if err != nil {
			t.Errorf("%s %s: %v", layout, text, err)
			continue
		}
		count[layout]++
		if !r.valid {
			t.Errorf("%s %s: not valid for the layout", layout, text)
		}
		if want, ok := wantNode[layout]; ok && r.node != want {
			t.Errorf("%s %s: node %#x, want %#x", layout, text, r.node, want)
		}
		if !r.time.IsZero() && r.time.Before(start.Add(-time.Second)) || r.time.After(end.Add(time.Second)) {
			t.Errorf("%s %s: time %v, not between the run's start %v and end %v", layout, text, r.time, start, end)
		}
		key := layout + string(r.bytes)
		if seen[key] {
			t.Errorf("%s %s: a repeat", layout, text)
		}
		seen[key] = true
		if r.order != nil {
			if prev := last[layout]; prev != nil && bytes.Compare(r.order, prev) <= 0 {
				t.Errorf("%s %s: not above the ID before it", layout, text)
			}
			last[layout] = r.order
		}
	}
	for _, layout := range []string{"uuidv1", "uuidv4", "uuidv6", "uuidv7", "ulid", "ksuid", "snowflake"} {
		if count[layout] != readbackCount {
			t.Errorf("%s: read %d IDs back, want %d", layout, count[layout], readbackCount)
		}
	}
}

// The generators of the JavaScript package make IDs that
// idforge's Go packages read back: valid, in order, with the right node.
func TestReadbackJavaScript(t *testing.T) {
	t.Parallel()
	runReadback(t, "node", "readback.mjs")
}

// The same for the Python package.
func TestReadbackPython(t *testing.T) {
	t.Parallel()
	runReadback(t, "python3", "-B", "readback.py")
}
