// Command makecorpus writes the conformance corpus, corpus.jsonl.gz (JSON
// lines, gzip-compressed), and
// conversions.jsonl, from the interpreter and the reference codecs
// (package conformance/internal/corpus makes them): go generate in the
// conformance folder runs it. With -random N it first writes N new random
// layouts to random/ (fuzz.RandomSpec), once: they are files so that the
// corpus never depends on the day it is made.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/idforge/idforge/conformance/internal/corpus"
	"github.com/idforge/idforge/fuzz"
)

func main() {
	random := flag.Int("random", 0, "write this many new random layouts to random/ first")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("makecorpus: ")
	if *random > 0 {
		for i := range *random {
			seed := sha256.Sum256([]byte(fmt.Sprint("idforge conformance ", i)))
			spec := strings.Replace(fuzz.RandomSpec(seed[:]), "# A layout derived from fuzz input.", "# A random layout (fuzz.RandomSpec), for the conformance corpus.", 1)
			spec = strings.Replace(spec, "layout random", fmt.Sprintf("layout r%02d-random", i), 1)
			if err := os.WriteFile(filepath.Join("random", fmt.Sprintf("r%02d.layout", i)), []byte(spec), 0o644); err != nil {
				log.Fatal(err)
			}
		}
	}
	recs, conv, err := corpus.Make(".")
	if err != nil {
		log.Fatal(err)
	}
	// The corpus is stored compressed (see conformance.Load); a file that
	// already holds these lines is left as it is, so that another Go
	// release's compressor never changes it for nothing.
	if old, err := os.ReadFile("corpus.jsonl.gz"); err != nil || !holds(old, recs) {
		if err := os.WriteFile("corpus.jsonl.gz", gzipped(recs), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	if err := os.WriteFile("conversions.jsonl", conv, 0o644); err != nil {
		log.Fatal(err)
	}
}

// holds says whether gz, gzip-compressed, holds the bytes b.
func holds(gz, b []byte) bool {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return false
	}
	old, err := io.ReadAll(r)
	return err == nil && bytes.Equal(old, b)
}

// gzipped returns b gzip-compressed at the best compression, with no name
// and no time in its header, so that the same b gives the same bytes.
func gzipped(b []byte) []byte {
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := w.Write(b); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	return out.Bytes()
}
