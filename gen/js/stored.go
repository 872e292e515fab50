package js

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/storage"
)

// intList returns the numbers as the items of an array literal.
func intList[T int | byte](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// toStoredDoc returns toStored's doc comment's text.
func toStoredDoc(p *portable.Plan) string {
	fit, _ := storage.Fitting(p.L)
	var list []string
	for _, a := range fit {
		sorts := "sorting in time order"
		if !a.Sorts {
			sorts = "not sorting in time order: " + strings.TrimSuffix(a.Why, ".")
		}
		list = append(list, fmt.Sprintf("%s, %s: %d bytes, %s.", a.Profile, a.Title, a.Size, sorts))
	}
	return "Returns the value to store for id under a storage profile (docs/databases.md): its bytes arranged so that the store's own comparison puts IDs in the layout's time order wherever the layout has one that can sort there. A 16-byte stored value is in a UUID's text order, the bytes of the text the store's own UUID input reads. The profiles: " + strings.Join(list, " ") + " A profile that is none of STORAGE_PROFILES is a RangeError (not an IDError)."
}

// stored writes STORAGE_PROFILES, toStored and fromStored: for every
// storage profile the layout fits, storage.For's arrangement pasted as
// data (the ID's byte each stored byte holds, and the bits flipped after).
// They are module-level and pure, so a bundle that does not import them
// leaves them out. generateResolved has checked that storage.Fitting
// succeeds.
func (w *writer) stored() {
	p := w.p
	fit, unfit := storage.Fitting(p.L)
	if len(fit) == 0 {
		return
	}
	var names, rows, unfitNames []string
	for _, a := range fit {
		names = append(names, jsString(a.Profile))
		rows = append(rows, fmt.Sprintf("  %s: [[%s], [%s]],", jsString(a.Profile), intList(a.Perm), intList(a.Xor)))
	}
	for _, n := range unfit {
		unfitNames = append(unfitNames, jsString(n))
	}
	unknown := "'no storage profile ' + JSON.stringify(profile)"
	if len(unfit) > 0 {
		unknown = fmt.Sprintf("([%s].includes(profile) ? 'an ID of %d bytes does not fit storage profile ' + profile : 'no storage profile ' + JSON.stringify(profile))", strings.Join(unfitNames, ", "), p.Size)
	}
	w.f(`
/**
 * The storage profiles an ID of this layout can be stored under, in
 * idforge's order (docs/databases.md): the names toStored and fromStored
 * take.
 * @type {readonly string[]}
 */
export const STORAGE_PROFILES = /* @__PURE__ */ Object.freeze([%[1]s]);

/**
 * For each of STORAGE_PROFILES, the ID's byte each stored byte holds (-1
 * for zero padding), and the bits flipped in the stored bytes after.
 */
const STORED = {
%[2]s
};

/**
 * Returns the arrangement of a storage profile, or throws RangeError.
 * @param {unknown} profile
 * @returns {number[][]}
 */
function storedProfile(profile) {
  if (typeof profile === 'string' && Object.prototype.hasOwnProperty.call(STORED, profile)) return STORED[profile];
  throw new RangeError(L.name + ': ' + %[3]s + '; want ' + Object.keys(STORED).join(', '));
}

/**
%[4]s
 * @param {%[5]s} id
 * @param {string} profile
 * @returns {Uint8Array}
 */
export function toStored(id, profile) {
  if (!(id instanceof %[5]s)) throw fail(L, 'ErrType', 'toStored takes an ID of the layout, not ' + typeof id);
  const [perm, xor] = storedProfile(profile);
  const b = id.bytes();
  return Uint8Array.from(perm, (p, i) => (p < 0 ? 0 : b[p]) ^ xor[i]);
}

/**
 * Returns the ID that a value stored under a storage profile holds (an
 * ArrayBuffer or any view of one): the inverse of toStored. A value of the
 * wrong length, or whose padding is not zero, is ErrStored: no value
 * toStored gives.
 * @param {ArrayBufferLike | ArrayBufferView} bytes
 * @param {string} profile
 * @returns {%[5]s}
 */
export function fromStored(bytes, profile) {
  const [perm, xor] = storedProfile(profile);
  let s;
  if (ArrayBuffer.isView(bytes)) s = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  else if (bytes instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && bytes instanceof SharedArrayBuffer)) s = new Uint8Array(bytes);
  else throw fail(L, 'ErrType', 'a stored value is an ArrayBuffer or a view of one, not ' + typeof bytes);
  if (s.length !== perm.length) throw fail(L, 'ErrStored', 'not a value stored under ' + profile + ': length ' + s.length + ', want ' + perm.length + ' bytes');
  const out = new Uint8Array(%[6]d);
  for (let i = 0; i < perm.length; i++) {
    const v = s[i] ^ xor[i];
    if (perm[i] >= 0) out[perm[i]] = v;
    else if (v !== 0) throw fail(L, 'ErrStored', 'not a value stored under ' + profile + ': byte ' + i + ', padding, is 0x' + s[i].toString(16).padStart(2, '0') + ', not zero');
  }
  return %[5]s.fromBytes(out);
}
`, strings.Join(names, ", "), strings.Join(rows, "\n"), unknown, docComment(toStoredDoc(p)), p.Type, p.Size)
}

// storedDecls writes the declarations of STORAGE_PROFILES, toStored and
// fromStored.
func (w *writer) storedDecls() {
	p := w.p
	if fit, _ := storage.Fitting(p.L); len(fit) == 0 {
		return
	}
	w.f(`
/** The storage profiles an ID of this layout can be stored under (docs/databases.md): the names toStored and fromStored take. */
export declare const STORAGE_PROFILES: readonly string[];

/**
%[2]s
 */
export declare function toStored(id: %[1]s, profile: string): Uint8Array;

/**
 * Returns the ID that a value stored under a storage profile holds: the
 * inverse of toStored. A value of the wrong length, or whose padding is not
 * zero, is IDError ErrStored.
 */
export declare function fromStored(bytes: ArrayBufferLike | ArrayBufferView, profile: string): %[1]s;
`, p.Type, docComment(toStoredDoc(p)))
}
