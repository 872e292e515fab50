package uuid_test

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/internal/oracle"
	"github.com/idforge/idforge/uuid"
)

func fromHex(t testing.TB, s string) uuid.UUID {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, "-", ""))
	if err != nil || len(b) != 16 {
		t.Fatalf("bad UUID %q", s)
	}
	return uuid.UUID(b)
}

// RFC 9562 appendix A and B through the generated API.
func TestRFCVectors(t *testing.T) {
	when := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)
	v1f := uuid.V1Fields{Timestamp: 0x1EC9414C232AB00, ClockSeq: 0x33C8, Node: 0x9F6BDECED846}
	v1 := fromHex(t, "C232AB00-9414-11EC-B3C8-9F6BDECED846")
	v6 := fromHex(t, "1EC9414C-232A-6B00-B3C8-9F6BDECED846")
	v7 := fromHex(t, "017F22E2-79B0-7CC3-98C4-DC0C0C07398F")
	v8 := fromHex(t, "2489E9AD-2EE2-8E00-8EC9-32D5F69181C0")

	check := func(name string, got uuid.UUID, err error, want uuid.UUID) {
		t.Helper()
		if err != nil || got != want {
			t.Errorf("%s = %X, %v; want %X", name, got, err, want)
		}
	}
	got, err := uuid.PackV1(v1f)
	check("PackV1", got, err, v1)
	got, err = uuid.PackV6(uuid.V6Fields(v1f))
	check("PackV6", got, err, v6)
	got, err = uuid.PackV7(uuid.V7Fields{UnixMs: 0x017F22E279B0, RandA: 0xCC3, RandB: 0x18C4DC0C0C07398F})
	check("PackV7", got, err, v7)
	got, err = uuid.PackV8(uuid.V8Fields{CustomA: 0x2489E9AD2EE2, CustomB: 0xE00, CustomC: 0x0EC932D5F69181C0})
	check("PackV8", got, err, v8)
	check("NewV3", uuid.NewV3(uuid.NamespaceDNS(), "www.example.com"), nil, fromHex(t, "5df41881-3aed-3515-88a7-2f4a814cf09e"))
	check("NewV5", uuid.NewV5(uuid.NamespaceDNS(), "www.example.com"), nil, fromHex(t, "2ed6657d-e927-568b-95e1-2665a8aea6a2"))
	check("NewV8SHA256", uuid.NewV8SHA256(uuid.NamespaceDNS(), "www.example.com"), nil, fromHex(t, "5c146b14-3c52-8afd-938a-375d0df1fbf6"))
	got, err = uuid.V1ToV6(v1)
	check("V1ToV6", got, err, v6)
	got, err = uuid.V6ToV1(v6)
	check("V6ToV1", got, err, v1)

	if got := v1.V1(); got != v1f {
		t.Errorf("V1() = %+v, want %+v", got, v1f)
	}
	if got, want := v6.V6(), uuid.V6Fields(v1f); got != want {
		t.Errorf("V6() = %+v, want %+v", got, want)
	}
	for _, u := range []uuid.UUID{v1, v6, v7} {
		if tm, ok := u.Time(); !ok || !tm.Equal(when) {
			t.Errorf("%X: Time() = %v, %v; want %v", u, tm, ok, when)
		}
	}
	// UUIDv8 bits are custom, so Time does not guess at them.
	if _, ok := v8.Time(); ok {
		t.Errorf("a UUIDv8 reported a time")
	}
	for u, want := range map[uuid.UUID]int{v1: 1, v6: 6, v7: 7, v8: 8, uuid.NewV4(): 4} {
		if u.Version() != want {
			t.Errorf("%X: Version() = %d, want %d", u, u.Version(), want)
		}
	}
	if want := fromHex(t, "6ba7b811-9dad-11d1-80b4-00c04fd430c8"); uuid.NamespaceURL() != want {
		t.Error("NamespaceURL is wrong")
	}
}

// RFC 9562 appendix A.3: a UUIDv4 is its random bytes with the version and
// variant written over them.
func TestV4Vector(t *testing.T) {
	block, _ := hex.DecodeString("919108F752D133205BACF847DB4148A8")
	g, err := uuid.NewGenerator(uuid.WithEntropy(strings.NewReader(strings.Repeat("\x00", 16) + string(block))))
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.NewV4()
	if want := fromHex(t, "919108f7-52d1-4320-9bac-f847db4148a8"); err != nil || got != want {
		t.Errorf("NewV4 = %X, %v; want %X", got, err, want)
	}
}

func TestV1V6Errors(t *testing.T) {
	if _, err := uuid.V1ToV6(uuid.NewV7()); !errors.Is(err, uuid.ErrVersion) {
		t.Errorf("V1ToV6(v7): err = %v", err)
	}
	if _, err := uuid.V6ToV1(uuid.NewV1()); !errors.Is(err, uuid.ErrVersion) {
		t.Errorf("V6ToV1(v1): err = %v", err)
	}
	// A v1 and its v6 are the same instant; the v6 sorts by it.
	v1 := uuid.NewV1()
	v6, err := uuid.V1ToV6(v1)
	if err != nil {
		t.Fatal(err)
	}
	t1, _ := v1.Time()
	t6, _ := v6.Time()
	if !t1.Equal(t6) {
		t.Errorf("times differ: %v, %v", t1, t6)
	}
}

// Time-ordered UUIDs from one generator increase, and NewV7 allocates nothing.
func TestNewV7(t *testing.T) {
	prev := uuid.NewV7()
	for range 100000 {
		u := uuid.NewV7()
		if u.Compare(prev) <= 0 {
			t.Fatalf("%X is not above %X", u, prev)
		}
		prev = u
	}
	// The race detector's instrumentation allocates; count without it.
	if n := testing.AllocsPerRun(1000, func() { uuid.NewV7() }); n != 0 && !raceEnabled {
		t.Errorf("NewV7 allocates %v times", n)
	}
}

// FillV7 makes the IDs as many NewV7 calls would, from the same clock and
// randomness, and continues the generator's sequence.
func TestFillV7MatchesNewV7(t *testing.T) {
	frozen := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	clock := func() time.Time { return frozen }
	a, err := uuid.NewGenerator(uuid.WithClock(clock), uuid.WithEntropy(oracle.NewStream(9)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := uuid.NewGenerator(uuid.WithClock(clock), uuid.WithEntropy(oracle.NewStream(9)))
	if err != nil {
		t.Fatal(err)
	}
	batch := make([]uuid.UUID, 1000)
	if err := a.FillV7(batch); err != nil {
		t.Fatal(err)
	}
	for i, got := range batch {
		want, err := b.NewV7()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("ID %d: FillV7 %x, NewV7 %x", i, got[:], want[:])
		}
	}
	next, _ := a.NewV7()
	if next.Compare(batch[len(batch)-1]) <= 0 {
		t.Fatal("the generator went back after FillV7")
	}
}
