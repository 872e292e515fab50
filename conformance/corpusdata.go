package conformance

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
)

// The corpus is stored gzip-compressed, as corpus.jsonl.gz: it is most of
// the library module's bytes otherwise (0.94 MB of JSON lines), and the
// module that go mod download fetches stays under 3 MB with it at a tenth
// of that. Load reads it as it is; gzip -dc gives its lines, and
// CorpusJSONL the same bytes to a program.
//
//go:embed corpus.jsonl.gz
var corpusData []byte

// Corpus returns the records of the corpus this package was built with,
// corpus.jsonl.gz, which it embeds: what idforge conformance runs when it
// is given no other.
func Corpus() ([]Record, error) {
	b, err := CorpusJSONL()
	if err != nil {
		return nil, err
	}
	var rs []Record
	for n, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("corpus.jsonl.gz, line %d: %w", n+1, err)
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// CorpusJSONL returns the embedded corpus as JSON lines, uncompressed: the
// file that a test in another language reads.
func CorpusJSONL() ([]byte, error) {
	b, err := gunzip(corpusData)
	if err != nil {
		return nil, fmt.Errorf("corpus.jsonl.gz: %w", err)
	}
	return b, nil
}

// gunzip returns the bytes that gzip-compressed b holds.
func gunzip(b []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// isGzip says whether b starts as gzip's format does.
func isGzip(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }
