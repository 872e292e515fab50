package uuid_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/uuid"
)

func TestMain(m *testing.M) {
	if os.Getenv("IDFORGE_RESTART_CHILD") != "" {
		restartChild()
		return
	}
	os.Exit(m.Run())
}

// restartChild makes UUIDv6s and v7s through a state store until it is
// killed, printing each pair, with its clock set off by IDFORGE_CLOCK_OFFSET.
func restartChild() {
	offset, _ := time.ParseDuration(os.Getenv("IDFORGE_CLOCK_OFFSET"))
	store, err := store.Open(os.Getenv("IDFORGE_STORE"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	g, err := uuid.NewGenerator(uuid.WithStore(store), uuid.WithClock(func() time.Time { return time.Now().Add(offset) }))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	for i := 0; ; i++ {
		v6, err6 := g.NewV6()
		v7, err7 := g.NewV7()
		if err6 != nil || err7 != nil {
			fmt.Fprintln(os.Stderr, err6, err7)
			os.Exit(1)
		}
		fmt.Fprintf(w, "%x %x\n", v6[:], v7[:])
		if i%64 == 0 {
			w.Flush() // only IDs written out count as handed out
		}
	}
}

// A process making IDs through a state store is killed, then restarted with
// its clock an hour back: it neither repeats an ID nor goes below one it
// made before.
func TestRestartWithClockSetBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "uuid.state")
	if s, err := store.Open(path); errors.Is(err, errors.ErrUnsupported) {
		t.Skipf("state stores need a file lock this system lacks: %v", err)
	} else if err == nil {
		s.Close()
	}
	run := func(offset string, n int) (v6, v7 []string) {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "IDFORGE_RESTART_CHILD=1", "IDFORGE_STORE="+path, "IDFORGE_CLOCK_OFFSET="+offset)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		for len(v7) < n && sc.Scan() {
			var a, b string
			if _, err := fmt.Sscan(sc.Text(), &a, &b); err == nil {
				v6, v7 = append(v6, a), append(v7, b)
			}
		}
		cmd.Process.Kill() // SIGKILL: no chance to tidy up
		cmd.Wait()
		if len(v7) < n {
			t.Fatalf("the child made only %d IDs", len(v7))
		}
		return v6, v7
	}
	old6, old7 := run("0s", 20000)
	new6, new7 := run("-1h", 20000)
	if new6[0] <= old6[len(old6)-1] || new7[0] <= old7[len(old7)-1] {
		t.Fatalf("after the restart the IDs went back: v6 %s after %s, v7 %s after %s",
			new6[0], old6[len(old6)-1], new7[0], old7[len(old7)-1])
	}
	for i := 1; i < len(new7); i++ {
		if new6[i] <= new6[i-1] || new7[i] <= new7[i-1] {
			t.Fatalf("ID %d after the restart is not above the one before", i)
		}
	}
	// A third run, the clock still back, goes on above the second.
	third6, third7 := run("-1h", 1000)
	if third6[0] <= new6[len(new6)-1] || third7[0] <= new7[len(new7)-1] {
		t.Fatal("the third run went back")
	}
	// Without the store, the same set-back clock does go back: the store is
	// what prevents it.
	g, err := uuid.NewGenerator(uuid.WithClock(func() time.Time { return time.Now().Add(-time.Hour) }))
	if err != nil {
		t.Fatal(err)
	}
	u, _ := g.NewV7()
	if fmt.Sprintf("%x", u[:]) > old7[0] {
		t.Fatal("a generator without the store did not go back; the test proves nothing")
	}
}

// A store whose mark is far ahead of the clock (a hand-edited file, say) is
// refused where the generator is made, with store.ErrMarkAhead, rather than
// dating every later ID there; store.AllowAhead lets it through knowingly.
func TestStoreMarkAheadRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "uuid.state")
	s, err := store.Open(path)
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skipf("state stores need a file lock this system lacks: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	ahead := now.AddDate(30, 0, 0)
	// A generator whose clock is 30 years ahead leaves its mark there.
	g, err := uuid.NewGenerator(uuid.WithStore(s), uuid.WithClock(func() time.Time { return ahead }))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.NewV7(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	before, _ := os.ReadFile(path)

	s, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	clock := uuid.WithClock(func() time.Time { return now })
	if _, err := uuid.NewGenerator(uuid.WithStore(s), clock); !errors.Is(err, store.ErrMarkAhead) {
		t.Fatalf("NewGenerator with a mark 30 years ahead: %v, want store.ErrMarkAhead", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the refusal changed the store file")
	}
	s.AllowAhead(31 * 365 * 24 * time.Hour)
	g, err = uuid.NewGenerator(uuid.WithStore(s), clock)
	if err != nil {
		t.Fatalf("with AllowAhead: %v", err)
	}
	id, err := g.NewV7()
	if err != nil {
		t.Fatal(err)
	}
	if at, _ := id.Time(); at.Before(ahead) {
		t.Errorf("the first UUIDv7 after the mark is dated %v, below the mark %v", at, ahead)
	}
}
