package bench

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/idforge/idforge/idrt"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

// A generator is a fixed-size struct; making a million IDs allocates
// nothing but re-keyed ciphers, so its buffers cannot grow. The entropy
// buffer (4 KiB) is shared by every generator that uses crypto/rand, and is
// one per WithEntropy.
func TestGeneratorMemory(t *testing.T) {
	t.Logf("uuid.Generator %d B, ksuid.Generator %d B, ulid.Generator %d B, snowflake.Generator %d B, idrt.Entropy %d B",
		unsafe.Sizeof(uuid.Generator{}), unsafe.Sizeof(ksuid.Generator{}), unsafe.Sizeof(ulid.Generator{}),
		unsafe.Sizeof(snowflake.Generator{}), unsafe.Sizeof(idrt.Entropy{}))
	g, err := uuid.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	for name, next := range map[string]func() error{
		"NewV7": func() error { _, err := g.NewV7(); return err },
		"NewV4": func() error { _, err := g.NewV4(); return err },
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range 1_000_000 {
			if err := next(); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		// The crypto/rand stretching re-keys every 64 KiB: one small cipher
		// a time, about 250 in a million IDs. NewV4 also takes its random
		// blocks from a 512-byte chunk a processor, which is allocated again
		// only after garbage collections drop it (none run here, as nothing
		// else allocates). Nothing else is allocated.
		if n := after.Mallocs - before.Mallocs; n > 1000 {
			t.Errorf("a million %s made %d allocations", name, n)
		} else {
			t.Logf("a million %s: %d allocations (re-keying), %d bytes", name, n, after.TotalAlloc-before.TotalAlloc)
		}
	}
}
