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
// indent: its lines after the first begin with indent and " * ".
func docText(indent, text string) string {
	return strings.Join(strings.Split(portable.Fill(portable.Doc(text), 76-len(indent)), "\n"), "\n"+indent+" * ")
}
