// This go.mod holds no Go code. It carves the python/ directory (the
// generated Python package) out of the library module, as
// golang.org/x/tools/gopls/doc/assets does, so that the Go module's zip, which
// every Go user of idforge downloads, does not carry it.
module github.com/idforge/idforge/python

go 1.24.0
