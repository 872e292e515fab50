// This go.mod holds no Go code. It carves the java/ directory (the
// generated Java package) out of the library module, as js/go.mod does
// for the npm package, so that the Go module's zip, which every Go user of
// idforge downloads, does not carry it.
module github.com/idforge/idforge/java

go 1.24.0
