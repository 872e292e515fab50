// The conversions between layouts that idforge's Go package compat has,
// with its results bit for bit (the conformance corpus's conversions.jsonl
// holds every language to them): a UUID's time and bytes as a KSUID and
// back, ULIDs and UUIDv7s, a Snowflake embedded in a UUIDv7 and back.
//
// A UUID, where a function takes one, is an ID of any of the package's UUID
// layouts (uuidv1 to uuidv8), UUID text in any form ID.parse reads, or its
// 16 bytes (an ArrayBuffer or any view of one); a KSUID, ULID, UUIDv7 or
// Snowflake is an ID of that layout's module, its text, or its bytes. A
// function whose result is any UUID returns its canonical text, which every
// UUID layout's ID.parse reads; the others return an ID of the layout they
// make. Errors are IDError, whose code says what is wrong: ErrNoTime (a
// UUID with no time), ErrNotUUID (a KSUID whose payload is no UUID),
// ErrNotV7 and ErrNotEmbedded (a UUID that is no UUIDv7, or embeds no
// Snowflake), ErrTime (a time outside a KSUID's range) and ErrRange (a
// negative Snowflake); ErrType, ErrLength and ErrSyntax for what is no ID
// at all.

import { IDError, fail, parseUUID, bytesWords, bigOf, wordsOf, uuidOf } from './runtime.js';
import * as ksuid from './ksuid.js';
import * as snowflake from './snowflake.js';
import * as ulid from './ulid.js';
import * as uuidv7 from './uuidv7.js';

export { IDError };

/**
 * The name that prefixes compat's own errors (and the size of a UUID, for
 * the runtime's readers), and those of the errors Go's ksuid and snowflake
 * packages report.
 */
const C = { name: 'compat', bits: 128, size: 16, words: 4 };
const KSUID = { name: 'ksuid' };
const SNOWFLAKE = { name: 'snowflake' };

/** 2^n - 1, as a BigInt. */
const ones = (n) => (1n << BigInt(n)) - 1n;

/** The seconds from the Unix epoch to KSUID's, and the milliseconds to Snowflake's (Twitter's). */
const KSUID_EPOCH_S = 1400000000n;
const SNOWFLAKE_EPOCH_MS = 1288834974657n;

/**
 * Returns the 128 bits of x, a UUID: an ID of 16 bytes (of any UUID
 * layout's module), UUID text, or 16 bytes.
 */
function uuidBits(x) {
  if (typeof x === 'string') return bigOf(parseUUID(C, x));
  if (x !== null && typeof x === 'object' && typeof x.toBigInt === 'function' && typeof x.bytes === 'function') {
    if (x.bytes().length !== 16) throw fail(C, 'ErrType', 'a UUID is an ID of 16 bytes, not ' + x.bytes().length);
    return x.toBigInt();
  }
  return bigOf(bytesWords(C, x));
}

/**
 * Returns x as an ID of module M: an ID of it already, its text (as M.ID.parse
 * reads it), or its bytes.
 */
function idOf(M, x) {
  if (x instanceof M.ID) return x;
  return typeof x === 'string' ? M.ID.parse(x) : M.ID.fromBytes(x);
}

/**
 * Returns the version of the UUID whose bits are n, and whether its variant is
 * RFC 9562's (0b10).
 */
const version = (n) => Number(n >> 76n & 0xfn);
const rfc = (n) => (n >> 62n & 3n) === 2n;

/** Returns the UUIDv7 of the given fields, as Go's uuid.PackV7 makes it. */
function packV7(ms, randA, randB) {
  return new uuidv7.ID(ms << 80n | 7n << 76n | randA << 64n | 2n << 62n | randB);
}

/**
 * Returns the KSUID whose timestamp is the UUID's embedded time (whole
 * seconds, rounded down) and whose payload is the UUID's 16 bytes: lossless
 * for the UUID (KSUIDToUUID gives it back); the time below the second is
 * lost from the timestamp but kept in the payload. A UUID without a time
 * (any but versions 1, 6 and 7 of RFC 9562's variant) is ErrNoTime (use
 * UUIDToKSUIDAt); a time outside the KSUID's range (2014-05-13T16:53:20Z
 * and 2^32 - 1 seconds after) is ErrTime.
 * @param {unknown} u a UUID
 * @returns {ksuid.ID}
 */
export function UUIDToKSUID(u) {
  const n = uuidBits(u);
  const v = version(n);
  const hi = n >> 64n;
  let seconds;
  if (rfc(n) && (v === 1 || v === 6)) {
    // The 60-bit count of 100 ns since 1582-10-15, its three parts in the
    // order each version puts them.
    const a = hi >> 32n, b = hi >> 16n & 0xffffn, c = hi & 0xfffn;
    const ticks = v === 1 ? c << 48n | b << 32n | a : a << 28n | b << 12n | c;
    seconds = ticks / 10000000n - 12219292800n;
  } else if (rfc(n) && v === 7) {
    seconds = (n >> 80n) / 1000n;
  } else {
    throw fail(C, 'ErrNoTime', 'the UUID holds no time: version ' + v);
  }
  return fromParts(seconds, n);
}

/**
 * Returns the KSUID of seconds since the Unix epoch and the payload n, or
 * ErrTime (ksuid's) outside its range.
 */
function fromParts(seconds, n) {
  const ts = seconds - KSUID_EPOCH_S;
  if (ts < 0n || ts > 0xffffffffn) throw fail(KSUID, 'ErrTime', 'second ' + seconds + ' since the Unix epoch is outside the KSUID\'s range');
  return new ksuid.ID(ts << 128n | n);
}

/**
 * Returns the KSUID whose timestamp is t (a Date, or a BigInt of
 * nanoseconds since the Unix epoch), rounded down to the second, and whose
 * payload is the UUID's 16 bytes: for a UUID that holds no time, or to
 * choose another. A time outside the KSUID's range is ErrTime.
 * @param {unknown} u a UUID
 * @param {Date | bigint} t
 * @returns {ksuid.ID}
 */
export function UUIDToKSUIDAt(u, t) {
  const n = uuidBits(u);
  let ns;
  if (typeof t === 'bigint') ns = t;
  else if (t instanceof Date && !Number.isNaN(t.getTime())) ns = BigInt(t.getTime()) * 1000000n;
  else throw fail(C, 'ErrType', 'a time is a valid Date or a BigInt of nanoseconds since the Unix epoch');
  const seconds = ns >= 0n ? ns / 1000000000n : -((-ns + 999999999n) / 1000000000n);
  return fromParts(seconds, n);
}

/**
 * Returns the UUID that is the KSUID's payload, as canonical text: the
 * exact inverse of UUIDToKSUID (the KSUID's timestamp is dropped). A
 * payload that is no RFC 9562 UUID (variant 0b10, version 1 to 8), as a
 * random KSUID's mostly is not, is ErrNotUUID.
 * @param {unknown} k a KSUID
 * @returns {string}
 */
export function KSUIDToUUID(k) {
  const n = idOf(ksuid, k).toBigInt() & ones(128);
  const v = version(n);
  if (!rfc(n) || v < 1 || v > 8) throw fail(C, 'ErrNotUUID', 'the payload of KSUID ' + idOf(ksuid, k).hex() + ' is not an RFC 9562 UUID');
  return uuidOf(wordsOf(n, 4));
}

/**
 * Returns a UUIDv7 whose time is the KSUID's (whole seconds, as
 * milliseconds) and whose 74 random bits are the payload's first 74 bits:
 * the rest of the payload (54 bits) is lost, and the result sorts by the
 * KSUID's second. It never fails.
 * @param {unknown} k a KSUID
 * @returns {uuidv7.ID}
 */
export function KSUIDToUUIDv7(k) {
  const n = idOf(ksuid, k).toBigInt();
  const ms = ((n >> 128n) + KSUID_EPOCH_S) * 1000n;
  const hi = n >> 64n & ones(64), lo = n & ones(64);
  return packV7(ms, hi >> 52n, (hi << 12n & ones(64)) >> 2n | lo >> 54n);
}

/**
 * Returns the ULID with the UUID's 16 bytes: lossless both ways, though a
 * ULID's first 48 bits are its time in milliseconds, which only a UUIDv7's
 * are too (see UUIDv7ToULID, which keeps the time).
 * @param {unknown} u a UUID
 * @returns {ulid.ID}
 */
export function UUIDToULID(u) {
  return new ulid.ID(uuidBits(u));
}

/**
 * Returns the UUID with the ULID's 16 bytes, as canonical text: lossless
 * both ways, but the result is an RFC 9562 UUID only by chance (see
 * ULIDToUUIDv7 for one that is).
 * @param {unknown} l a ULID
 * @returns {string}
 */
export function ULIDToUUID(l) {
  return uuidOf(wordsOf(idOf(ulid, l).toBigInt(), 4));
}

/**
 * Returns the UUIDv7 with the ULID's time (48 bits of milliseconds) and
 * the last 74 of its 80 random bits: the first 6 are lost (the version and
 * variant take their place). It never fails; UUIDv7ToULID gives back a
 * ULID with those 6 bits zero.
 * @param {unknown} l a ULID
 * @returns {uuidv7.ID}
 */
export function ULIDToUUIDv7(l) {
  const n = idOf(ulid, l).toBigInt();
  const hi = n >> 64n & 0x3ffn, lo = n & ones(64);
  return packV7(n >> 80n, hi << 2n | lo >> 62n, lo & ones(62));
}

/**
 * Returns the ULID with the UUIDv7's time and its 74 random bits, the
 * entropy's top 6 bits zero: lossless (ULIDToUUIDv7 gives the UUID back),
 * and it sorts as the UUID does. A UUID that is not a UUIDv7 (version 7,
 * variant 0b10) is ErrNotV7.
 * @param {unknown} u a UUID
 * @returns {ulid.ID}
 */
export function UUIDv7ToULID(u) {
  const n = uuidBits(u);
  if (version(n) !== 7 || !rfc(n)) throw fail(C, 'ErrNotV7', 'not a UUIDv7: version ' + version(n) + ', variant bits ' + (n >> 62n & 3n).toString(2).padStart(2, '0'));
  const randA = n >> 64n & 0xfffn;
  return new ulid.ID(n >> 80n << 80n | randA >> 2n << 64n | (randA & 3n) << 62n | n & ones(62));
}

/**
 * Returns the UUIDv7 that embeds the Snowflake (Twitter's layout): its
 * time as the UUID's milliseconds, its node and sequence (22 bits) as the
 * top of the random bits, every other random bit zero. Lossless:
 * UUIDv7ToSnowflake gives the Snowflake back. A negative Snowflake (its top
 * bit set) is ErrRange.
 * @param {unknown} id a Snowflake
 * @returns {uuidv7.ID}
 */
export function SnowflakeToUUIDv7(id) {
  const s = idOf(snowflake, id);
  const n = s.toBigInt();
  if (n >> 63n) throw fail(SNOWFLAKE, 'ErrRange', 'Snowflake ' + s + ' is negative');
  const low = n & ones(22); // the node and the sequence
  return packV7((n >> 22n) + SNOWFLAKE_EPOCH_MS, low >> 10n, (low & 0x3ffn) << 52n);
}

/**
 * Returns the Snowflake that SnowflakeToUUIDv7 embedded in the UUIDv7. A
 * UUID that is not one (not a UUIDv7, random bits below the embedded 22
 * that are not zero, or a time outside a Snowflake's) is ErrNotEmbedded.
 * @param {unknown} u a UUID
 * @returns {snowflake.ID}
 */
export function UUIDv7ToSnowflake(u) {
  const n = uuidBits(u);
  const randA = n >> 64n & 0xfffn, randB = n & ones(62);
  const ms = (n >> 80n) - SNOWFLAKE_EPOCH_MS;
  if (version(n) !== 7 || !rfc(n) || randB & ones(52) || ms < 0n || ms >> 41n) {
    throw fail(C, 'ErrNotEmbedded', 'not a Snowflake embedded in a UUIDv7: ' + uuidOf(wordsOf(n, 4)));
  }
  return new snowflake.ID(ms << 22n | randA << 10n | randB >> 52n);
}
