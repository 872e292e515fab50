package portable

import (
	"encoding/json"
	"strings"

	"github.com/idforge/idforge/lease"
)

// LeaseSpace returns the key of the node space that leases of the layout
// are taken from, as Go's lease.Space.String() writes it
// ("snowflake/2010-11-04T01:42:54.657Z/10"), and the width of its node,
// so that the lease clients of every language take their rows from the
// same space as Go's. ok is false for a layout without a node and a time,
// or with a MAC-style node, which lease.SpaceOf refuses.
func LeaseSpace(p *Plan) (key string, nodeBits int, ok bool) {
	s, err := lease.SpaceOf(p.L.Model)
	if err != nil {
		return "", 0, false
	}
	return s.String(), s.NodeBits, true
}

// leaseCheckMarker is the string literal, in each language's lease client
// (gen/js's lease.js, gen/python's lease.py, gen/java's Lease.java), that
// WithLeaseCheck replaces with the query of lease.PostgresCheck.
const leaseCheckMarker = `"@idforge-lease-check@"`

// WithLeaseCheck returns a lease client's source with its marker replaced
// by the query a client runs before it trusts the SQL lease functions
// (lease.PostgresCheck, the install rule of package pginstall), as a JSON
// string literal, which JavaScript, Python and Java all read as the same
// string. In it, @schema@ stands for the schema's name as an SQL literal,
// which the client puts in: the name is a plain identifier, checked
// before. It panics if the source has no marker, or more than one.
func WithLeaseCheck(src string) string {
	if strings.Count(src, leaseCheckMarker) != 1 {
		panic("portable: a lease client's source needs exactly one " + leaseCheckMarker)
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(lease.PostgresCheck("@schema@")); err != nil {
		panic(err)
	}
	return strings.Replace(src, leaseCheckMarker, strings.TrimSuffix(b.String(), "\n"), 1)
}
