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

// maskFunctions writes the layout's mask shape and maskText, unmaskText and
// unmasked, which the class's mask and unmask call.
func (w *writer) maskFunctions() {
	p := w.p
	s, err := mask.ShapeOf(p.L)
	if err != nil {
		return
	}
	public := portable.PublicFormDoc(p.L, "an ID of the same layout")
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
 * Returns the text of the public form of the ID whose text is s (as
 * toString writes it), under key (at least 16 bytes, as a Uint8Array, a
 * view or an ArrayBuffer) and tweak (bytes or text; none by default), as
 * idforge's Go, SQL and Python compute it: deterministic, and different for
 * every key, tweak and layout. A key too short or not bytes is ErrKey. Like
 * textToBytes, it leaves the %[6]s class out of a bundle.
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
 * tweak: maskText's inverse. Text whose constant bits no public form has
 * (another layout's ID, or this layout's ID not masked) is ErrNotMasked;
 * a public form made with another key or tweak cannot be told from one
 * made with these, and unmasks, with no error, to some other ID.
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
  if (b === null) throw fail(L, 'ErrNotMasked', 'not a public ID under this key and tweak');
  return b;
}
`, strings.ReplaceAll(doc, "\n", "\n * "), byteArray(s.IDMask), byteArray(s.IDBits), byteArray(s.PubMask), byteArray(s.PubBits), p.Type)
}

// maskMethods writes the class's mask and unmask, where the layout can be
// masked.
func (w *writer) maskMethods() {
	p := w.p
	if _, err := mask.ShapeOf(p.L); err != nil {
		return
	}
	w.f(`
  /**
   * Returns the text of this ID's public form under key (at least 16 bytes)
   * and tweak (bytes or text; none by default): Private IDs, as maskText.
   * @param {ArrayBufferLike | ArrayBufferView} key
   * @param {ArrayBufferLike | ArrayBufferView | string} [tweak]
   * @returns {string}
   */
  mask(key, tweak) {
    return bytesToText(masker(L, MASK, key, tweak).mask(this.bytes()));
  }

  /**
   * Returns the ID whose public form's text is s under key and tweak, the
   * inverse of mask, as unmaskText: text whose constant bits no public form
   * has is ErrNotMasked, and another key's or tweak's public form unmasks,
   * with no error, to some other ID.
   * @param {string} s
   * @param {ArrayBufferLike | ArrayBufferView} key
   * @param {ArrayBufferLike | ArrayBufferView | string} [tweak]
   * @returns {%[1]s}
   */
  static unmask(s, key, tweak) {
    return make(bytesWords(L, unmasked(s, key, tweak)));
  }
`, p.Type)
}

// maskDecls writes the declarations of maskText and unmaskText.
func (w *writer) maskDecls() {
	if _, err := mask.ShapeOf(w.p.L); err != nil {
		return
	}
	w.f(`
/**
 * Returns the text of the public form of the ID whose text is s (Private
 * IDs), under key (at least 16 bytes) and tweak (bytes or text), as
 * idforge's Go, SQL and Python compute it; ErrKey for a bad key.
 */
export declare function maskText(s: string, key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): string;

/** Returns the text of the ID whose public form's text is s under key and tweak; ErrNotMasked for text whose constant bits no public form has. */
export declare function unmaskText(s: string, key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): string;
`)
}

// maskMemberDecls returns the declarations of the class's unmask (static)
// or mask, where the layout can be masked.
func (w *writer) maskMemberDecls(static bool) string {
	if _, err := mask.ShapeOf(w.p.L); err != nil {
		return ""
	}
	if static {
		return fmt.Sprintf("  /** The ID whose public form's text is s under key and tweak (Private IDs); ErrNotMasked for text whose constant bits no public form has. */\n  static unmask(s: string, key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): %s;\n", w.p.Type)
	}
	return "  /** The text of this ID's public form under key (at least 16 bytes) and tweak (Private IDs). */\n  mask(key: ArrayBufferLike | ArrayBufferView, tweak?: ArrayBufferLike | ArrayBufferView | string): string;\n"
}
