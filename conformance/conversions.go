package conformance

// Conversion is one line of conversions.jsonl: a call of one of package
// compat's functions, named by Conv (its Go name, such as "UUIDToKSUID"),
// on the ID In (hex; a Snowflake as its 8 bytes, big-endian), with At
// (decimal nanoseconds since the Unix epoch) for UUIDToKSUIDAt. Out is the
// result's hex, or Error the sentinel's name (compat's ErrNoTime,
// ErrNotUUID, ErrNotV7 or ErrNotEmbedded; ErrTime for a time outside a
// KSUID's range; ErrRange for a negative Snowflake).
//
// The JavaScript and Python packages' conversions read the same file, so
// that every language converts as Go does.
type Conversion struct {
	Conv  string `json:"conv"`
	In    string `json:"in"`
	At    string `json:"at,omitempty"`
	Out   string `json:"out,omitempty"`
	Error string `json:"error,omitempty"`
}

// LoadConversions reads conversions.jsonl.
func LoadConversions(path string) ([]Conversion, error) { return loadLines[Conversion](path) }
