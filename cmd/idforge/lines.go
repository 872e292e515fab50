package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
)

// maxLine is the longest line of standard input read as an ID, newline
// included. The longest ID text idforge writes is a few hundred characters;
// a longer line is reported and skipped, and the lines after it are read.
const maxLine = 4096

// input is one ID to read: a command-line argument or a line of standard
// input.
type input struct {
	text string // trimmed of surrounding white space
	line int    // the line of standard input, or 0 for an argument
	err  error  // why the input cannot be read, such as a line too long
}

// where prefixes a message about the input with its line, if it has one.
func (in input) where() string {
	if in.line > 0 {
		return fmt.Sprintf("line %d: ", in.line)
	}
	return ""
}

// inputs returns the IDs a command reads: its arguments, or, when the only
// argument is "-", the lines of stdin. Both are trimmed of surrounding
// white space. An argument left empty, a blank line and a line longer than
// maxLine are each an input with an error, so that the command reports
// them; reading goes on with the next line. A failure to read stdin is an
// error that ends the inputs.
func inputs(args []string, stdin io.Reader) iter.Seq[input] {
	if fromStdin(args) {
		return lines(stdin)
	}
	return func(yield func(input) bool) {
		for _, a := range args {
			in := input{text: strings.TrimSpace(a)}
			if in.text == "" {
				in.err = fmt.Errorf("empty argument %q", a)
			}
			if !yield(in) {
				return
			}
		}
	}
}

// fromStdin reports whether the arguments ask for the IDs on standard input.
func fromStdin(args []string) bool { return len(args) == 1 && args[0] == "-" }

// errNoInput is the error of a command that found no IDs on standard input,
// and so did nothing.
var errNoInput = errors.New("no IDs on standard input: it is empty")

// lines returns the trimmed lines of r, with their numbers; a blank line
// is an input with an error.
func lines(r io.Reader) iter.Seq[input] {
	return func(yield func(input) bool) {
		br := bufio.NewReaderSize(r, maxLine)
		for n := 1; ; n++ {
			line, err := br.ReadSlice('\n')
			if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
				yield(input{line: n, err: fmt.Errorf("reading standard input: %w", err)})
				return
			}
			if len(line) == 0 && err == io.EOF {
				return // the end, after a last newline or of an empty input
			}
			in := input{text: strings.TrimSpace(string(line)), line: n}
			if errors.Is(err, bufio.ErrBufferFull) {
				for errors.Is(err, bufio.ErrBufferFull) { // skip the rest of the line
					_, err = br.ReadSlice('\n')
				}
				in.text, in.err = "", fmt.Errorf("longer than %d bytes", maxLine)
			} else if in.text == "" {
				in.err = errors.New("blank line")
			}
			if !yield(in) {
				return
			}
			if err != nil { // io.EOF, or a read error after a long line
				if err != io.EOF {
					yield(input{line: n, err: fmt.Errorf("reading standard input: %w", err)})
				}
				return
			}
		}
	}
}
