package js

import (
	"math/big"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// helpers writes the module-level functions that pack and fields use.
func (w *writer) helpers() {
	p := w.p
	w.f(`
/** Returns a field's integer value, a BigInt or a safe integer number, checked to fit width bits. */
function integer(name, x, width) {
  let v;
  if (typeof x === 'bigint') v = x;
  else if (typeof x === 'number' && Number.isSafeInteger(x)) v = BigInt(x);
  else throw new IDError('ErrRange', name + ' must be an integer, a BigInt or a safe integer number');
  if (v < 0n || v >> BigInt(width) !== 0n) throw new IDError('ErrRange', name + ' ' + v + ' does not fit in ' + width + ' bits');
  return v;
}

/** Returns the reader of pack's fields: each field's value, zero if left out; a key that is no field is ErrRange. */
function fieldReader(fields, names) {
  if (fields === null || typeof fields !== 'object') throw new IDError('ErrType', 'pack takes an object of fields');
  for (const k of Object.keys(fields)) {
    if (!names.includes(k)) throw new IDError('ErrRange', 'no field ' + JSON.stringify(k) + ' (the fields are ' + names.join(', ') + ')');
  }
  const own = (name) => (Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined);
  return {
    integer(name, width) {
      const x = own(name);
      return x === undefined ? 0n : integer(name, x, width);
    },
    bytes(name, size) {
      const x = own(name);
      if (x === undefined) return 0n;
      if (!(x instanceof Uint8Array) || x.length !== size) throw new IDError('ErrRange', name + ' must be a Uint8Array of ' + size + ' bytes');
      let v = 0n;
      for (const b of x) v = v << 8n | BigInt(b);
      return v;
    },
  };
}
`)
	for _, f := range p.Fields {
		if f.Bytes {
			w.f(`
/** Returns the size bytes of v, big-endian, in a new Uint8Array. */
function bytesOf(v, size) {
  const b = new Uint8Array(size);
  for (let i = size - 1; i >= 0; i--) {
    b[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return b;
}
`)
			break
		}
	}
}

// gen describes what a layout's generator does, for the emitters of both
// of its parts (the module and its declarations).
type gen struct {
	keep      *big.Int // bits taken as they are from the random words drawn for each ID
	nodeFixed bool     // the node is always set by the generator (given or a random MAC)
}

func plan(p *portable.Plan) gen { return gen{keep: p.Drawn(), nodeFixed: p.NodeSet()} }

func paramDoc(doc string) string {
	if doc == "" {
		return ""
	}
	return "\n * It takes " + doc + "."
}

func nodeArg(param string) string {
	if param == "" {
		return "undefined"
	}
	return param
}

// docText returns text filled for a /** */ comment whose lines start at
// indent: its lines after the first begin with indent and " * ".
func docText(indent, text string) string {
	return strings.Join(strings.Split(portable.Fill(text, 76-len(indent)), "\n"), "\n"+indent+" * ")
}
