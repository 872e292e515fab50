package conformance

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
)

//go:embed corpus.jsonl
var corpusData []byte

// Corpus returns the records of the corpus this package was built with,
// corpus.jsonl, which it embeds: what idforge conformance runs when it is
// given no other.
func Corpus() ([]Record, error) {
	var rs []Record
	for n, line := range bytes.Split(bytes.TrimSpace(corpusData), []byte("\n")) {
		var r Record
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("conformance: corpus.jsonl:%d: %w", n+1, err)
		}
		rs = append(rs, r)
	}
	return rs, nil
}
