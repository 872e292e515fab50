// Package testee runs the conformance corpus against an implementation of
// idforge's layouts in any language, a testee: a program that reads
// requests, one JSON object a line, on its standard input and writes one
// response a line, in order, on its standard output (docs/conformance.md
// specifies the protocol). Run sends it the cases made from the corpus's
// records for the layouts and operations it says it supports, compares
// its answers with the corpus's, and returns a Report, in which the
// failures a list of expected failures names (ParseList) are apart from
// the unexpected ones. idforge conformance -testee CMD is its command.
//
// It uses the standard library and the interpreter (package interp), the
// corpus's own oracle, to read the IDs a testee's generator makes.
package testee

// ProtocolVersion is the version of the testee protocol that Run speaks.
// A testee says which it speaks in its capabilities; Run refuses one that
// speaks a later version.
const ProtocolVersion = 1

// Request is one line the driver writes to a testee. Op says which fields
// it uses (see docs/conformance.md):
//
//   - "capabilities": none;
//   - "parse": Layout, Form (text, base62, crockford, hex, or bytes, whose
//     Text is the bytes in hex), Text (absent for the empty text);
//   - "format": Layout, Form (text, base62, crockford or hex), Hex;
//   - "fields" and "time": Layout, Hex;
//   - "bounds": Layout, At;
//   - "name": Layout, Namespace, Name;
//   - "compare": Layout, A, B;
//   - "generate": Layout, N, Node (for a layout whose generator takes
//     one), Clock (when the testee can take a clock).
type Request struct {
	Op        string   `json:"op"`
	Layout    string   `json:"layout,omitempty"`
	Form      string   `json:"form,omitempty"`
	Text      string   `json:"text,omitempty"`
	Hex       string   `json:"hex,omitempty"`
	At        string   `json:"at,omitempty"`
	Namespace string   `json:"namespace,omitempty"`
	Name      *string  `json:"name,omitempty"` // a pointer, for the empty name
	A         string   `json:"a,omitempty"`
	B         string   `json:"b,omitempty"`
	N         int      `json:"n,omitempty"`
	Node      *int64   `json:"node,omitempty"`
	Clock     []string `json:"clock,omitempty"`
}

// Unsupported is the error kind of a response to a request the testee
// has no function for, though its capabilities claim the layout and op
// (npm uuid names the ID of a UUIDv3 and of a UUIDv5, not of a UUIDv8):
// Run counts the case as skipped.
const Unsupported = "ErrUnsupported"

// Response is one line a testee writes: OK, or Error, the kind of error
// (ErrSyntax, ErrLength, ...), and what the request's op answers.
type Response struct {
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`

	Hex    string            `json:"hex,omitempty"`     // parse, name
	Text   string            `json:"text,omitempty"`    // format
	Fields map[string]string `json:"fields,omitempty"`  // fields
	Valid  *bool             `json:"valid,omitempty"`   // fields
	UnixNs string            `json:"unix_ns,omitempty"` // time: absent for a layout with no time
	Min    string            `json:"min,omitempty"`     // bounds
	Max    string            `json:"max,omitempty"`     // bounds
	Cmp    *int              `json:"cmp,omitempty"`     // compare: -1, 0 or 1
	IDs    []string          `json:"ids,omitempty"`     // generate: hex, in the order made

	Capabilities
}

// Capabilities is what a testee says it supports, in its answer to the
// "capabilities" request.
type Capabilities struct {
	Name     string   `json:"name,omitempty"`     // the implementation, as a person knows it
	Version  string   `json:"version,omitempty"`  // its version
	Protocol int      `json:"protocol,omitempty"` // the protocol version it speaks
	Layouts  []string `json:"layouts,omitempty"`  // the corpus layouts it implements
	Ops      []string `json:"ops,omitempty"`      // the ops it answers, besides capabilities
	Forms    []string `json:"forms,omitempty"`    // the forms its parse and format take
	Clock    bool     `json:"clock,omitempty"`    // its generate takes a Clock
	// UntypedErrors says that its errors carry no kind: only that it
	// refused is compared, not which error it gave.
	UntypedErrors bool `json:"untyped_errors,omitempty"`
}
