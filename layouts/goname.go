package layouts

import "strings"

// GoName returns the exported Go name of a spec's snake_case name, the
// name a generated Go package gives the field or value: unix_ms gives
// UnixMs, shard_id gives ShardID and unix_ts UnixTS, each word that is an
// initialism in upper case, as Go names write them (the initialisms of
// staticcheck's naming check, ST1003, so that generated code passes it as
// hand-written code would). It is the rule package fuzz finds a generated
// Fields struct's members by, and it never changes within a major version:
// generated code and the fuzz harness of another release must agree on it.
func GoName(snake string) string {
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

// initialisms are the words GoName writes in upper case.
var initialisms = map[string]bool{
	"ACL": true, "AMQP": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DB": true,
	"DNS": true, "EOF": true, "GID": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true,
	"ID": true, "IP": true, "JSON": true, "QPS": true, "RAM": true, "RPC": true, "RTP": true,
	"SIP": true, "SLA": true, "SMTP": true, "SQL": true, "SSH": true, "TCP": true, "TLS": true,
	"TS": true, "TTL": true, "UDP": true, "UI": true, "UID": true, "URI": true, "URL": true,
	"UTF8": true, "UUID": true, "VM": true, "XML": true, "XMPP": true, "XSRF": true, "XSS": true,
}
