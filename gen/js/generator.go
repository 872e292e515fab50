package js

import (
	"math/big"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// gen describes what a layout's generator does, for the emitters of both
// of its parts (the module and its declarations).
type gen struct {
	keep      *big.Int // bits taken as they are from the random words drawn for each ID
	nodeFixed bool     // the node is always set by the generator (given or a random MAC)
}

func plan(p *portable.Plan) gen { return gen{keep: p.Drawn(), nodeFixed: p.NodeSet()} }

// docText returns text filled for a /** */ comment whose lines start at
// indent: its lines after the first begin with indent and " * ", and the
// text made safe for the comment by blockComment.
func docText(indent, text string) string {
	return strings.Join(strings.Split(portable.Fill(blockComment(text), 76-len(indent)), "\n"), "\n"+indent+" * ")
}

// blockComment returns text made safe to stand in a /* */ or /** */
// comment of the module or its declarations: each line made safe as every
// emitter's comments are (portable.Doc: no control, line end or
// bidirectional control raw), and "*/", which would end the comment, as
// "*\/". It is the one way a spec's text (its doc, a declared encoding's
// digits and aliases) reaches a block comment; gen/crosslang's
// TestHostileSpecs imports modules of hostile specs to hold it so.
func blockComment(text string) string {
	return strings.ReplaceAll(portable.Doc(text), "*/", `*\/`)
}
