// Package goname holds the Go emitter's naming rule for a spec's snake_case
// names, shared by the emitter (gen/golang) and the fuzz harness, which
// finds a generated Fields struct's members by it. Layouts hold the spec's
// own names only; each emitter owns its language's naming.
package goname

import "strings"

// Exported returns the exported Go name of a snake_case spec name: unix_ms
// gives UnixMs, shard_id gives ShardID and unix_ts UnixTS, each word that
// is an initialism (see initialisms) in upper case, as Go names write them.
func Exported(snake string) string {
	var b strings.Builder
	for _, w := range strings.Split(snake, "_") {
		switch {
		case w == "":
		case initialisms[strings.ToUpper(w)]:
			b.WriteString(strings.ToUpper(w))
		default:
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// initialisms are the words Go names write in upper case: those of
// staticcheck's naming check (ST1003), so that generated code passes it as
// hand-written code would.
var initialisms = map[string]bool{
	"ACL": true, "AMQP": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DB": true,
	"DNS": true, "EOF": true, "GID": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true,
	"ID": true, "IP": true, "JSON": true, "QPS": true, "RAM": true, "RPC": true, "RTP": true,
	"SIP": true, "SLA": true, "SMTP": true, "SQL": true, "SSH": true, "TCP": true, "TLS": true,
	"TS": true, "TTL": true, "UDP": true, "UI": true, "UID": true, "URI": true, "URL": true,
	"UTF8": true, "UUID": true, "VM": true, "XML": true, "XMPP": true, "XSRF": true, "XSS": true,
}
