package uuid_test

import (
	"sync"
	"testing"

	"github.com/idforge/idforge/uuid"
)

// Goroutines that share a zero Generator from its first call on set it up
// once: one node and clock sequence for all, and no UUID twice (go test
// -race checks the setup is properly synchronized).
func TestZeroGeneratorConcurrentFirstUse(t *testing.T) {
	var g uuid.Generator
	const workers, each = 8, 500
	ids := make([][]uuid.UUID, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				v1, err := g.NewV1()
				if err != nil {
					t.Error(err)
					return
				}
				v7, err := g.NewV7()
				if err != nil {
					t.Error(err)
					return
				}
				ids[w] = append(ids[w], v1, v7)
			}
		}()
	}
	wg.Wait()
	seen := map[uuid.UUID]bool{}
	node := ids[0][0].V1().Node
	for _, list := range ids {
		for _, id := range list {
			if seen[id] {
				t.Fatalf("%v made twice", id)
			}
			seen[id] = true
			if id.Version() == 1 && id.V1().Node != node {
				t.Fatalf("node %#x and %#x from one generator: it was set up twice", node, id.V1().Node)
			}
		}
	}
	if node&(1<<40) == 0 {
		t.Errorf("the zero Generator's node %#x lacks the multicast bit", node)
	}
}
