package python

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/mask"
)

// hexInt returns b as a Python hex int literal.
func hexInt(b []byte) string { return fmt.Sprintf("0x%x", b) }

// maskMethods returns the ID's mask and unmask, or "" for a layout that
// cannot be masked.
func maskMethods(p *portable.Plan) string {
	if _, err := mask.ShapeOf(p.L.Model); err != nil {
		return ""
	}
	return fmt.Sprintf(`
    def mask(self, key: builtins.bytes, tweak: Union[builtins.bytes, str] = b"") -> str:
        """Returns the text of the ID's public form under key and tweak:
        Private IDs, as idforge's Go, SQL and JavaScript compute them. The
        same ID, key and tweak always give the same public form, and unmask
        gives the ID back. The key is bytes, at least 16 of them and not all
        zero (as `+"`idforge key`"+` makes), else ErrKey; the tweak is bytes or
        text. An ID whose constant bits are not the layout's (valid() is
        False) is ErrInvalid: no public form stands for it. Mask on a
        server, never in code shipped to a browser (Pyodide, say): the key
        would go to every visitor."""
        if self._n & _MASK_ID != _MASK_ID_BITS:
            raise IDError("ErrInvalid", f"{_LAYOUT}: mask: the ID's constant bits are not the layout's")
        return str(_made(%[1]s, _masker(_MASK_SHAPE, key, tweak).mask(self._n)))

    @classmethod
    def unmask(cls, s: str, key: builtins.bytes, tweak: Union[builtins.bytes, str] = b"") -> %[1]s:
        """%[2]s"""
        n = _masker(_MASK_SHAPE, key, tweak).unmask(cls.parse(s)._n)
        if n is None:
            raise IDError("ErrNotMasked", f"{_LAYOUT}: unmask: the text's constant bits are no public form's")
        return _made(cls, n)
`, p.Type, strings.ReplaceAll(portable.Fill("Returns the ID whose public form's text is s under key and tweak, the inverse of mask. Text whose constant bits no public form has ("+portable.NotMaskedDoc(p.L)+") is ErrNotMasked. Any other public form unmasks with no error, and one made under another key, tweak or layout gives some other ID: a permutation cannot tell, so look the ID up before trusting it.", 66), "\n", "\n        "))
}

// maskRuntime writes _Mask and _masker, where the layout can be masked.
func (w *writer) maskRuntime() {
	s, err := mask.ShapeOf(w.p.L.Model)
	if err != nil {
		return
	}
	public := portable.PublicFormDoc(w.p.L, "an ID of the same layout")
	doc := portable.Fill("Private IDs: the constant bits of an ID and of its public form, "+public+".", 72)
	w.f(`

%[1]s
_MASK_ID, _MASK_ID_BITS = %[2]s, %[3]s
_MASK_PUB, _MASK_PUB_BITS = %[4]s, %[5]s

_MASK_SHAPE = _MaskShape(_LAYOUT, %[6]d, _MASK_ID, _MASK_ID_BITS, _MASK_PUB, _MASK_PUB_BITS)
`, "# "+strings.ReplaceAll(doc, "\n", "\n# "), hexInt(s.IDMask), hexInt(s.IDBits), hexInt(s.PubMask), hexInt(s.PubBits), w.p.Bits)
}
