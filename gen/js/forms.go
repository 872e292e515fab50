package js

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// forms writes the text forms: their tables, encoders and decoders.
func (w *writer) forms() {
	p := w.p
	w.f(`
/**
 * A fixed-width text form: the ID as one number in the alphabet's base,
 * zero-padded to width digits, so that text sorts as the bytes do. Every
 * form is data: its digits in ascending order, its width, and whether its
 * decoder folds case. A base that is a power of two maps each digit to its
 * bits (bits per digit, and pairs: every two-digit string, indexed by the
 * digits' bits); any other is read and written chunk digits at a time, a
 * chunk's value staying below 2^21 so that every step is exact in a number.
 */
function form(title, digits, width, foldCase) {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < digits.length; i++) {
    table[digits.charCodeAt(i)] = i;
    if (foldCase) {
      table[digits.toLowerCase().charCodeAt(i)] = i;
      table[digits.toUpperCase().charCodeAt(i)] = i;
    }
  }
  const base = digits.length;
  const bits = Number.isInteger(Math.log2(base)) ? Math.log2(base) : 0;
  let chunk = 1;
  while (base ** (chunk + 1) <= 0x200000) chunk++;
  const pairs = [];
  if (bits) for (const a of digits) for (const b of digits) pairs.push(a + b);
  return { title, digits, width, base, bits, chunk, table, pairs };
}
`)
	for _, f := range p.Forms {
		w.f("\nconst %s = form('%s', '%s', %d, %t);", strings.ToUpper(f.Name), f.Title, f.Alphabet, f.Width, f.FoldCase)
	}
	width := 0
	for _, f := range p.Forms {
		width = max(width, f.Width)
	}
	w.f(`

/**
 * The digits of the text being read, one array for every reader: a read
 * runs to its end before another can start.
 */
const digits = new Uint8Array(%d);
`, width)
	for _, f := range p.Forms {
		if log2(len(f.Alphabet)) != 0 {
			w.bitsEncoder(f)
		}
	}
	if p.Text.Name == "uuid" {
		w.uuidEncoder()
	}
	topCheck := ""
	if p.Bits%32 != 0 {
		topCheck = fmt.Sprintf("\n  if (w[0] > %s) over = true; // bits above the ID's %d", wordMask(p.Bits%32), p.Bits)
	}
	divides := false
	for _, f := range p.Forms {
		divides = divides || log2(len(f.Alphabet)) == 0
	}
	if divides {
		w.f(`
/**
 * Writes the ID's words w in form f, whose base is no power of two: f.width
 * digits, most significant first. It divides a copy of the words by
 * f.base ** f.chunk again and again, each remainder giving f.chunk digits.
 */
function encodeDivide(w, f) {
  const q = w.slice();
  const divisor = f.base ** f.chunk;
  let s = '';
  for (let left = f.width; left > 0; left -= f.chunk) {
    let r = 0;
    for (let i = 0; i < q.length; i++) {
      const x = r * 0x100000000 + q[i];
      q[i] = Math.floor(x / divisor);
      r = x - q[i] * divisor;
    }
    for (let k = Math.min(f.chunk, left); k > 0; k--) {
      s = f.digits[r %% f.base] + s;
      r = Math.floor(r / f.base);
    }
  }
  return s;
}

/**
 * Reads text in form f, whose base is no power of two: exactly f.width
 * digits; text above the largest ID is ErrOverflow. It multiplies the words
 * by base ** n and adds the value of the next n digits, f.chunk of them,
 * the first chunk taking what is left over. It returns the ID's words.
 */
function decodeMultiply(s, f) {
  const d = digitsOf(s, f);
  const w = new Array(WORDS).fill(0);
  let over = false;
  for (let i = 0, n = f.width %% f.chunk || f.chunk; i < f.width; n = f.chunk) {
    let v = 0;
    for (const end = i + n; i < end; i++) v = v * f.base + d[i];
    const m = f.base ** n;
    for (let j = WORDS - 1; j >= 0; j--) {
      const x = w[j] * m + v;
      v = Math.floor(x / 0x100000000);
      w[j] = x - v * 0x100000000;
    }
    if (v !== 0) over = true;
  }%s
  if (over) throw overflowError(f);
  return w;
}
`, topCheck)
	}
	w.f(`
/** Returns s's length in bytes of UTF-8, as Go counts a string. */
function byteLength(s) {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(s) ? s.length : new TextEncoder().encode(s).length;
}

/** Returns the IDError for s's character at index i, positioned in bytes as Go does. */
function syntaxError(title, s, i) {
  const pos = byteLength(s.slice(0, i));
  const c = s.codePointAt(i);
  const shown = c > 0x20 && c < 0x7f ? JSON.stringify(String.fromCodePoint(c)) : 'U+' + c.toString(16).padStart(4, '0');
  return new IDError('ErrSyntax', 'invalid character ' + shown + ' at position ' + pos + ' of ' + title + ' text', pos);
}

/** Returns the IDError of text of n bytes in a form width bytes wide. */
function lengthError(title, n, width) {
  return new IDError('ErrLength', title + ' text of length ' + n + ', want ' + width);
}

/**
 * Returns the IDError for s's character at index i, which the form does not
 * allow: ErrLength if s is not width bytes of UTF-8 after all (Go checks the
 * length in bytes first), else ErrSyntax.
 */
function badCharacter(title, s, i, width) {
  const n = byteLength(s);
  return n !== width ? lengthError(title, n, width) : syntaxError(title, s, i);
}

/** Checks that s is a string of the form's width in bytes of UTF-8. */
function checkText(s, title, width) {
  if (typeof s !== 'string') throw new IDError('ErrType', title + ' text must be a string, not ' + typeof s);
  if (s.length !== width && byteLength(s) !== width) throw lengthError(title, byteLength(s), width);
}

/**
 * Reads text in form f, exactly f.width digits, into the digits array,
 * checking every character; it returns the array, whose first f.width
 * values are the digits.
 */
function digitsOf(s, f) {
  checkText(s, f.title, f.width);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = c < 128 ? f.table[c] : -1;
    if (d < 0) throw badCharacter(f.title, s, i, f.width);
    digits[i] = d;
  }
  return digits;
}

/** Returns the IDError of text in form f above the largest ID. */
function overflowError(f) {
  return new IDError('ErrOverflow', f.title + ' text of a value above %d bits');
}
`, p.Bits)
	for _, f := range p.Forms {
		if log2(len(f.Alphabet)) != 0 {
			w.bitsDecoder(f)
		}
	}
	if p.Text.Name == "uuid" {
		w.f(`
/**
 * Returns the IDError for s's character at index i in UUID text: ErrLength
 * if s is not ASCII (its length in bytes is none of the UUID forms'), else
 * ErrSyntax.
 */
function uuidError(s, i) {
  const n = byteLength(s);
  return n !== s.length ? lengthError('UUID', n, '36, 32, 38 or 45') : syntaxError('UUID', s, i);
}

/** Reads the canonical 36-character form, in either case, from s at offset at: the ID's words. */
function decodeUUID(s, at) {
  const w = [0, 0, 0, 0];
  for (let i = 0, k = 0; i < 36; i++) {
    const c = s.charCodeAt(at + i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 0x2d) throw uuidError(s, at + i);
      continue;
    }
    const d = c < 128 ? HEX.table[c] : -1;
    if (d < 0) throw uuidError(s, at + i);
    w[k >>> 3] = w[k >>> 3] << 4 | d;
    k++;
  }
  for (let j = 0; j < 4; j++) w[j] >>>= 0;
  return w;
}

/**
 * Reads a UUID in any of the forms RFC 9562 and common use give it, with hex
 * digits in either case: canonical (36 characters), 32 hex digits, in
 * braces, or as a URN (urn:uuid:, the prefix in either case). Nothing else.
 * It returns the ID's words.
 */
function parseUUID(s) {
  if (typeof s !== 'string') throw new IDError('ErrType', 'UUID text must be a string, not ' + typeof s);
  switch (s.length) {
    case 36:
      return decodeUUID(s, 0);
    case 32:
      return hexWords(s);
    case 38:
      if (s[0] !== '{') throw uuidError(s, 0);
      if (s[37] !== '}') throw uuidError(s, 37);
      return decodeUUID(s, 1);
    case 45:
      for (let i = 0; i < 9; i++) {
        if (s.charCodeAt(i) >= 0x80 || s[i].toLowerCase() !== 'urn:uuid:'[i]) throw uuidError(s, i);
      }
      return decodeUUID(s, 9);
  }
  throw lengthError('UUID', byteLength(s), '36, 32, 38 or 45');
}
`)
	}
}

// bitsEncoder writes the encoder of a form whose base is a power of two:
// straight-line, two digits at a time from the form's pairs.
func (w *writer) bitsEncoder(f portable.Form) {
	p := w.p
	k := log2(len(f.Alphabet))
	c := strings.ToUpper(f.Name)
	var parts []string
	i := 0
	if f.Width%2 == 1 {
		parts = append(parts, fmt.Sprintf("%s.digits[%s]", c, bitsExpr((f.Width-1)*k, f.Width*k, p.Bits)))
		i = 1
	}
	for ; i < f.Width; i += 2 {
		lo := (f.Width - 2 - i) * k
		parts = append(parts, fmt.Sprintf("p[%s]", bitsExpr(lo, lo+2*k, p.Bits)))
	}
	w.f(`
/** Writes the ID's words w as %d %s digits, two (%d bits) at a time. */
function %sOf(w) {
  const p = %s.pairs;
  return (
    %s
  );
}
`, f.Width, f.Title, 2*k, f.Name, c, strings.Join(parts, " +\n    "))
}

// bitsDecoder writes the decoder of a form whose base is a power of two:
// the digits checked, then each put in its place by straight-line code.
func (w *writer) bitsDecoder(f portable.Form) {
	p := w.p
	k := log2(len(f.Alphabet))
	c := strings.ToUpper(f.Name)
	t := newTerms(words(p.Bits))
	for i := range f.Width {
		at := (f.Width - 1 - i) * k
		d := fmt.Sprintf("d[%d]", i)
		t.add([]portable.Run{{Shift: at, Width: min(k, p.Bits-at)}}, 1, k, func(int) string { return d })
	}
	check := ""
	if top := p.Bits - (f.Width-1)*k; top < k {
		check = fmt.Sprintf("\n  if (d[0] > %d) throw overflowError(%s); // bits above the ID's %d", 1<<top-1, c, p.Bits)
	}
	w.f(`
/**
 * Reads text in the %[1]s form: exactly %[2]d digits%[3]s. It returns the
 * ID's words.
 */
function %[4]sWords(s) {
  const d = digitsOf(s, %[5]s);%[6]s
  return %[7]s;
}
`, f.Title, f.Width, overflowDoc(f), f.Name, c, check, t.literal("  "))
}

func overflowDoc(f portable.Form) string {
	if f.Overflows {
		return "; text above the largest ID is ErrOverflow"
	}
	return ""
}

// decodeCall returns the call that reads s in form f, as the ID's words.
func decodeCall(f portable.Form, s string) string {
	if log2(len(f.Alphabet)) != 0 {
		return f.Name + "Words(" + s + ")"
	}
	return fmt.Sprintf("decodeMultiply(%s, %s)", s, strings.ToUpper(f.Name))
}

// uuidEncoder writes the encoder of the canonical UUID form.
func (w *writer) uuidEncoder() {
	var parts []string
	for i := 0; i < 16; i++ {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			parts = append(parts, "'-'")
		}
		lo := (15 - i) * 8
		parts = append(parts, fmt.Sprintf("p[%s]", bitsExpr(lo, lo+8, 128)))
	}
	w.f(`
/** Writes the ID's words w in the canonical UUID form: 8-4-4-4-12 lower-case hex digits, a byte at a time. */
function uuidOf(w) {
  const p = HEX.pairs;
  return (
    %s
  );
}
`, strings.Join(parts, " +\n    "))
}
