package golang

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// groupImports splits the import block jennifer writes, one block in
// alphabetical order, into the groups goimports writes: the standard
// library first, then a blank line, then other modules. It keeps every
// import line as jennifer wrote it, and the order within each group.
func groupImports(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("gen: reading the imports of generated code: %w", err)
	}
	if len(f.Decls) == 0 || len(f.Imports) < 2 {
		return src, nil
	}
	var std, other [][]byte
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, fmt.Errorf("gen: import %s: %w", spec.Path.Value, err)
		}
		line := src[fset.Position(spec.Pos()).Offset:fset.Position(spec.End()).Offset]
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	if len(std) == 0 || len(other) == 0 {
		return src, nil // one group already
	}
	start := fset.Position(f.Imports[0].Pos()).Offset
	end := fset.Position(f.Imports[len(f.Imports)-1].End()).Offset
	var b bytes.Buffer
	b.Write(src[:start])
	b.Write(bytes.Join(std, []byte("\n\t")))
	b.WriteString("\n\n\t")
	b.Write(bytes.Join(other, []byte("\n\t")))
	b.Write(src[end:])
	return b.Bytes(), nil
}
