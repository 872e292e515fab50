// TypeScript declarations of the module beside this file: the conversions
// between layouts (UUID and KSUID, ULID and UUIDv7, Snowflake and UUIDv7).

import type { ID as KSUID } from './ksuid.js';
import type { ID as Snowflake } from './snowflake.js';
import type { ID as ULID } from './ulid.js';
import type { ID as UUIDv7 } from './uuidv7.js';

/**
 * The codes of the IDError the conversions throw: ErrNoTime (a UUID that
 * holds no time), ErrNotUUID (a KSUID whose payload is no RFC 9562 UUID),
 * ErrNotV7 (a UUID that is not a UUIDv7), ErrNotEmbedded (a UUIDv7 that
 * embeds no Snowflake), ErrTime (a time outside a KSUID's range), ErrRange
 * (a negative Snowflake), and ErrType, ErrLength, ErrSyntax and
 * ErrOverflow for an argument that is no ID of its kind.
 */
export type IDErrorCode =
  | 'ErrNoTime'
  | 'ErrNotUUID'
  | 'ErrNotV7'
  | 'ErrNotEmbedded'
  | 'ErrTime'
  | 'ErrRange'
  | 'ErrType'
  | 'ErrLength'
  | 'ErrSyntax'
  | 'ErrOverflow';

/**
 * The error every module of the package throws (one class: an error of a
 * conversion is an instance of the IDError every layout's module exports).
 */
export declare class IDError extends Error {
  /**
   * @param code the kind of error, such as 'ErrNotV7'
   * @param message what is wrong, the module's or layout's name first
   * @param position the byte offset of the bad character, for ErrSyntax
   */
  constructor(code: IDErrorCode, message: string, position?: number);
  /** The kind of error, such as 'ErrNotV7'. */
  readonly code: IDErrorCode;
  /** The byte offset of the bad character, for ErrSyntax, counted in bytes of UTF-8. */
  readonly position?: number;
}

/** Bytes: an ArrayBuffer (or a SharedArrayBuffer) or any view of one. */
export type Bytes = ArrayBufferLike | ArrayBufferView;

/**
 * A UUID: an ID of any of the package's UUID layouts (uuidv1 to uuidv8),
 * UUID text in any form their ID.parse reads, or its 16 bytes.
 */
export type UUIDLike = { toBigInt(): bigint; bytes(): Uint8Array } | string | Bytes;

/**
 * Returns the KSUID whose timestamp is the UUID's time (whole seconds) and
 * whose payload is the UUID's 16 bytes: KSUIDToUUID gives the UUID back. A
 * UUID without a time (not version 1, 6 or 7) is ErrNoTime; a time outside
 * the KSUID's range is ErrTime.
 */
export declare function UUIDToKSUID(u: UUIDLike): KSUID;

/**
 * Returns the KSUID whose timestamp is t (a Date, or a BigInt of
 * nanoseconds since the Unix epoch), rounded down to the second, and whose
 * payload is the UUID's 16 bytes. A time outside the KSUID's range is
 * ErrTime.
 */
export declare function UUIDToKSUIDAt(u: UUIDLike, t: Date | bigint): KSUID;

/**
 * Returns the canonical text of the UUID that is the KSUID's payload: the
 * inverse of UUIDToKSUID. A payload that is no RFC 9562 UUID is ErrNotUUID.
 */
export declare function KSUIDToUUID(k: KSUID | string | Bytes): string;

/**
 * Returns a UUIDv7 with the KSUID's time (as milliseconds) and the first 74
 * bits of its payload; the other 54 are lost.
 */
export declare function KSUIDToUUIDv7(k: KSUID | string | Bytes): UUIDv7;

/** Returns the ULID with the UUID's 16 bytes: lossless both ways. */
export declare function UUIDToULID(u: UUIDLike): ULID;

/**
 * Returns the canonical text of the UUID with the ULID's 16 bytes: lossless
 * both ways, an RFC 9562 UUID only by chance.
 */
export declare function ULIDToUUID(l: ULID | string | Bytes): string;

/**
 * Returns the UUIDv7 with the ULID's time and the last 74 of its 80 random
 * bits; the first 6 are lost.
 */
export declare function ULIDToUUIDv7(l: ULID | string | Bytes): UUIDv7;

/**
 * Returns the ULID with the UUIDv7's time and 74 random bits, the top 6 of
 * its entropy zero: ULIDToUUIDv7 gives the UUID back. A UUID that is not a
 * UUIDv7 is ErrNotV7.
 */
export declare function UUIDv7ToULID(u: UUIDLike): ULID;

/**
 * Returns the UUIDv7 that embeds the Snowflake: its time, node and
 * sequence; UUIDv7ToSnowflake gives it back. A negative Snowflake is
 * ErrRange.
 */
export declare function SnowflakeToUUIDv7(id: Snowflake | string | Bytes): UUIDv7;

/**
 * Returns the Snowflake that SnowflakeToUUIDv7 embedded in the UUIDv7; a
 * UUID that embeds none is ErrNotEmbedded.
 */
export declare function UUIDv7ToSnowflake(u: UUIDLike): Snowflake;
