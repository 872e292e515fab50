// Package bench holds side-by-side benchmarks of idforge against the peer
// libraries. It has only test files besides this one, so the peers stay test
// dependencies and out of every run-time package's imports.
//
//	go test -run=^$ -bench=. -count=6 ./bench > new.txt
//	go run golang.org/x/perf/cmd/benchstat@latest new.txt
package bench
