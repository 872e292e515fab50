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
	if _, err := mask.ShapeOf(p.L); err != nil {
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
        return str(_made(%[1]s, _masker(key, tweak).mask(self._n)))

    @classmethod
    def unmask(cls, s: str, key: builtins.bytes, tweak: Union[builtins.bytes, str] = b"") -> %[1]s:
        """%[2]s"""
        n = _masker(key, tweak).unmask(cls.parse(s)._n)
        if n is None:
            raise IDError("ErrNotMasked", f"{_LAYOUT}: unmask: the text's constant bits are no public form's")
        return _made(cls, n)
`, p.Type, strings.ReplaceAll(portable.Fill("Returns the ID whose public form's text is s under key and tweak, the inverse of mask. Text whose constant bits no public form has ("+portable.NotMaskedDoc(p.L)+") is ErrNotMasked. Any other public form unmasks with no error, and one made under another key, tweak or layout gives some other ID: a permutation cannot tell, so look the ID up before trusting it.", 66), "\n", "\n        "))
}

// maskRuntime writes _Mask and _masker, where the layout can be masked.
func (w *writer) maskRuntime() {
	s, err := mask.ShapeOf(w.p.L)
	if err != nil {
		return
	}
	public := portable.PublicFormDoc(w.p.L, "an ID of the same layout")
	doc := portable.Fill("Private IDs: the constant bits of an ID and of its public form, "+public+".", 72)
	w.f(`

%[1]s
_MASK_ID, _MASK_ID_BITS = %[2]s, %[3]s
_MASK_PUB, _MASK_PUB_BITS = %[4]s, %[5]s


def _runs(mask: int) -> List[Tuple[int, int, int]]:
    """The runs of the zero bits of mask (an ID's width), most significant
    first, as (shift, width, all ones of width): a run's bits are
    (n >> shift) & ones."""
    out: List[Tuple[int, int, int]] = []
    p = _SIZE * 8 - 1
    while p >= 0:
        if mask >> p & 1:
            p -= 1
            continue
        q = p
        while q >= 0 and not mask >> q & 1:
            q -= 1
        out.append((q + 1, p - q, (1 << (p - q)) - 1))
        p = q
    return out


class _Mask:
    """The mask of the layout under one key and tweak: FFX over the public
    form's free bits, as idforge's Go package idrt (Mask) defines it. Ten
    Feistel rounds: the left half takes the first n // 2 bits, and each
    round xors into one half the first bits of
    HMAC-SHA-256([n]2 [i]1 other half) under the subkey
    HMAC-SHA-256(key, b"idforge/mask/v1" 0 layout 0 tweak)."""

    __slots__ = ("_free", "_pub", "_n", "_u", "_v", "_pad", "_inner", "_outer", "_pre", "_widths")

    def __init__(self, key: builtins.bytes, tweak: builtins.bytes) -> None:
        self._free = _runs(_MASK_ID)
        self._pub = _runs(_MASK_PUB)
        self._n = sum(w for _, w, _ in self._pub)
        self._u = self._n // 2
        self._v = self._n - self._u
        self._pad = self._n - sum(w for _, w, _ in self._free)
        sub = _hmac.new(key, b"idforge/mask/v1\x00" + _LAYOUT.encode() + b"\x00" + tweak, _hashlib.sha256).digest()
        block = sub.ljust(64, b"\x00")
        self._inner = _hashlib.sha256(builtins.bytes(b ^ 0x36 for b in block))
        self._outer = _hashlib.sha256(builtins.bytes(b ^ 0x5C for b in block))
        # Each round's input starts [n]2 [i]1; the halves' widths in bytes
        # and their masks, the left half's first.
        self._pre = [self._n.to_bytes(2, "big") + builtins.bytes((i,)) for i in range(10)]
        self._widths = ((self._u + 7) >> 3, (1 << self._u) - 1, (self._v + 7) >> 3, (1 << self._v) - 1)

    def _feistel(self, x: int, forward: bool) -> int:
        """The ten rounds on x, forward (mask) or back (unmask). Round i xors
        into one half F(i, other half): the first bits of
        HMAC-SHA-256([n]2 [i]1 other half), from the prepared pads' states,
        written out here rather than called, as the rounds are most of a
        mask's time."""
        inner, outer, pre = self._inner.copy, self._outer.copy, self._pre
        v = self._v
        a, b = x >> v, x & ((1 << v) - 1)
        la, ma, lb, mb = self._widths
        if forward:
            for p in pre:
                h = inner()
                h.update(p + b.to_bytes(lb, "big"))
                o = outer()
                o.update(h.digest())
                a, b = b, a ^ (int.from_bytes(o.digest()[:la], "big") & ma)
                la, ma, lb, mb = lb, mb, la, ma
        else:
            for p in reversed(pre):
                la, ma, lb, mb = lb, mb, la, ma
                h = inner()
                h.update(p + a.to_bytes(lb, "big"))
                o = outer()
                o.update(h.digest())
                a, b = b ^ (int.from_bytes(o.digest()[:la], "big") & ma), a
        return a << v | b

    def mask(self, n: int) -> int:
        """The bits of the public form of the ID whose bits are n."""
        x = 0
        for shift, width, ones in self._free:
            x = x << width | n >> shift & ones
        return _scatter(self._feistel(x, True), self._n, self._pub, _MASK_PUB_BITS)

    def unmask(self, n: int) -> Optional[int]:
        """The bits of the ID whose public form's bits are n, or None when n is
        no public form."""
        if n & _MASK_PUB != _MASK_PUB_BITS:
            return None
        x = 0
        for shift, width, ones in self._pub:
            x = x << width | n >> shift & ones
        y = self._feistel(x, False)
        f = self._n - self._pad
        if y >> f:
            return None
        return _scatter(y, f, self._free, _MASK_ID_BITS)


def _scatter(y: int, width: int, runs: List[Tuple[int, int, int]], out: int) -> int:
    """out with the runs filled from y, width bits, most significant first."""
    for shift, w, ones in runs:
        width -= w
        out |= (y >> width & ones) << shift
    return out


def _key_bytes(b: object, what: str) -> builtins.bytes:
    """A key or tweak as bytes (a tweak may be text, as UTF-8), else ErrKey."""
    if isinstance(b, str) and what == "tweak":
        return b.encode()
    if isinstance(b, memoryview):
        b = b.tobytes()
    if not isinstance(b, (builtins.bytes, bytearray)):
        raise IDError("ErrKey", f"{_LAYOUT}: a mask {what} must be bytes, not {type(b).__name__}")
    return builtins.bytes(b)


_maskers: Dict[Tuple[builtins.bytes, builtins.bytes], _Mask] = {}
_maskers_lock = threading.Lock()


def _masker(key: object, tweak: object) -> _Mask:
    """The mask under key and tweak, kept for the next call (a few keys at
    most). A key under 16 bytes, or all zero, is ErrKey; the key is never in
    an error."""
    k, t = _key_bytes(key, "key"), _key_bytes(tweak, "tweak")
    m = _maskers.get((k, t))
    if m is None:
        if len(k) < 16 or not any(k):
            what = f"not {len(k)} bytes" if len(k) < 16 else "not all zero bytes"
            raise IDError("ErrKey", f"{_LAYOUT}: a mask key must be at least 16 bytes (128 bits) and not all zero, such as `+"`idforge key`"+` makes, {what}")
        m = _Mask(k, t)
        with _maskers_lock:
            if len(_maskers) >= 8:
                _maskers.clear()
            _maskers[(k, t)] = m
    return m
`, "# "+strings.ReplaceAll(doc, "\n", "\n# "), hexInt(s.IDMask), hexInt(s.IDBits), hexInt(s.PubMask), hexInt(s.PubBits))
}
