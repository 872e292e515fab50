package fuzz_test

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/fuzz"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/snowflake"
)

// TestFieldsNil checks ToFields, FromFields and Bits with nil and zero
// arguments: an error or no values, never a panic.
func TestFieldsNil(t *testing.T) {
	l, err := layouts.Builtin("snowflake")
	if err != nil {
		t.Fatal(err)
	}
	values := interp.Values{"timestamp": big.NewInt(1), "node": big.NewInt(2), "sequence": big.NewInt(3)}
	var f snowflake.Fields
	for name, ptr := range map[string]any{"nil": nil, "nil pointer": (*snowflake.Fields)(nil), "not a pointer": f, "pointer to a non-struct": new(int)} {
		if err := fuzz.ToFields(l, values, ptr); err == nil {
			t.Errorf("ToFields into %s: no error", name)
		}
	}
	if err := fuzz.ToFields(nil, values, &f); !errors.Is(err, interp.ErrNoLayout) {
		t.Errorf("ToFields with a nil layout: %v, want ErrNoLayout", err)
	}
	if err := fuzz.ToFields(l, interp.Values{"timestamp": big.NewInt(1), "node": nil}, &f); err == nil {
		t.Error("ToFields with values missing: no error")
	}

	for name, st := range map[string]any{"nil": nil, "int": 7, "struct without the fields": struct{ X int }{1}} {
		if v := fuzz.FromFields(l, st); len(v) != 0 {
			t.Errorf("FromFields(%s) = %v, want no values", name, v)
		}
	}
	if v := fuzz.FromFields(nil, snowflake.Fields{Node: 1}); len(v) != 0 {
		t.Errorf("FromFields with a nil layout = %v, want no values", v)
	}
	if v := fuzz.FromFields(l, &snowflake.Fields{Node: 1}); v["node"].Int64() != 1 {
		t.Errorf("FromFields of a pointer = %v, want node 1", v)
	}

	var nb *fuzz.Bits
	if x := nb.Take(8); x.Sign() != 0 {
		t.Errorf("a nil *Bits took %v, want 0", x)
	}
	if v := new(fuzz.Bits).Values(l); len(v) != 3 || v["node"].Sign() != 0 {
		t.Errorf("the zero Bits gave %v, want three zeros", v)
	}
	if v := fuzz.NewBits([]byte{1}).Values(nil); len(v) != 0 {
		t.Errorf("Values(nil) = %v, want none", v)
	}
}

// fakeTB records a Fatal and ends the goroutine, as testing.T does.
type fakeTB struct {
	testing.TB
	msg string
}

func (f *fakeTB) Helper() {}

func (f *fakeTB) Fatal(args ...any) {
	f.msg = fmt.Sprint(args...)
	runtime.Goexit()
}

// TestCheckRepeatsNil checks that CheckRepeats fails, rather than panics,
// without a layout or a next function.
func TestCheckRepeatsNil(t *testing.T) {
	l, _ := layouts.Builtin("uuidv4")
	for name, call := range map[string]func(tb testing.TB){
		"nil layout": func(tb testing.TB) { fuzz.CheckRepeats(tb, nil, func() ([]byte, error) { return nil, nil }, 2) },
		"nil next":   func(tb testing.TB) { fuzz.CheckRepeats(tb, l, nil, 2) },
	} {
		tb := &fakeTB{TB: t}
		done := make(chan struct{})
		go func() {
			defer close(done)
			call(tb)
		}()
		<-done
		if !strings.HasPrefix(tb.msg, "fuzz: ") {
			t.Errorf("CheckRepeats with a %s: Fatal(%q), want a fuzz: message", name, tb.msg)
		}
	}
}

// TestChecksNilLayout runs Check and Bounds with a nil layout in a child
// process (they take a *testing.T, which a test cannot fake) and checks
// that each fails with a message rather than panics.
func TestChecksNilLayout(t *testing.T) {
	for _, name := range []string{"TestNilCheckChild", "TestNilBoundsChild"} {
		cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
		cmd.Env = append(os.Environ(), "IDFORGE_FUZZ_NIL=1")
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "fuzz: no layout to check") || strings.Contains(string(out), "panic:") {
			t.Errorf("%s: %v, output:\n%s\nwant a failure that says there is no layout, and no panic", name, err, out)
		}
	}
}

func TestNilCheckChild(t *testing.T) {
	if os.Getenv("IDFORGE_FUZZ_NIL") == "" {
		t.Skip("run by TestChecksNilLayout")
	}
	fuzz.Check(t, nil, []byte{1, 2, 3})
}

func TestNilBoundsChild(t *testing.T) {
	if os.Getenv("IDFORGE_FUZZ_NIL") == "" {
		t.Skip("run by TestChecksNilLayout")
	}
	fuzz.Bounds(t, nil, func(time.Time) ([]byte, error) { return nil, nil }, func(time.Time) ([]byte, error) { return nil, nil })
}
