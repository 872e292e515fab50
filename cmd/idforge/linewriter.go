package main

import "io"

// lineWriter buffers whole lines for a writer: every write it makes ends at
// the end of a line. A line that would not fit in what is left of the
// buffer goes out after the lines before it, never split across two
// writes, so that a process killed between two writes leaves no partial
// line, which could itself read as a valid, shorter ID, as the last line
// of its output. (A bufio.Writer fills its buffer to the brim, and so
// writes lines in pieces.)
type lineWriter struct {
	w   io.Writer
	buf []byte
}

// newLineWriter returns a lineWriter to w whose buffer holds size bytes.
func newLineWriter(w io.Writer, size int) *lineWriter {
	return &lineWriter{w: w, buf: make([]byte, 0, size)}
}

// WriteLine writes line, which ends with its newline: into the buffer, once
// the lines before it have gone out if it does not fit, or, if it is longer
// than the whole buffer, out in one write of its own.
func (lw *lineWriter) WriteLine(line []byte) error {
	if len(lw.buf)+len(line) > cap(lw.buf) {
		if err := lw.Flush(); err != nil {
			return err
		}
		if len(line) > cap(lw.buf) {
			_, err := lw.w.Write(line)
			return err
		}
	}
	lw.buf = append(lw.buf, line...)
	return nil
}

// Flush writes the buffered lines in one write.
func (lw *lineWriter) Flush() error {
	if len(lw.buf) == 0 {
		return nil
	}
	_, err := lw.w.Write(lw.buf)
	lw.buf = lw.buf[:0]
	return err
}
