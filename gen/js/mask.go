package js

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/mask"
)

// byteArray returns b as a JavaScript array of numbers.
func byteArray(b []byte) string {
	var out []string
	for _, x := range b {
		out = append(out, fmt.Sprintf("0x%02x", x))
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// maskFunctions writes the layout's mask shape and the module's functions
// of Private IDs: mask and unmask (an ID to its public form's text and
// back), maskText and unmaskText (text to text), outside the ID class, so
// that a bundle that never masks carries no SHA-256.
func (w *writer) maskFunctions() {
	p := w.p
	s, err := mask.ShapeOf(p.L.Model)
	if err != nil {
		return
	}
	public := portable.PublicFormDoc(p.L, "an ID of the same layout")
	unmaskDoc := portable.Fill("Returns the ID whose public form's text is s under key and tweak: mask's inverse. Text whose constant bits no public form has ("+portable.NotMaskedDoc(p.L)+") is ErrNotMasked. Any other public form unmasks with no error, and one made under another key, tweak or layout gives some other ID: a permutation cannot tell, so look the ID up before trusting it.", 72)
	doc := portable.Fill("The constant bits of an ID (id, and their values idBits) and of its public form (pub, pubBits), as bytes, for Private IDs: a public form is "+public+". last keeps the masker of the key used last.", 72)
	w.f(`
/**
 * %[1]s
 */
const MASK = {
  id: %[2]s,
  idBits: %[3]s,
  pub: %[4]s,
  pubBits: %[5]s,
  last: null,
};

/**
 * Returns the text of id's public form under key and tweak (Private IDs),
 * as idforge's Go, SQL and Python compute it: deterministic, and different
 * for every key, tweak and layout; unmask gives id back. The key is at
 * least 16 bytes, not all zero (as `+"`idforge key`"+` makes), as a Uint8Array,
 * a view or an ArrayBuffer, else ErrKey; the tweak is bytes or text (none
 * by default). An ID whose constant bits are not the layout's (id.valid()
 * is false) is ErrInvalid: no public form stands for it. Mask on a server,
 * never in a browser bundle: the key would ship to every visitor.
 * @param {%[6]s} id
 * @param {ArrayBufferLike | ArrayBufferView} key
 * @param {ArrayBufferLike | ArrayBufferView | string} [tweak]
 * @returns {string}
 */
export function mask(id, key, tweak) {
  if (!(id instanceof %[6]s)) throw fail(L, 'ErrType', 'mask takes an ID of the same layout');
  return bytesToText(masker(L, MASK, key, tweak).mask(id.bytes()));
}

/**
 * %[7]s
 * @param {string} s
 * @param {ArrayBufferLike | ArrayBufferView} key
 * @param {ArrayBufferLike | ArrayBufferView | string} [tweak]
 * @returns {%[6]s}
 */
export function unmask(s, key, tweak) {
  return make(bytesWords(L, unmasked(s, key, tweak)));
}

/**
 * Returns the text of the public form of the ID whose text is s (as
 * toString writes it), as mask does, and leaves the %[6]s class out of a
 * bundle, as textToBytes does: ErrKey for a bad key, ErrInvalid for an ID
 * whose constant bits are not the layout's. Mask on a server, never in a
 * browser bundle: the key would ship to every visitor.
 * @param {string} s
 * @param {ArrayBufferLike | ArrayBufferView} key
 * @param {ArrayBufferLike | ArrayBufferView | string} [tweak]
 * @returns {string}
 */
export function maskText(s, key, tweak) {
  return bytesToText(masker(L, MASK, key, tweak).mask(textToBytes(s)));
}

/**
 * Returns the text of the ID whose public form's text is s, under key and
 * tweak: maskText's inverse, as unmask. Text whose constant bits no public
 * form has is ErrNotMasked; a public form made under another key, tweak or
 * layout unmasks, with no error, to some other ID: look the ID up.
 * @param {string} s
 * @param {ArrayBufferLike | ArrayBufferView} key
 * @param {ArrayBufferLike | ArrayBufferView | string} [tweak]
 * @returns {string}
 */
export function unmaskText(s, key, tweak) {
  return bytesToText(unmasked(s, key, tweak));
}

/** Returns the bytes of the ID whose public form's text is s, or throws ErrNotMasked. */
function unmasked(s, key, tweak) {
  const b = masker(L, MASK, key, tweak).unmask(textToBytes(s));
  if (b === null) throw fail(L, 'ErrNotMasked', 'unmask: the text\'s constant bits are no public form\'s');
  return b;
}
`, strings.ReplaceAll(doc, "\n", "\n * "), byteArray(s.IDMask), byteArray(s.IDBits), byteArray(s.PubMask), byteArray(s.PubBits), p.Type, strings.ReplaceAll(unmaskDoc, "\n", "\n * "))
}

// maskDecls writes the declarations of mask, unmask, maskText and
// unmaskText.
func (w *writer) maskDecls() {
	p := w.p
	if _, err := mask.ShapeOf(p.L.Model); err != nil {
		return
	}
	w.f(`
/**
 * Returns the text of id's public form under key (at least 16 bytes, not
 * all zero, as `+"`idforge key`"+` makes; else ErrKey) and tweak (bytes or text):
 * Private IDs, as idforge's Go, SQL and Python compute them. An ID whose
 * constant bits are not the layout's is ErrInvalid. Mask on a server, never
 * in a browser bundle: the key would ship to every visitor.
 */
export declare function mask(id: %[1]s, key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): string;

/**
 * Returns the ID whose public form's text is s under key and tweak.
 * ErrNotMasked only for text whose constant bits no public form has: a
 * public form made under another key, tweak or layout unmasks, with no
 * error, to some other ID, so look the ID up before trusting it.
 */
export declare function unmask(s: string, key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): %[1]s;

/**
 * Returns the text of the public form of the ID whose text is s, as mask
 * does, leaving the %[1]s class out of a bundle; ErrKey for a bad key,
 * ErrInvalid for an ID whose constant bits are not the layout's.
 */
export declare function maskText(s: string, key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): string;

/**
 * Returns the text of the ID whose public form's text is s under key and
 * tweak, as unmask does; ErrNotMasked only for text whose constant bits no
 * public form has, and some other ID, with no error, for a public form
 * made under another key, tweak or layout.
 */
export declare function unmaskText(s: string, key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): string;
`, p.Type)
}
