package explain

import "github.com/idforge/idforge/encodings"

// AddEncoding adds an encoding to the built-in ones for the rest of a
// test, as if builtin.encodings declared it, and returns the function that
// takes it away. Tests that call it must not run in parallel with others.
func AddEncoding(e *encodings.Encoding) (undo func()) {
	reset := func() {
		builtinForms.Lock()
		builtinForms.m, builtinForms.read = nil, nil
		builtinForms.Unlock()
	}
	extraEncodings = append(extraEncodings, e)
	reset()
	return func() {
		extraEncodings = extraEncodings[:len(extraEncodings)-1]
		reset()
	}
}
