// Package doccheck holds no code: its test holds the Go snippets of the
// README and the guides in docs/ to code that compiles, so that a page
// cannot show Go that no longer builds. (The command line's transcripts
// and reference are held to the tool in cmd/idforge's TestTranscripts and
// TestReference; the JavaScript and Python snippets run in gen/crosslang.)
// Its TestShellBlocks holds every shell block to a CI step that runs it as
// written (.ci/docs, .ci/clone, .ci/walkthrough) or to a mark that says
// why it does not run; TestLinks holds the relative links to their files
// and headings.
package doccheck
