// Package goname holds the Go emitter's naming rule for a spec's snake_case
// names, shared by the emitter (gen/golang) and the fuzz harness, which
// finds a generated Fields struct's members by it. Layouts hold the spec's
// own names only; each emitter owns its language's naming.
package goname

import "strings"

// Exported returns the exported Go name of a snake_case spec name: unix_ms
// gives UnixMs, shard_id gives ShardID.
func Exported(snake string) string {
	var b strings.Builder
	for _, w := range strings.Split(snake, "_") {
		switch {
		case w == "":
		case w == "id":
			b.WriteString("ID")
		default:
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}
