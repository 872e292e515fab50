/**
 * The error every function of these modules throws for bad input: one
 * class, whichever layout's module throws it. Its code says what is wrong,
 * with the same codes in every language idforge writes: ErrLength (text or
 * bytes of a length the form never has), ErrSyntax (a character the form
 * does not allow; position says where), ErrOverflow (text above the largest
 * ID), ErrRange (a field or node that does not fit), ErrTime (a time
 * outside the layout's range), ErrType (a value of a type that holds no
 * ID), ErrClockBackwards and ErrClockStalled (a generator that cannot go
 * on), ErrNoGenerator (newId before setNode, for a layout whose generator
 * needs its node), ErrOption (an option newGenerator cannot use), ErrRandom
 * (no crypto.getRandomValues to draw from), ErrKey (a mask key under 16
 * bytes, all zero, or not bytes), ErrInvalid (an ID given to mask whose
 * constant bits are not the layout's), ErrNotMasked (text given to unmask
 * whose constant bits no public form has), ErrStored (a value given to
 * fromStored that is not stored under its profile), and the conversions'
 * ErrNoTime, ErrNotUUID, ErrNotV7 and ErrNotEmbedded (see compat.js).
 */
export class IDError extends Error {
  /**
   * @param {string} code the kind of error, such as 'ErrSyntax'
   * @param {string} message what is wrong, the layout's name first
   * @param {number} [position] the byte offset of the bad character, for ErrSyntax
   */
  constructor(code, message, position) {
    super(message);
    this.name = 'IDError';
    this.code = code;
    if (position !== undefined) this.position = position;
  }
}

/**
 * Returns the IDError of layout L: its message prefixed by the layout's name,
 * as Go's errors are by their package's.
 */
export function fail(L, code, message, position) {
  return new IDError(code, L.name + ': ' + message, position);
}

/** The key of the method that util.inspect (and so console.log) calls in Node, Deno and Bun. */
export const INSPECT = /* @__PURE__ */ Symbol.for('nodejs.util.inspect.custom');

/** Returns the low count words of n, a BigInt, most significant first. */
export function wordsOf(n, count) {
  const w = new Array(count);
  for (let i = count - 1; i >= 0; i--) {
    w[i] = Number(n & 0xffffffffn);
    n >>= 32n;
  }
  return w;
}

/** Returns words w, most significant first, as one BigInt. */
export function bigOf(w) {
  let n = 0n;
  for (const x of w) n = n << 32n | BigInt(x);
  return n;
}

/**
 * Multiplies words w by m and adds v, in place, and returns the carry out
 * of the top word: every step exact in a number while m and v are at most
 * 2^21. The readers of text take it a digit, or a chunk of digits, at a
 * time.
 */
export function mulAdd(w, m, v) {
  for (let j = w.length - 1; j >= 0; j--) {
    const x = w[j] * m + v;
    v = Math.floor(x / 0x100000000);
    w[j] = x - v * 0x100000000;
  }
  return v;
}

/** Returns whether the BigInt n holds an ID of L: 0 <= n < 2^L.bits. */
export function fits(L, n) {
  return n >= 0n && n >> BigInt(L.bits) === 0n;
}

/**
 * A text form: an ID as one number in the alphabet's base, zero-padded to
 * a width that depends on the ID's size, so that text sorts as the bytes
 * do. A form is data: its digits in ascending order, whether its reader
 * folds case, and its aliases (pairs of a character its reader takes
 * though its writer never writes it, in each case it takes it, and the
 * digit that character reads as), from which it has its table (each
 * character's value, or -1).
 * It is read and written chunk digits at a time: as many as keep a chunk's
 * value below 2^21, so that every step on 32-bit words is exact in a
 * number; unit is base ** chunk, worked out once, as ** of a number that
 * is not a constant is slow. A layout whose canonical text is a form of a
 * power-of-two base writes it with straight-line code and the form's pairs
 * (pairsOf) instead.
 */
export function form(title, digits, foldCase, aliases = '') {
  const base = digits.length;
  const table = new Int8Array(128).fill(-1);
  let chunk = 1;
  while (base ** (chunk + 1) < 0x200000) chunk++;
  for (let i = 0; i < base; i++) {
    const c = digits[i];
    table[c.charCodeAt(0)] = i;
    if (foldCase) table[c.toLowerCase().charCodeAt(0)] = table[c.toUpperCase().charCodeAt(0)] = i;
  }
  // Each alias, in each case it is read in, then the digit it reads as.
  for (let i = 0; i < aliases.length; i += 2) table[aliases.charCodeAt(i)] = table[aliases.charCodeAt(i + 1)];
  return { title, digits, base, chunk, unit: base ** chunk, table };
}

/** Returns every two-digit string of form f, indexed by the two digits' value. */
export function pairsOf(f) {
  const pairs = [];
  for (const c of f.digits) for (const d of f.digits) pairs.push(c + d);
  return pairs;
}

/** Base62: 0-9, A-Z, a-z; case matters. Its chunk is 3 digits: 62^3 < 2^21 <= 62^4. */
export const BASE62 = /* @__PURE__ */ form('Base62', '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', false);

/** Crockford's base32, written in upper case and read in either, with I and L as 1 and O as 0. */
export const CROCKFORD = /* @__PURE__ */ form('Crockford', '0123456789ABCDEFGHJKMNPQRSTVWXYZ', true, 'I1i1L1l1O0o0');

/** Hex, written in lower case and read in either. */
export const HEX = /* @__PURE__ */ form('hex', '0123456789abcdef', true);

/**
 * Writes words w as width digits of form f, most significant first. It
 * divides a copy of the words by f.unit (base ** chunk) again and again,
 * each remainder giving chunk digits: every step exact in a number.
 */
export function encodeDivide(w, f, width) {
  const q = w.slice();
  const chunk = f.chunk;
  const divisor = f.unit;
  let s = '';
  for (let left = width; left > 0; left -= chunk) {
    let r = 0;
    for (let i = 0; i < q.length; i++) {
      const x = r * 0x100000000 + q[i];
      q[i] = Math.floor(x / divisor);
      r = x - q[i] * divisor;
    }
    for (let k = Math.min(chunk, left); k > 0; k--) {
      s = f.digits[r % f.base] + s;
      r = Math.floor(r / f.base);
    }
  }
  return s;
}

/**
 * The digits of the text being read, one array for every reader: a read
 * runs to its end before another can start. It holds the widest text of
 * the widest layout, 1024 bits in hex.
 */
export const scratch = /* @__PURE__ */ new Uint8Array(256);

/** Returns s's length in bytes of UTF-8, as Go counts a string. */
export function byteLength(s) {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(s) ? s.length : new TextEncoder().encode(s).length;
}

/** Returns the IDError for s's character at index i, positioned in bytes as Go does. */
export function syntaxError(L, title, s, i) {
  const pos = byteLength(s.slice(0, i));
  return fail(L, 'ErrSyntax', title + ' text of length ' + byteLength(s) + ': bad character ' + JSON.stringify(s[i]) + ' at position ' + pos, pos);
}

/** Returns the IDError of text of n bytes in a form width bytes wide. */
export function lengthError(L, title, n, width) {
  return fail(L, 'ErrLength', title + ' text of length ' + n + ', want ' + width);
}

/** Returns the IDError of text s in form f above the largest ID. */
export function overflowError(L, f, s) {
  return fail(L, 'ErrOverflow', f.title + ' text of length ' + s.length + ' above ' + L.bits + ' bits');
}

/**
 * Reads s, exactly width digits of form f, into the scratch array, checking
 * every character, and returns the array. A character the form does not
 * allow is ErrSyntax, or ErrLength when s is not width bytes of UTF-8
 * after all (Go checks the length in bytes first).
 */
export function digitsOf(L, s, f, width) {
  if (typeof s !== 'string') throw fail(L, 'ErrType', f.title + ' text is a string, not ' + typeof s);
  if (s.length !== width && byteLength(s) !== width) throw lengthError(L, f.title, byteLength(s), width);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = c < 128 ? f.table[c] : -1;
    if (d < 0) throw byteLength(s) !== width ? lengthError(L, f.title, byteLength(s), width) : syntaxError(L, f.title, s, i);
    scratch[i] = d;
  }
  return scratch;
}

/**
 * Reads s as exactly width digits of form f and returns the ID's words;
 * text above the largest ID is ErrOverflow. It multiplies the words by
 * base ** n and adds the value of the next n digits, f.chunk of them, the
 * first chunk taking what is left over.
 */
export function decodeMultiply(L, s, f, width) {
  const d = digitsOf(L, s, f, width);
  const chunk = f.chunk;
  const w = new Array(L.words).fill(0);
  let over = false;
  for (let i = 0, n = width % chunk || chunk; i < width; n = chunk) {
    let v = 0;
    for (const end = i + n; i < end; i++) v = v * f.base + d[i];
    if (mulAdd(w, n === chunk ? f.unit : f.base ** n, v) !== 0) over = true;
  }
  if (over || (L.bits & 31 && w[0] >>> (L.bits & 31))) throw overflowError(L, f, s);
  return w;
}

/**
 * Base62 as encodeRadix and decodeRadix take a form, for the forms an ID
 * has beside its canonical text, with no tables to build: its title, for
 * messages, its digits in ascending order, and the characters its reader
 * takes, each worth its index modulo the base.
 */
export const BASE62_DIGITS = { title: 'Base62', digits: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', read: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz' };

/**
 * Crockford's base32 as encodeRadix and decodeRadix take it, written in
 * upper case and read in either, lower case first, as text from elsewhere
 * (a TypeID's, say) most often has it. Each character's value is its place
 * in read modulo 32, so Crockford's aliases follow the digits at places of
 * their digits' values (o and O as 0, i, I, l and L as 1), the places
 * between them holding digits that indexOf finds first further back.
 */
export const CROCKFORD_DIGITS = { title: 'Crockford', digits: '0123456789ABCDEFGHJKMNPQRSTVWXYZ', read: '0123456789abcdefghjkmnpqrstvwxyzOI23456789ABCDEFGHJKMNPQRSTVWXYZoi23456789ABCDEFGHJKMNPQRSTVWXYZ0l23456789ABCDEFGHJKMNPQRSTVWXYZ0L' };

/** Hex as encodeRadix and decodeRadix take it, read in either case. */
export const HEX_DIGITS = { title: 'hex', digits: '0123456789abcdef', read: '0123456789abcdef0123456789ABCDEF' };

/**
 * Writes words w as width digits of form f, most significant first, a
 * digit at a time: it divides a copy of the words by the base again and
 * again, each remainder a digit, every step exact in a number. The forms
 * other than a layout's canonical text are written so, in less code than
 * encodeDivide (a chunk of digits a division) and the canonical text's
 * straight-line writers, which are faster.
 */
export function encodeRadix(w, f, width) {
  const q = w.slice();
  const base = f.digits.length;
  let s = '';
  for (let k = 0; k < width; k++) {
    let r = 0;
    for (let i = 0; i < q.length; i++) {
      const x = r * 0x100000000 + q[i];
      q[i] = Math.floor(x / base);
      r = x - q[i] * base;
    }
    s = f.digits[r] + s;
  }
  return s;
}

/**
 * Reads s, exactly width digits of form f, a digit at a time, and returns
 * the ID's words: it multiplies the words by the base and adds each
 * digit's value. It checks, in Go's order, the length (in bytes of UTF-8,
 * as Go counts it), every character, then the value: text above the
 * largest ID is ErrOverflow. The forms other than a layout's canonical
 * text are read so, with no table: decodeMultiply, which takes the digits
 * a chunk at a time and looks each up in a form's table, is faster.
 */
export function decodeRadix(L, s, f, width) {
  if (typeof s !== 'string') throw fail(L, 'ErrType', f.title + ' text is a string, not ' + typeof s);
  const n = byteLength(s);
  if (n !== width) throw lengthError(L, f.title, n, width);
  const base = f.digits.length;
  const w = new Array(L.words).fill(0);
  let over = 0;
  for (let i = 0; i < s.length; i++) {
    const v = f.read.indexOf(s[i]) % base;
    if (v < 0) throw syntaxError(L, f.title, s, i);
    over |= mulAdd(w, base, v);
  }
  if (over || (L.bits & 31 && w[0] >>> (L.bits & 31))) throw overflowError(L, f, s);
  return w;
}

/** Crockford's check symbols: the symbol of a value v modulo 37 is CHECK[v]. */
export const CHECK = '0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U';

/** Returns the number the words w hold, modulo 37. */
export function mod37(w) {
  let r = 0;
  for (let i = 0; i < w.length; i++) r = (r * 0x100000000 + w[i]) % 37;
  return r;
}

/** Returns text s, the digits of the words w, with its check symbol after it. */
export function withCheck(s, w) {
  return s + CHECK[mod37(w)];
}

/**
 * Reads s, width digits of form f and a check symbol: it checks the
 * length, that the symbol is one, reads the digits with read and compares
 * the symbol with the words read, as Go does, in that order.
 */
export function checked(L, s, f, width, read) {
  if (typeof s !== 'string') throw fail(L, 'ErrType', f.title + ' text is a string, not ' + typeof s);
  if (byteLength(s) !== width + 1) throw lengthError(L, f.title, byteLength(s), width + 1);
  const want = CHECK.indexOf(s[width].toUpperCase());
  let w;
  try {
    w = read(s.slice(0, width)); // Go reports a bad digit before a bad symbol
  } catch (e) {
    // The same character, in the whole text: its length is one more.
    throw e.code === 'ErrSyntax' ? syntaxError(L, f.title, s, e.position) : e;
  }
  if (want < 0 || want !== mod37(w)) throw syntaxError(L, f.title, s, width);
  return w;
}

/**
 * Writes the words w of a 64-bit ID in decimal, the unsigned number its
 * bits hold, as Go's generated String writes it: the digits, with no sign
 * and no leading zeros, up to 18446744073709551615 (as Discord writes its
 * IDs). Below 2^53 the number is exact in a JavaScript number; above, it
 * divides the number by 10^7 sixteen bits at a time, each step exact, and
 * writes the quotient (below 2^41) and the remainder's seven digits.
 */
export function decimalOf(w) {
  const hi = w[0];
  const lo = w[1];
  if (hi < 0x200000) return String(hi * 0x100000000 + lo);
  const q1 = Math.floor(hi / 1e7);
  let r = hi - q1 * 1e7;
  let x = r * 0x10000 + (lo >>> 16);
  const q2 = Math.floor(x / 1e7);
  r = x - q2 * 1e7;
  x = r * 0x10000 + (lo & 0xffff);
  const q3 = Math.floor(x / 1e7);
  r = x - q3 * 1e7;
  return q1 * 0x100000000 + q2 * 0x10000 + q3 + String(r).padStart(7, '0');
}

/**
 * Reads decimal text as decimalOf writes it, as Go's generated parsers of
 * a layout whose top bit is not a constant zero read it: 1 to 20 digits
 * with no sign and no leading zeros (only zero itself starts with a zero),
 * the unsigned number the ID's 64 bits hold, at most 2^64 - 1, as Discord
 * writes its IDs. A '-' is no sign but a character that is not a digit.
 * It checks, in Go's order, the length (in bytes of UTF-8, as Go counts
 * it), a leading zero, every character, then the value, and returns the
 * ID's words. nonNegativeDecimalWords reads the other layouts' text.
 */
export function decimalWords(L, s) {
  if (typeof s !== 'string') throw fail(L, 'ErrType', 'decimal text is a string, not ' + typeof s);
  const n = byteLength(s);
  if (n < 1 || n > 20) throw lengthError(L, 'decimal', n, '1 to 20');
  if (s[0] === '0' && n > 1) throw syntaxError(L, 'decimal', s, 0);
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) throw syntaxError(L, 'decimal', s, i);
    // Exact in numbers: x is below 2^36, and hi below 2^35, as 20 digits are below 2^67.
    const x = lo * 10 + d;
    lo = x >>> 0;
    hi = hi * 10 + Math.floor(x / 0x100000000);
  }
  if (hi > 0xffffffff) throw fail(L, 'ErrOverflow', 'decimal text of length ' + n + ' above 2^64 - 1');
  return [hi, lo];
}

/**
 * Reads decimal text as decimalOf writes the ID of a layout whose top bit
 * is a constant zero, as Go's generated parsers of such a layout read it:
 * 1 to 19 digits with no sign and no leading zeros (only zero itself starts
 * with a zero), whose value is at most 2^63 - 1. A '-' is no sign here but
 * a character that is not a digit. It checks, in Go's order, the length
 * (in bytes of UTF-8, as Go counts it), a leading zero, every character,
 * then the value, and returns the words of the ID.
 */
export function nonNegativeDecimalWords(L, s) {
  if (typeof s !== 'string') throw fail(L, 'ErrType', 'decimal text is a string, not ' + typeof s);
  const n = byteLength(s);
  if (n < 1 || n > 19) throw lengthError(L, 'decimal', n, '1 to 19');
  if (s[0] === '0' && n > 1) throw syntaxError(L, 'decimal', s, 0);
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) throw syntaxError(L, 'decimal', s, i);
    // Exact in numbers: x is below 2^36, and hi below 2^32, as 19 digits are below 2^64.
    const x = lo * 10 + d;
    lo = x >>> 0;
    hi = hi * 10 + Math.floor(x / 0x100000000);
  }
  if (hi >= 0x80000000) throw fail(L, 'ErrOverflow', 'decimal text of length ' + n + ' above 2^63 - 1');
  return [hi, lo];
}

/**
 * Every byte as two lower-case hex digits, for uuidOf: built here rather
 * than taken from HEX, so that a program that only writes UUIDs carries no
 * form.
 */
export const BYTES = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => (i + 256).toString(16).slice(1));

/**
 * Writes the words w of a 128-bit ID in the canonical UUID form: 8-4-4-4-12
 * lower-case hex digits, a byte at a time.
 */
export function uuidOf(w) {
  return (
    BYTES[w[0] >>> 24] +
    BYTES[w[0] >>> 16 & 0xff] +
    BYTES[w[0] >>> 8 & 0xff] +
    BYTES[w[0] & 0xff] +
    '-' +
    BYTES[w[1] >>> 24] +
    BYTES[w[1] >>> 16 & 0xff] +
    '-' +
    BYTES[w[1] >>> 8 & 0xff] +
    BYTES[w[1] & 0xff] +
    '-' +
    BYTES[w[2] >>> 24] +
    BYTES[w[2] >>> 16 & 0xff] +
    '-' +
    BYTES[w[2] >>> 8 & 0xff] +
    BYTES[w[2] & 0xff] +
    BYTES[w[3] >>> 24] +
    BYTES[w[3] >>> 16 & 0xff] +
    BYTES[w[3] >>> 8 & 0xff] +
    BYTES[w[3] & 0xff]
  );
}

/**
 * Returns the IDError for s's character at index i in UUID text: ErrLength
 * if s is not ASCII (its length in bytes is none of the UUID forms'), else
 * ErrSyntax.
 */
export function uuidError(L, s, i) {
  return byteLength(s) !== s.length ? lengthError(L, 'UUID', byteLength(s), '36, 32, 38 or 45') : syntaxError(L, 'UUID', s, i);
}

/**
 * The UUID forms parseUUID reads, by their length: each character a
 * literal, in either case, or x for a hex digit.
 */
export const UUID_FORMS = {
  32: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  36: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
  38: '{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}',
  45: 'urn:uuid:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
};

/**
 * Reads a UUID in any of the forms RFC 9562 and common use give it, with hex
 * digits in either case: canonical (36 characters), 32 hex digits, in
 * braces, or as a URN (urn:uuid:, the prefix in either case). Nothing else.
 * It returns the ID's words. (It works a hex digit's value out, rather than
 * look it up in HEX's table, so that a program that reads UUIDs carries no
 * form.)
 */
export function parseUUID(L, s) {
  if (typeof s !== 'string') throw fail(L, 'ErrType', 'UUID text is a string, not ' + typeof s);
  const t = UUID_FORMS[s.length];
  if (!t) throw lengthError(L, 'UUID', byteLength(s), '36, 32, 38 or 45');
  const w = [0, 0, 0, 0];
  for (let i = 0, k = 0; i < t.length; i++) {
    const c = s.charCodeAt(i);
    const x = c | 0x20; // lower case, for a letter
    const want = t.charCodeAt(i);
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : x >= 0x61 && x <= 0x66 ? x - 0x57 : -1;
    // An x wants a hex digit; any other character is a literal: urn:uuid:
    // in either case, '{', '}', '-'.
    if (want === 0x78 ? d < 0 : c !== want && !(want >= 0x61 && want <= 0x7a && x === want)) throw uuidError(L, s, i);
    if (want === 0x78) w[k >>> 3] = (w[k++ >>> 3] << 4 | d) >>> 0;
  }
  return w;
}

/**
 * Returns bytes b as a Uint8Array over the same memory, or undefined when
 * b is no bytes: b is an ArrayBuffer or a SharedArrayBuffer (told by its
 * tag, so that one from another realm, such as a worker's, passes too), or
 * any view of one (a Uint8Array, a Node Buffer, a DataView).
 */
export function bytesView(b) {
  if (ArrayBuffer.isView(b)) return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  if (/^\[object (Shared)?ArrayBuffer\]$/.test({}.toString.call(b))) return new Uint8Array(b);
}

/**
 * Returns the words of an ID of L from its bytes, big-endian: exactly
 * L.size bytes, as bytesView takes them.
 */
export function bytesWords(L, b) {
  const v = bytesView(b);
  if (!v) throw fail(L, 'ErrType', 'bytes are an ArrayBuffer or a view');
  if (v.length !== L.size) throw lengthError(L, 'binary', v.length, L.size + ' bytes');
  const w = new Array(L.words).fill(0);
  for (let i = 0; i < L.size; i++) {
    const j = L.words - 1 - ((L.size - 1 - i) >>> 2);
    w[j] = (w[j] << 8 | v[i]) >>> 0;
  }
  return w;
}

/** Returns the size bytes of words w, big-endian, in a new Uint8Array. */
export function bytesOf(w, size) {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = w[w.length - 1 - ((size - 1 - i) >>> 2)] >>> ((size - 1 - i & 3) << 3);
  return b;
}

/**
 * Moves the bits of x from runs to runs: runs is flat, three numbers a run,
 * each run's width bits at shift in the ID being the value's bits from lo
 * up. From 0 to 2 (shift to lo) it reads a value's bits out of an ID's,
 * from 2 to 0 it places them.
 */
export function moveRuns(x, runs, from, to) {
  let n = 0n;
  for (let i = 0; i < runs.length; i += 3) n |= (x >> BigInt(runs[i + from]) & (1n << BigInt(runs[i + 1])) - 1n) << BigInt(runs[i + to]);
  return n;
}

/**
 * Returns the fields of the ID whose bits are n, keyed by the spec's names:
 * integers as BigInt, bytes fields as Uint8Array. table has a row a field:
 * its name, its width in bits, whether it is bytes, and its runs.
 */
export function fieldsOf(n, table) {
  const o = {};
  for (const [name, width, bytes, runs] of table) {
    const v = moveRuns(n, runs, 0, 2);
    o[name] = bytes ? bytesOf(wordsOf(v, (width + 31) >>> 5), width >>> 3) : v;
  }
  return o;
}

/**
 * Returns a field's or a node's integer value, a BigInt or a safe integer
 * number, checked to fit width bits.
 */
export function integer(L, name, x, width) {
  const v = typeof x === 'bigint' ? x : Number.isSafeInteger(x) ? BigInt(x) : -1n;
  if (v < 0n || v >> BigInt(width)) throw fail(L, 'ErrRange', name + ' ' + String(x) + ' is no BigInt or safe integer of ' + width + ' bits');
  return v;
}

/**
 * Returns the bits of the ID that fields (an object keyed by the spec's
 * names, as fieldsOf's table lists them) hold, ORed into start (the
 * constant bits): integers as BigInt or safe integer numbers, bytes fields
 * as Uint8Array. A field left out (or undefined) is zero; a key that is no
 * field, or a value that does not fit, is ErrRange: nothing is masked.
 */
export function packFields(L, fields, table, start) {
  if (fields === null || typeof fields !== 'object') throw fail(L, 'ErrType', 'pack takes an object');
  let n = start;
  for (const k of Object.keys(fields)) {
    const f = table.find((f) => f[0] === k);
    if (!f) throw fail(L, 'ErrRange', 'no field ' + JSON.stringify(k));
    const [, width, bytes, runs] = f;
    const x = fields[k];
    if (x === undefined) continue;
    if (bytes && !(x instanceof Uint8Array && x.length === width >>> 3)) throw fail(L, 'ErrRange', k + ' is no Uint8Array of ' + (width >>> 3) + ' bytes');
    n |= moveRuns(bytes ? x.reduce((v, b) => v << 8n | BigInt(b), 0n) : integer(L, k, x, width), runs, 2, 0);
  }
  return n;
}

/**
 * Returns the bits of the smallest ID of clock C whose time is at or after
 * t (up 0n), or of the largest whose time is at or before t (up 1n),
 * ORed into bits: the constant bits for the first, those and every bit that
 * is not the time's for the second. t is a Date or a BigInt of nanoseconds
 * since the Unix epoch. C is { epoch, the epoch in nanoseconds since the
 * Unix epoch; num and den, a tick being num / den nanoseconds; max, the
 * last tick; runs, the time's runs in the ID }. The tick is
 * ceil(ns * den / num) of t's nanoseconds since the epoch (of one more, less
 * one tick, for the largest). Before the first tick the smallest is the
 * first tick, past the last the largest is the last; where no tick
 * qualifies (the largest before the first tick, the smallest after the
 * last), ErrTime.
 */
export function boundBits(L, C, t, bits, up) {
  let ns;
  if (typeof t === 'bigint') ns = t;
  else if (t instanceof Date && !Number.isNaN(t.getTime())) ns = BigInt(t.getTime()) * 1000000n;
  else throw fail(L, 'ErrType', 'a time is a valid Date or a BigInt of Unix nanoseconds');
  const a = (ns - C.epoch + up) * C.den;
  const k = (a > 0n ? a + C.num - 1n : a) / C.num - up;
  if (up ? k < 0n : k > C.max) throw fail(L, 'ErrTime', 'no ID');
  return bits | moveRuns(k < 0n ? 0n : k > C.max ? C.max : k, C.runs, 2, 0);
}

/** Returns the time of the ID whose bits are n as nanoseconds since the Unix epoch, exactly. */
export function nanosOf(C, n) {
  return C.epoch + moveRuns(n, C.runs, 0, 2) * C.num / C.den;
}

/**
 * Returns the Date of ns nanoseconds since the Unix epoch, rounded down to
 * the millisecond; past what a Date holds (±8.64e15 ms) is ErrTime.
 */
export function dateOf(L, ns) {
  const ms = ns >= 0n ? ns / 1000000n : -((-ns + 999999n) / 1000000n);
  if (ms > 8640000000000000n || ms < -8640000000000000n) throw fail(L, 'ErrTime', 'the time is past what a Date holds; use unixNanos');
  return new Date(Number(ms));
}

/**
 * Random words from crypto.getRandomValues, drawn 16 KiB at a time and
 * shared by every layout: one call costs microseconds (about as much for
 * 16 bytes as for 16 KiB), a word from the pool nanoseconds.
 */
export const pool = /* @__PURE__ */ new Uint32Array(4096);
let poolAt = 4096;

/**
 * Returns the index in pool of count fresh random words, refilling the pool
 * when it runs short. It takes crypto.getRandomValues (Web Crypto: every
 * browser, Deno, Bun, Node 20 and later) when it first needs it; where
 * there is none it is ErrRandom, never a weaker source.
 */
export function draw(L, count) {
  if (poolAt + count > 4096) {
    try {
      crypto.getRandomValues(pool);
    } catch {
      throw fail(L, 'ErrRandom', 'no crypto.getRandomValues');
    }
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += count;
  return at;
}

/**
 * The random pool and its draw that generators share, unless newGenerator is
 * given options.random.
 */
export const SHARED = [pool, draw];

/**
 * Returns a random pool and its draw, as SHARED holds the process's, for
 * a generator whose random bytes come from fill (newGenerator's
 * options.random): fill is called with a Uint8Array of 1,024 bytes to fill
 * with random bytes, as crypto.getRandomValues fills one, whenever the
 * generator has used what it filled.
 */
export function ownRandom(fill) {
  const own = new Uint32Array(256);
  let at = 256;
  return [own, (L, count) => {
    if (at + count > 256) {
      fill(new Uint8Array(own.buffer));
      at = 0;
    }
    at += count;
    return at - count;
  }];
}

/**
 * Returns size fresh random bytes as one big-endian BigInt, from the pool p and
 * its draw d (the shared ones by default).
 */
export function randomBigInt(L, size, p = pool, d = draw) {
  const count = (size + 3) >>> 2;
  const at = d(L, count);
  return BigInt.asUintN(size * 8, bigOf(p.subarray(at, at + count)));
}

/**
 * Returns the options of newGenerator, checked: undefined (none) or an
 * object whose keys are among allowed, each undefined or a function. An
 * argument past them (rest), an option the layout's generator cannot use
 * (a clock for a layout without a time, say) or anything else is
 * ErrOption: nothing is ignored. call is how the layout's newGenerator is
 * called, for the message.
 */
export function generatorOptions(L, options, rest, allowed, call) {
  const bad = (why) => fail(L, 'ErrOption', why + ': the generator of ' + L.name + ' is newGenerator(' + call + '), whose options are ' + (allowed.join(' and ') || 'none'));
  if (rest.length) throw bad('an argument too many');
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw bad('options are an object, not ' + (options === null ? 'null' : typeof options));
  for (const k of Object.keys(options)) {
    if (!allowed.includes(k)) throw bad('no option ' + JSON.stringify(k));
    if (options[k] !== undefined && typeof options[k] !== 'function') throw bad('option ' + k + ' must be a function');
  }
  return options;
}

/**
 * Adds one to the counter's words c, in place, and returns true; or returns
 * false, leaving c as it is, when c is at its largest (its top word top,
 * every other all ones).
 */
export function increment(c, top) {
  let i = c.length - 1;
  while (i >= 0 && c[i] === (i === 0 ? top : 0xffffffff)) i--;
  if (i < 0) return false;
  c[i]++;
  for (let j = i + 1; j < c.length; j++) c[j] = 0;
  return true;
}

/**
 * Returns the tick of a clock of whole milliseconds: t, a reading of
 * Date.now (whole milliseconds, a number) or of a test clock (nanoseconds
 * since the Unix epoch, a BigInt), in ticks of step milliseconds since
 * epoch (in milliseconds since the Unix epoch), in a number; a reading that
 * is neither (a fraction, say), or outside ticks 0 to max, is ErrTime.
 */
export function msTick(L, t, epoch, step, max) {
  const ms = typeof t === 'bigint' ? Number((t - (t < 0n ? 999999n : 0n)) / 1000000n) : t;
  const tick = Math.floor((ms - epoch) / step);
  if (!(Number.isSafeInteger(ms) && tick >= 0 && tick <= max)) throw fail(L, 'ErrTime', 'the clock read ' + String(t) + ', out of range');
  return tick;
}

/**
 * Returns the clock's tick: t, a reading of Date.now (whole milliseconds, a
 * number) or of a test clock (nanoseconds since the Unix epoch, a BigInt),
 * in ticks of clock C; a reading that is neither (a fraction, say), or a
 * time outside the layout's range, is ErrTime.
 */
export function tickOf(L, C, t) {
  const ns = typeof t === 'bigint' ? t - C.epoch : Number.isSafeInteger(t) ? BigInt(t) * 1000000n - C.epoch : -1n;
  const tick = ns < 0n ? -1n : ns * C.den / C.num;
  if (tick < 0n || tick > C.max) throw fail(L, 'ErrTime', 'the clock read ' + String(t) + ', which is no time in the layout\'s range');
  return tick;
}

/**
 * SHA-256's round constants (FIPS 180-4), for the HMAC of Private IDs, as
 * int32s: those above 2^31 wrap, so that every word sha256Block reads and
 * adds stays a 32-bit integer.
 */
export const SHA256_K = /* @__PURE__ */ Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The sixteen words of the block sha256Words compresses. */
export const SHA256_W = /* @__PURE__ */ new Int32Array(16);

/**
 * Runs SHA-256's compression function on the 64 bytes of m from off,
 * updating the eight-word state s (an Int32Array). It is synchronous, as
 * Web Crypto's digest is not: Private IDs are computed where they are asked
 * for (sha256Words, below, does the compressing).
 */
export function sha256Block(s, m, off) {
  const W = SHA256_W;
  for (let i = 0; i < 16; i++, off += 4) W[i] = m[off] << 24 | m[off + 1] << 16 | m[off + 2] << 8 | m[off + 3];
  sha256Words(s);
}

/**
 * Runs SHA-256's compression function on the block whose sixteen words the
 * caller has put in SHA256_W[0..15], updating the state s: sha256Block
 * without the bytes, for a block the caller has as words (the outer hash of
 * an HMAC, which hashes the inner one's state). The message schedule lives
 * in sixteen local variables, each word computed sixteen rounds before it is
 * used, in the place of the one it replaces, and the rounds are written out
 * sixteen to a loop turn, each naming the working variables where they
 * stand: V8 keeps all of them in registers, where a schedule of 64 words in
 * a typed array is loaded and stored at every round. It took 0.55 to 0.68 of
 * the time of the eight-round loop over such an array (issue 69), and a
 * Private ID is twenty compressions.
 */
export function sha256Words(s) {
  const K = SHA256_K, W = SHA256_W;
  let w0 = W[0], w1 = W[1], w2 = W[2], w3 = W[3], w4 = W[4], w5 = W[5], w6 = W[6], w7 = W[7];
  let w8 = W[8], w9 = W[9], w10 = W[10], w11 = W[11], w12 = W[12], w13 = W[13], w14 = W[14], w15 = W[15];
  let a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7], t = 0, x = 0, y = 0;
  for (let i = 0; i < 64; i += 16) {
    if (i > 0) {
      // The next sixteen words of the schedule, each in the place of the
      // word sixteen before it.
      x = w1; y = w14; w0 = w0 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w9 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w2; y = w15; w1 = w1 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w10 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w3; y = w0; w2 = w2 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w11 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w4; y = w1; w3 = w3 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w12 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w5; y = w2; w4 = w4 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w13 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w6; y = w3; w5 = w5 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w14 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w7; y = w4; w6 = w6 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w15 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w8; y = w5; w7 = w7 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w0 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w9; y = w6; w8 = w8 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w1 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w10; y = w7; w9 = w9 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w2 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w11; y = w8; w10 = w10 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w3 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w12; y = w9; w11 = w11 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w4 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w13; y = w10; w12 = w12 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w5 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w14; y = w11; w13 = w13 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w6 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w15; y = w12; w14 = w14 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w7 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
      x = w0; y = w13; w15 = w15 + ((x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ x >>> 3) + w8 + ((y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ y >>> 10) | 0;
    }
    t = h + ((e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7)) + (g ^ e & (f ^ g)) + K[i] + w0 | 0;
    d = d + t | 0; h = t + ((a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10)) + (a & b | c & (a | b)) | 0;
    t = g + ((d >>> 6 | d << 26) ^ (d >>> 11 | d << 21) ^ (d >>> 25 | d << 7)) + (f ^ d & (e ^ f)) + K[i + 1] + w1 | 0;
    c = c + t | 0; g = t + ((h >>> 2 | h << 30) ^ (h >>> 13 | h << 19) ^ (h >>> 22 | h << 10)) + (h & a | b & (h | a)) | 0;
    t = f + ((c >>> 6 | c << 26) ^ (c >>> 11 | c << 21) ^ (c >>> 25 | c << 7)) + (e ^ c & (d ^ e)) + K[i + 2] + w2 | 0;
    b = b + t | 0; f = t + ((g >>> 2 | g << 30) ^ (g >>> 13 | g << 19) ^ (g >>> 22 | g << 10)) + (g & h | a & (g | h)) | 0;
    t = e + ((b >>> 6 | b << 26) ^ (b >>> 11 | b << 21) ^ (b >>> 25 | b << 7)) + (d ^ b & (c ^ d)) + K[i + 3] + w3 | 0;
    a = a + t | 0; e = t + ((f >>> 2 | f << 30) ^ (f >>> 13 | f << 19) ^ (f >>> 22 | f << 10)) + (f & g | h & (f | g)) | 0;
    t = d + ((a >>> 6 | a << 26) ^ (a >>> 11 | a << 21) ^ (a >>> 25 | a << 7)) + (c ^ a & (b ^ c)) + K[i + 4] + w4 | 0;
    h = h + t | 0; d = t + ((e >>> 2 | e << 30) ^ (e >>> 13 | e << 19) ^ (e >>> 22 | e << 10)) + (e & f | g & (e | f)) | 0;
    t = c + ((h >>> 6 | h << 26) ^ (h >>> 11 | h << 21) ^ (h >>> 25 | h << 7)) + (b ^ h & (a ^ b)) + K[i + 5] + w5 | 0;
    g = g + t | 0; c = t + ((d >>> 2 | d << 30) ^ (d >>> 13 | d << 19) ^ (d >>> 22 | d << 10)) + (d & e | f & (d | e)) | 0;
    t = b + ((g >>> 6 | g << 26) ^ (g >>> 11 | g << 21) ^ (g >>> 25 | g << 7)) + (a ^ g & (h ^ a)) + K[i + 6] + w6 | 0;
    f = f + t | 0; b = t + ((c >>> 2 | c << 30) ^ (c >>> 13 | c << 19) ^ (c >>> 22 | c << 10)) + (c & d | e & (c | d)) | 0;
    t = a + ((f >>> 6 | f << 26) ^ (f >>> 11 | f << 21) ^ (f >>> 25 | f << 7)) + (h ^ f & (g ^ h)) + K[i + 7] + w7 | 0;
    e = e + t | 0; a = t + ((b >>> 2 | b << 30) ^ (b >>> 13 | b << 19) ^ (b >>> 22 | b << 10)) + (b & c | d & (b | c)) | 0;
    t = h + ((e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7)) + (g ^ e & (f ^ g)) + K[i + 8] + w8 | 0;
    d = d + t | 0; h = t + ((a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10)) + (a & b | c & (a | b)) | 0;
    t = g + ((d >>> 6 | d << 26) ^ (d >>> 11 | d << 21) ^ (d >>> 25 | d << 7)) + (f ^ d & (e ^ f)) + K[i + 9] + w9 | 0;
    c = c + t | 0; g = t + ((h >>> 2 | h << 30) ^ (h >>> 13 | h << 19) ^ (h >>> 22 | h << 10)) + (h & a | b & (h | a)) | 0;
    t = f + ((c >>> 6 | c << 26) ^ (c >>> 11 | c << 21) ^ (c >>> 25 | c << 7)) + (e ^ c & (d ^ e)) + K[i + 10] + w10 | 0;
    b = b + t | 0; f = t + ((g >>> 2 | g << 30) ^ (g >>> 13 | g << 19) ^ (g >>> 22 | g << 10)) + (g & h | a & (g | h)) | 0;
    t = e + ((b >>> 6 | b << 26) ^ (b >>> 11 | b << 21) ^ (b >>> 25 | b << 7)) + (d ^ b & (c ^ d)) + K[i + 11] + w11 | 0;
    a = a + t | 0; e = t + ((f >>> 2 | f << 30) ^ (f >>> 13 | f << 19) ^ (f >>> 22 | f << 10)) + (f & g | h & (f | g)) | 0;
    t = d + ((a >>> 6 | a << 26) ^ (a >>> 11 | a << 21) ^ (a >>> 25 | a << 7)) + (c ^ a & (b ^ c)) + K[i + 12] + w12 | 0;
    h = h + t | 0; d = t + ((e >>> 2 | e << 30) ^ (e >>> 13 | e << 19) ^ (e >>> 22 | e << 10)) + (e & f | g & (e | f)) | 0;
    t = c + ((h >>> 6 | h << 26) ^ (h >>> 11 | h << 21) ^ (h >>> 25 | h << 7)) + (b ^ h & (a ^ b)) + K[i + 13] + w13 | 0;
    g = g + t | 0; c = t + ((d >>> 2 | d << 30) ^ (d >>> 13 | d << 19) ^ (d >>> 22 | d << 10)) + (d & e | f & (d | e)) | 0;
    t = b + ((g >>> 6 | g << 26) ^ (g >>> 11 | g << 21) ^ (g >>> 25 | g << 7)) + (a ^ g & (h ^ a)) + K[i + 14] + w14 | 0;
    f = f + t | 0; b = t + ((c >>> 2 | c << 30) ^ (c >>> 13 | c << 19) ^ (c >>> 22 | c << 10)) + (c & d | e & (c | d)) | 0;
    t = a + ((f >>> 6 | f << 26) ^ (f >>> 11 | f << 21) ^ (f >>> 25 | f << 7)) + (h ^ f & (g ^ h)) + K[i + 15] + w15 | 0;
    e = e + t | 0; a = t + ((b >>> 2 | b << 30) ^ (b >>> 13 | b << 19) ^ (b >>> 22 | b << 10)) + (b & c | d & (b | c)) | 0;
  }
  s[0] = s[0] + a | 0; s[1] = s[1] + b | 0; s[2] = s[2] + c | 0; s[3] = s[3] + d | 0;
  s[4] = s[4] + e | 0; s[5] = s[5] + f | 0; s[6] = s[6] + g | 0; s[7] = s[7] + h | 0;
}

/**
 * Returns the SHA-256 digest of msg (bytes) hashed from state s (an
 * Int32Array: the initial state, or an HMAC pad's), before being the count
 * of bytes s has hashed already.
 */
export function sha256From(s, msg, before) {
  s = Int32Array.from(s);
  const full = msg.length - msg.length % 64;
  for (let off = 0; off < full; off += 64) sha256Block(s, msg, off);
  const last = new Uint8Array(msg.length - full < 56 ? 64 : 128);
  last.set(msg.subarray(full));
  last[msg.length - full] = 0x80;
  const bits = (before + msg.length) * 8;
  const n = last.length;
  last[n - 5] = bits / 0x100000000; // the length's high bytes: a message under 512 MB
  last[n - 4] = bits >>> 24; last[n - 3] = bits >>> 16; last[n - 2] = bits >>> 8; last[n - 1] = bits;
  for (let off = 0; off < n; off += 64) sha256Block(s, last, off);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = s[i >> 2] >>> (24 - 8 * (i & 3));
  return out;
}

/** SHA-256's initial state (FIPS 180-4). */
export const SHA256_IV = /* @__PURE__ */ Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/**
 * Returns SHA-256's state after the block of an HMAC key (at most 64
 * bytes, padded with zeros) xor the byte x: the inner pad's (0x36) or the
 * outer pad's (0x5c).
 */
export function hmacPad(key, x) {
  const p = new Uint8Array(64);
  p.set(key);
  for (let i = 0; i < 64; i++) p[i] ^= x;
  const s = Int32Array.from(SHA256_IV);
  sha256Block(s, p, 0);
  return s;
}

/** Returns HMAC-SHA-256 (RFC 2104) of msg under key, both bytes. */
export function hmacSHA256(key, msg) {
  if (key.length > 64) key = sha256From(SHA256_IV, key, 0);
  return sha256From(hmacPad(key, 0x5c), sha256From(hmacPad(key, 0x36), msg, 64), 64);
}

/** The tweak of a mask given none. */
export const NO_TWEAK = /* @__PURE__ */ new Uint8Array(0);

/**
 * Returns b as a Uint8Array: a key or tweak of mask, as bytes, or a tweak as
 * text (UTF-8); else ErrKey.
 */
export function maskBytes(L, b, what) {
  if (typeof b === 'string' && what === 'tweak') return new TextEncoder().encode(b);
  const v = bytesView(b);
  if (!v) throw fail(L, 'ErrKey', 'a mask ' + what + ' must be bytes (a Uint8Array, a view or an ArrayBuffer)');
  return v;
}

/** Reports whether the bytes a and b are the same. */
export function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Returns the positions of the zero bits of mask (bytes), most significant first. */
export function maskFree(mask) {
  const out = [];
  for (let p = 0; p < mask.length * 8; p++) if (!(mask[p >> 3] >> (7 - (p & 7)) & 1)) out.push(p);
  return out;
}

/**
 * Returns what the bytes id of a UUID are, when its constant bits (mask,
 * their values want) are not those of the UUID layout they are given to:
 * ": a UUIDv4, not a UUIDv7", or that its variant is not RFC 9562's. It
 * is "" for a layout that is no UUID one (its version, bits 48 to 51, and
 * its variant 0b10, bits 64 and 65, not constant).
 */
export function otherUUID(id, mask, want) {
  if (id.length !== 16 || (mask[6] & 0xf0) !== 0xf0 || (mask[8] & 0xc0) !== 0xc0 || (want[8] & 0xc0) !== 0x80) return '';
  if ((id[8] & 0xc0) !== 0x80) return ': its variant is not RFC 9562\'s';
  return id[6] >> 4 !== want[6] >> 4 ? ': a UUIDv' + (id[6] >> 4) + ', not a UUIDv' + (want[6] >> 4) : '';
}

/**
 * Returns the masker of layout L under key and tweak (Private IDs): mask
 * (an ID's bytes to its public form's; ErrInvalid for bytes whose constant
 * bits are not the layout's) and unmask (back, or null for bytes that are
 * no public form). A key under 16 bytes, or all zero, is ErrKey; no error
 * carries the key. S is the layout's shape: the constant bits of an ID
 * (id, idBits) and of a public form (pub, pubBits), as bytes. The
 * permutation is FFX over the public form's free bits, as idforge's Go
 * package idrt (Mask) defines it: 10 Feistel rounds, the left half taking
 * the first n/2 bits (rounded down), each round xoring into one half the
 * first bits of HMAC-SHA-256([n]2 || [i]1 || other half), under the subkey
 * HMAC-SHA-256(key, "idforge/mask/v1" 0 layout 0 tweak). S keeps the last
 * masker made, so that a key used again costs nothing more.
 */
export function masker(L, S, key, tweak) {
  const k = maskBytes(L, key, 'key');
  const t = tweak === undefined ? NO_TWEAK : maskBytes(L, tweak, 'tweak');
  if (k.length < 16) throw fail(L, 'ErrKey', 'a mask key must be at least 16 bytes (128 bits) and not all zero, such as `idforge key` makes, not ' + k.length + ' bytes');
  if (S.last && same(S.last.k, k) && same(S.last.t, t)) return S.last.m;
  if (k.every((x) => x === 0)) throw fail(L, 'ErrKey', 'a mask key must be at least 16 bytes (128 bits) and not all zero, such as `idforge key` makes, not all zero bytes');
  const free = maskFree(S.id), pub = maskFree(S.pub);
  const n = pub.length, u = n >> 1, v = n - u, pad = n - free.length;
  const info = new TextEncoder().encode('idforge/mask/v1\0' + L.name + '\0');
  const msg = new Uint8Array(info.length + t.length);
  msg.set(info);
  msg.set(t, info.length);
  const sub = hmacSHA256(k, msg);
  const inner = hmacPad(sub, 0x36), outer = hmacPad(sub, 0x5c);
  const s = new Int32Array(8), W = SHA256_W;
  // The halves, as right-aligned bytes, one after the other in h: the
  // left one (u bits) in its first na bytes, the right one (v bits) in the
  // nb after them. Bit p of the n bits (0 the most significant) is bit
  // hm[p] of byte hb[p] of h.
  const na = (u + 7) >> 3, nb = (v + 7) >> 3;
  const h = new Uint8Array(na + nb), left = h.subarray(0, na), right = h.subarray(na);
  const hb = new Int32Array(n), hm = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const x = p < u ? na * 8 - u + p : na * 8 + nb * 8 - v + p - u;
    hb[p] = x >> 3;
    hm[p] = 0x80 >> (x & 7);
  }
  // The inner hash's one block for a half of w bytes, padded once: each
  // round sets its number and the half.
  const block = (w) => {
    const blk = new Uint8Array(64), bits = (64 + 3 + w) * 8;
    blk[0] = n >> 8; blk[1] = n & 0xff;
    blk[3 + w] = 0x80; blk[62] = bits >> 8; blk[63] = bits & 0xff;
    return blk;
  };
  const blockA = block(na), blockB = block(nb);
  // F(i, b) xored into a, cut to m bits (the rest of a's first byte stays
  // zero): b and a are right-aligned bytes.
  // (Plain loops, not TypedArray set: a call of set costs more than the
  // eight or so copies it would make.)
  const round = (i, a, b, m) => {
    const blk = b.length === na ? blockA : blockB;
    blk[2] = i;
    for (let j = 0; j < b.length; j++) blk[3 + j] = b[j];
    for (let j = 0; j < 8; j++) s[j] = inner[j];
    // The block's words: those past the half and its 0x80 are the zeros and
    // the length block set once.
    const k = (b.length + 7) >> 2;
    for (let j = 0; j < k; j++) W[j] = blk[4 * j] << 24 | blk[4 * j + 1] << 16 | blk[4 * j + 2] << 8 | blk[4 * j + 3];
    for (let j = k; j < 15; j++) W[j] = 0;
    W[15] = blk[62] << 8 | blk[63];
    sha256Words(s);
    for (let j = 0; j < 8; j++) {
      W[j] = s[j];
      s[j] = outer[j];
    }
    W[8] = -0x80000000; W[9] = 0; W[10] = 0; W[11] = 0; W[12] = 0; W[13] = 0; W[14] = 0;
    W[15] = 768; // (64 + 32) * 8 bits
    sha256Words(s);
    for (let j = 0; j < a.length; j++) a[j] ^= s[j >> 2] >>> (24 - 8 * (j & 3));
    if (m & 7) a[0] &= (1 << (m & 7)) - 1;
  };
  // Runs the rounds on h, in place: each round's new half takes the place
  // of the one it replaces, so that after the ten the left half is in
  // left again.
  const feistel = (forward) => {
    let a = left, b = right, wa = u, wb = v;
    for (let r = 0; r < 10; r++) {
      if (forward) {
        round(r, a, b, wa);
        const c = a; a = b; b = c;
      } else {
        round(9 - r, b, a, wb);
        const c = b; b = a; a = c;
      }
      const w = wa; wa = wb; wb = w;
    }
  };
  // Where the bits of an ID (its free bits, after pad zeros) and of a
  // public form go in h, as the byte and bit of each.
  const fb = Int32Array.from(free, (q) => q >> 3), fm = Int32Array.from(free, (q) => 0x80 >> (q & 7));
  const pb = Int32Array.from(pub, (q) => q >> 3), pm = Int32Array.from(pub, (q) => 0x80 >> (q & 7));
  // The constant bits, as bytes to copy (slice copies bytes; from reads an
  // array through its iterator).
  const idBits = Uint8Array.from(S.idBits), pubBits = Uint8Array.from(S.pubBits);
  const m = {
    mask(id) {
      for (let i = 0; i < id.length; i++) if ((id[i] & S.id[i]) !== S.idBits[i]) throw fail(L, 'ErrInvalid', 'mask: the ID\'s constant bits are not the layout\'s' + otherUUID(id, S.id, S.idBits));
      h.fill(0);
      for (let j = 0; j < fb.length; j++) if (id[fb[j]] & fm[j]) h[hb[pad + j]] |= hm[pad + j];
      feistel(true);
      const out = pubBits.slice();
      for (let p = 0; p < n; p++) if (h[hb[p]] & hm[p]) out[pb[p]] |= pm[p];
      return out;
    },
    unmask(b) {
      for (let i = 0; i < b.length; i++) if ((b[i] & S.pub[i]) !== S.pubBits[i]) return null;
      h.fill(0);
      for (let p = 0; p < n; p++) if (b[pb[p]] & pm[p]) h[hb[p]] |= hm[p];
      feistel(false);
      for (let p = 0; p < pad; p++) if (h[hb[p]] & hm[p]) return null;
      const out = idBits.slice();
      for (let j = 0; j < fb.length; j++) if (h[hb[pad + j]] & hm[pad + j]) out[fb[j]] |= fm[j];
      return out;
    },
  };
  S.last = { k: Uint8Array.from(k), t: Uint8Array.from(t), m };
  return m;
}

/**
 * Returns msg (bytes) padded as MD5 and SHA-1 pad it, as 32-bit words, each
 * of four bytes in the order the hash reads them (little-endian for MD5,
 * big-endian for SHA-1): the bytes, 0x80, zeros, and the length in bits in
 * the last two words, so that the words are a whole number of 64-byte
 * blocks.
 */
export function padded(msg, little) {
  const n = msg.length;
  const count = ((n + 8) >>> 6) + 1 << 4;
  const x = new Int32Array(count);
  const at = (i) => little ? (i & 3) << 3 : 24 - ((i & 3) << 3);
  for (let i = 0; i < n; i++) x[i >> 2] |= msg[i] << at(i);
  x[n >> 2] |= 0x80 << at(n);
  const lo = n * 8, hi = Math.floor(n / 0x20000000); // the bit length's two words
  x[count - 2] = little ? lo : hi;
  x[count - 1] = little ? hi : lo;
  return x;
}

/** Returns the words w as bytes, each word's four little-endian (MD5) or big-endian (SHA-1). */
export function wordBytes(w, little) {
  const out = new Uint8Array(w.length * 4);
  for (let i = 0; i < out.length; i++) out[i] = w[i >> 2] >>> (little ? (i & 3) << 3 : 24 - ((i & 3) << 3));
  return out;
}

/**
 * Returns the MD5 digest (RFC 1321) of msg, bytes, for the name-based UUIDs
 * of version 3 (fromName), as crypto/md5 computes it: synchronously, as
 * Web Crypto's digest is not, and has no MD5. K[j] is the integer part of
 * 2^32 * |sin(j + 1)|, which a double computes exactly enough.
 */
export function md5(msg) {
  const x = padded(msg, true);
  const h = Int32Array.of(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476);
  const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
  for (let i = 0; i < x.length; i += 16) {
    let [a, b, c, d] = h;
    for (let j = 0; j < 64; j++) {
      const r = j >> 4;
      const f = r === 0 ? b & c | ~b & d : r === 1 ? d & b | ~d & c : r === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = r === 0 ? j : r === 1 ? (5 * j + 1) & 15 : r === 2 ? (3 * j + 5) & 15 : (7 * j) & 15;
      const s = S[r * 4 + (j & 3)];
      const t = a + f + Math.floor(Math.abs(Math.sin(j + 1)) * 0x100000000) + x[i + g] | 0;
      a = d;
      d = c;
      c = b;
      b = b + (t << s | t >>> (32 - s)) | 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  }
  return wordBytes(h, true);
}

/**
 * Returns the SHA-1 digest (FIPS 180-4) of msg, bytes, for the name-based
 * UUIDs of version 5 (fromName), as crypto/sha1 computes it, synchronously.
 */
export function sha1(msg) {
  const x = padded(msg, false);
  const h = Int32Array.of(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0);
  const w = new Int32Array(80);
  for (let i = 0; i < x.length; i += 16) {
    for (let t = 0; t < 80; t++) {
      const v = t < 16 ? x[i + t] : w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
      w[t] = t < 16 ? v : v << 1 | v >>> 31;
    }
    let [a, b, c, d, e] = h;
    for (let t = 0; t < 80; t++) {
      const q = (t / 20) | 0;
      const f = q === 0 ? b & c | ~b & d : q === 2 ? b & c | b & d | c & d : b ^ c ^ d;
      const k = [0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6][q];
      const u = (a << 5 | a >>> 27) + f + e + k + w[t] | 0;
      e = d;
      d = c;
      c = b << 30 | b >>> 2;
      b = a;
      a = u;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
  }
  return wordBytes(h, false);
}

/**
 * Returns the SHA-256 digest of msg, bytes, for the name-based UUIDv8 of RFC
 * 9562 appendix B.2 (fromName).
 */
export function sha256(msg) {
  return sha256From(SHA256_IV, msg, 0);
}

/**
 * Matches a surrogate that is not half of a pair: in a regular expression
 * of code points (the u flag), a pair is one code point, outside the class.
 */
export const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Returns the bits of the ID of L that fromName makes for namespace and
 * name, with hash (md5, sha1 or sha256): the digest of the namespace's
 * L.size bytes followed by the name's, its first L.size bytes read
 * big-endian, as Go's generated code makes it (the caller writes the
 * constant bits over them). The namespace is an ID of L (any object whose
 * bytes() are L.size bytes), text parse reads, or L.size bytes; the name is
 * text (its UTF-8) or bytes, hashed as they are; text that is not valid
 * Unicode is ErrType.
 */
export function nameBits(L, hash, parse, namespace, name) {
  let ns;
  if (typeof namespace === 'string') ns = bytesOf(parse(namespace), L.size);
  else if (namespace !== null && typeof namespace === 'object' && typeof namespace.bytes === 'function') ns = namespace.bytes();
  else ns = bytesOf(bytesWords(L, namespace), L.size);
  if (ns.length !== L.size) throw fail(L, 'ErrLength', 'a namespace of ' + ns.length + ' bytes, want ' + L.size);
  // A string with a surrogate that is not half of a pair has no UTF-8:
  // TextEncoder would write U+FFFD for it, another name.
  if (typeof name === 'string' && LONE_SURROGATE.test(name)) throw fail(L, 'ErrType', 'a name of text that is not valid Unicode (a lone surrogate): give its bytes instead');
  const b = typeof name === 'string' ? new TextEncoder().encode(name) : bytesView(name);
  if (!b) throw fail(L, 'ErrType', 'a name is a string or bytes');
  const msg = new Uint8Array(L.size + b.length);
  msg.set(ns);
  msg.set(b, L.size);
  const d = hash(msg);
  let n = 0n;
  for (let i = 0; i < L.size; i++) n = n << 8n | BigInt(d[i] ?? 0);
  return n;
}
