// A typed use of the generated JavaScript's declarations (js/*.d.ts), which
// tsc --noEmit checks: what a TypeScript user writes must type-check, and
// each line marked @ts-expect-error must not (tsc fails if it does).
import * as v7 from '../../../../js/uuidv7.js';
import * as v3 from '../../../../js/uuidv3.js';
import * as ulid from '../../../../js/ulid.js';
import * as snowflake from '../../../../js/snowflake.js';
import * as uuidv1 from '../../../../js/uuidv1.js';
import * as v5 from '../../../../js/uuidv5.js';
import * as compat from '../../../../js/compat.js';
import * as lease from '../../../../js/lease.js';
import type { ID as ksuidID } from '../../../../js/ksuid.js';

// UUIDv7: a generator with no node, every text form, fields as BigInt.
const g: v7.Generator = v7.newGenerator();
const id: v7.ID = g.next();
const texts: string[] = [id.toString(), id.toJSON(), id.base62(), id.crockford(), id.hex()];
const back: v7.ID = v7.ID.parse(texts[0]);
const same: boolean = back.equals(id) && v7.ID.parseBase62(id.base62()).compare(id) === 0;
const ms: bigint = id.fields().unix_ms;
const when: Date = id.time();
const ns: bigint = id.unixNanos();
const lo: v7.ID = v7.ID.minAt(new Date(0));
const hi: v7.ID = v7.ID.maxAt(1_700_000_000_000_000_000n);
const order: -1 | 0 | 1 = lo.compare(hi);
const raw: Uint8Array = id.bytes();
const again: v7.ID = v7.ID.fromBytes(raw);
const packed: v7.ID = v7.ID.pack({ unix_ms: 1n, rand_a: 2, rand_b: 3n });
const flags: boolean[] = [id.valid(), id.isZero(), again.equals(packed)];
const n: bigint = id.toBigInt();
const fixed = v7.newGenerator({ clock: () => 1_700_000_000_000_000_000n });

// The process-wide generator, the text-only functions, NIL and MAX, and
// fromBytes of any buffer.
const next: v7.ID = v7.newId();
const text: string = v7.newText();
const bytes: Uint8Array = v7.textToBytes(text);
const fromBuffer: v7.ID = v7.ID.fromBytes(bytes.buffer);
const fromView: v7.ID = v7.ID.fromBytes(new DataView(bytes.buffer));
const ends: boolean = v7.ID.NIL.isZero() && v7.ID.MAX.compare(next) === 1 && v7.bytesToText(bytes) === text;
// @ts-expect-error: uuidv7 has no node to set.
v7.setNode(1);

// Errors carry the Go sentinel's name.
try {
  v7.ID.parse('nope');
} catch (e) {
  if (e instanceof v7.IDError) {
    const code: v7.IDErrorCode = e.code;
    const at: number | undefined = e.position;
    console.log(code, at);
  }
}

// Every code the runtime throws is one of IDErrorCode's (gen/js's
// TestErrorCodesDeclared checks the runtime against the union).
const codes: v7.IDErrorCode[] = ['ErrKey', 'ErrInvalid', 'ErrNotMasked'];
// @ts-expect-error: no such code.
const noCode: v7.IDErrorCode = 'ErrWrongKey';

// Private IDs: functions of the module, not methods of the class.
const key = new Uint8Array(32).fill(7);
const pub: string = v7.mask(id, key, 'tenant');
const unmasked: v7.ID = v7.unmask(pub, key.buffer, new Uint8Array(0));
const pubText: string = v7.maskText(id.toString(), key);
const idText: string = v7.unmaskText(pubText, key);
// @ts-expect-error: mask is no method of the class.
id.mask(key);
// @ts-expect-error: unmask is no static method of the class.
v7.ID.unmask(pub, key);
// @ts-expect-error: mask takes an ID of its own layout.
v7.mask(ulid.newGenerator().next(), key);

// A name-based layout has no time and no generator.
const name: v3.ID = v3.ID.parse('5df41881-3aed-3515-88a7-2f4a814cf09e');
const none: null = name.time();
// @ts-expect-error: uuidv3 is name-based, so its module has no generator.
v3.newGenerator();

// Snowflake: a generator needs its node; IDs are BigInt end to end.
const sf: snowflake.ID = snowflake.newGenerator(7).next();
const node: bigint = sf.fields().node;
const sf2: snowflake.Generator = snowflake.newGenerator(7n, { clock: () => 0n });
// @ts-expect-error: the node is required.
snowflake.newGenerator();
snowflake.setNode(7);
const sf3: snowflake.ID = snowflake.newId();
// @ts-expect-error: a node is a BigInt or a number.
snowflake.setNode('7');
// @ts-expect-error: fields are BigInt, never a JavaScript number.
const lossy: number = sf.fields().timestamp;

// UUIDv1's node may be left out (a random one), or given.
const v1a: uuidv1.Generator = uuidv1.newGenerator();
const v1b: uuidv1.Generator = uuidv1.newGenerator(0x9f6bdeced846n);

// ULID: Crockford text.
const u: string = ulid.newGenerator().next().toString();
// @ts-expect-error: parse takes a string.
ulid.ID.parse(42);

// fromName for name-based layouts, isValid everywhere, a source of random
// bytes, and the conversions.
const named: v5.ID = v5.fromName('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com');
const named2: v5.ID = v5.fromName(named, new Uint8Array([1, 2]));
// @ts-expect-error: a name is text or bytes.
v5.fromName(named, 42);
// @ts-expect-error: only a name-based layout has fromName.
v7.fromName(named, 'x');
const valid: boolean = v7.isValid(null) || ulid.isValid('01ARZ3NDEKTSV4RRFFQ69G5FAV');
const seeded: v7.ID = v7.newGenerator({ random: (b: Uint8Array) => b.fill(1) }).next();
// @ts-expect-error: Snowflake draws no random bits, so it takes no random option.
snowflake.newGenerator(1, { random: (b: Uint8Array) => b.fill(1) });
const k: ksuidID = compat.UUIDToKSUID(seeded);
const u7: v7.ID = compat.ULIDToUUIDv7(compat.UUIDv7ToULID(seeded.toString()));
const s7: snowflake.ID = compat.UUIDv7ToSnowflake(compat.SnowflakeToUUIDv7(snowflake.newId()));
const asUUID: string = compat.KSUIDToUUID(compat.UUIDToKSUIDAt(named.bytes(), new Date()));
const convCode: compat.IDErrorCode = 'ErrNotEmbedded';

export const used = [named2, valid, k, u7, s7, asUUID, convCode, texts, same, ms, when, ns, order, flags, n, fixed, next, fromBuffer, fromView, ends, codes, noCode, unmasked, idText, none, node, sf2, sf3, lossy, v1a, v1b, u];

// The lease client: the generator of a lease of Snowflake's space makes
// Snowflakes of the leased node.
async function leased(query: lease.Query): Promise<snowflake.ID> {
  const l: lease.Lease<snowflake.Generator> = await lease.acquire(query, snowflake.LEASE_SPACE, { ttl: 10000, wait: 30000 });
  const made: snowflake.ID = l.newGenerator().next();
  const node: bigint = l.node;
  const lost: lease.IDError = await l.done;
  await l.close();
  // @ts-expect-error the lease's options have no clock
  await lease.acquire(query, snowflake.LEASE_SPACE, { clock: 1 });
  return node === made.fields().node && lost.code === 'ErrLeaseLost' ? made : made;
}
void leased;
