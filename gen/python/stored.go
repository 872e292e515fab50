package python

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/storage"
)

// stored returns STORAGE_PROFILES, to_stored and from_stored: for every
// storage profile the layout fits, storage.For's arrangement pasted as
// data (the ID's byte each stored byte holds, and the bits flipped after).
// generate has listed the profiles (storage.Fitting).
func stored(p *portable.Plan) string {
	fit, unfit := storage.Fitting(p.L)
	if len(fit) == 0 {
		return ""
	}
	var names, rows, list []string
	for _, a := range fit {
		names = append(names, pyString(a.Profile))
		ps := make([]string, len(a.Perm))
		for i, x := range a.Perm {
			ps[i] = fmt.Sprint(x)
		}
		rows = append(rows, fmt.Sprintf("    %s: ((%s), bytes.fromhex(%q)),", pyString(a.Profile), strings.Join(ps, ", "), fmt.Sprintf("%x", a.Xor)))
		sorts := "sorting in time order"
		if !a.Sorts {
			sorts = "not sorting in time order: " + strings.TrimSuffix(a.Why, ".")
		}
		list = append(list, fmt.Sprintf("%s, %s: %d bytes, %s.", a.Profile, a.Title, a.Size, sorts))
	}
	unknown := `f"no storage profile {profile!r}"`
	unfitDecl := ""
	if len(unfit) > 0 {
		var q []string
		for _, n := range unfit {
			q = append(q, pyString(n))
		}
		unfitDecl = fmt.Sprintf("\n# The storage profiles whose stored value is shorter than an ID.\n_STORAGE_UNFIT = (%s)\n", pyTuple(q))
		unknown = fmt.Sprintf(`f"an ID of %d bytes does not fit storage profile {profile}" if profile in _STORAGE_UNFIT else f"no storage profile {profile!r}"`, p.Size)
	}
	toDoc := docText("    ", "Returns the value to store for id under a storage profile (docs/databases.md): its bytes arranged so that the store's own comparison puts IDs in the layout's time order wherever the layout has one that can sort there. A 16-byte stored value is in a UUID's text order, the bytes of the text the store's own UUID input reads. The profiles: "+strings.Join(list, " ")+" A profile that is none of STORAGE_PROFILES is a ValueError (not an IDError).")
	return fmt.Sprintf(`

# The storage profiles an ID of this layout can be stored under, in
# idforge's order (docs/databases.md): the names to_stored and from_stored take.
STORAGE_PROFILES = (%[1]s)
%[2]s
# For each of STORAGE_PROFILES, the ID's byte each stored byte holds (-1 for
# zero padding), and the bits flipped in the stored bytes after.
_STORED: Dict[str, Tuple[Tuple[int, ...], bytes]] = {
%[3]s
}


def _stored_profile(profile: object) -> Tuple[Tuple[int, ...], bytes]:
    """Returns the arrangement of a storage profile, or raises ValueError."""
    a = _STORED.get(profile) if isinstance(profile, str) else None
    if a is None:
        what = %[4]s
        raise ValueError(f"{_LAYOUT}: {what}; want {', '.join(STORAGE_PROFILES)}")
    return a


def _stored_id(id: object) -> %[5]s:
    """Returns id, which must be an ID of the layout."""
    if not isinstance(id, %[5]s):
        raise IDError("ErrType", f"{_LAYOUT}: to_stored takes an ID of the layout, not {type(id).__name__}")
    return id


def _stored_bytes(b: object) -> bytes:
    """Returns the bytes of a stored value: bytes, a bytearray or a memoryview."""
    if isinstance(b, memoryview):
        return b.tobytes()
    if isinstance(b, (bytes, bytearray)):
        return bytes(b)
    raise IDError("ErrType", f"{_LAYOUT}: a stored value is bytes, a bytearray or a memoryview, not {type(b).__name__}")


def to_stored(id: %[5]s, profile: str) -> bytes:
    """%[6]s"""
    perm, xor = _stored_profile(profile)
    b = _stored_id(id).bytes
    return bytes((0 if p < 0 else b[p]) ^ x for p, x in zip(perm, xor))


def from_stored(b: bytes, profile: str) -> %[5]s:
    """Returns the ID that a value stored under a storage profile holds
    (bytes, a bytearray or a memoryview): the inverse of to_stored. A value
    of the wrong length, or whose padding is not zero, is ErrStored: no
    value to_stored gives."""
    perm, xor = _stored_profile(profile)
    s = _stored_bytes(b)
    if len(s) != len(perm):
        raise IDError("ErrStored", f"{_LAYOUT}: not a value stored under {profile}: length {len(s)}, want {len(perm)} bytes")
    out = bytearray(_SIZE)
    for i, p in enumerate(perm):
        v = s[i] ^ xor[i]
        if p >= 0:
            out[p] = v
        elif v:
            raise IDError("ErrStored", f"{_LAYOUT}: not a value stored under {profile}: byte {i}, padding, is 0x{s[i]:02x}, not zero")
    return %[5]s.from_bytes(bytes(out))
`, pyTuple(names), unfitDecl, strings.Join(rows, "\n"), unknown, p.Type, toDoc)
}

// pyTuple returns the items of a tuple's literal, between its parentheses:
// a tuple of one needs a trailing comma.
func pyTuple(items []string) string {
	if len(items) == 1 {
		return items[0] + ","
	}
	return strings.Join(items, ", ")
}
