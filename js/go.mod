// This go.mod holds no Go code. It carves the js/ directory (the
// generated npm package) out of the library module, as
// golang.org/x/tools/gopls/doc/assets does, so that the Go module's zip, which
// every Go user of idforge downloads, does not carry it.
module github.com/idforge/idforge/js

go 1.24.0
