// The JavaScript package's conversions (js/compat.js, which IDFORGE_JS's
// directory holds) against Go's package compat: every record of the
// conformance corpus's conversions.jsonl, each input given as bytes, as
// text and as an ID of its layout, and the round trips the conversions
// promise. node --test conversions.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.IDFORGE_JS;
const load = (name) => import(pathToFileURL(join(dir, name + '.js')).href);
const compat = await load('compat');
const layouts = {
  ksuid: await load('ksuid'),
  snowflake: await load('snowflake'),
  ulid: await load('ulid'),
  uuidv4: await load('uuidv4'),
  uuidv7: await load('uuidv7'),
};
const records = readFileSync(new URL('../../../conformance/conversions.jsonl', import.meta.url), 'utf8')
  .trim().split('\n').map((line) => JSON.parse(line));

/** The layout whose module reads each conversion's input (a UUID: any UUID layout's; uuidv4 reads every UUID). */
const input = {
  UUIDToKSUID: 'uuidv4', UUIDToKSUIDAt: 'uuidv4', UUIDToULID: 'uuidv4', UUIDv7ToULID: 'uuidv4', UUIDv7ToSnowflake: 'uuidv4',
  KSUIDToUUID: 'ksuid', KSUIDToUUIDv7: 'ksuid', ULIDToUUID: 'ulid', ULIDToUUIDv7: 'ulid', SnowflakeToUUIDv7: 'snowflake',
};

const bytes = (hex) => Uint8Array.from(hex.match(/../g), (x) => parseInt(x, 16));
const hexOf = (r) => (typeof r === 'string' ? r.replace(/-/g, '') : r.hex());

/** Returns the result of conversion r.conv on in, as hex, or 'error ' and the IDError's code. */
function run(r, arg) {
  try {
    const args = r.at === undefined ? [arg] : [arg, BigInt(r.at)];
    return hexOf(compat[r.conv](...args));
  } catch (e) {
    if (e.name !== 'IDError') throw e;
    return 'error ' + e.code;
  }
}

test('every conversion of the corpus gives Go\'s result, its input as bytes, an ID and text', () => {
  assert.ok(records.length > 50);
  const seen = new Set();
  for (const r of records) {
    seen.add(r.conv);
    const want = r.error ? 'error ' + r.error : r.out;
    const id = layouts[input[r.conv]].ID.fromBytes(bytes(r.in));
    // A negative Snowflake has text (an int64's) that Snowflake's parser,
    // which reads the layout's non-negative IDs only, refuses, as Go's does.
    const args = r.error === 'ErrRange' ? [bytes(r.in), id] : [bytes(r.in), id, id.toString()];
    for (const arg of args) {
      assert.equal(run(r, arg), want, `${r.conv}(${r.in}${r.at ? ', ' + r.at : ''})`);
    }
  }
  assert.deepEqual([...seen].sort(), Object.keys(input).sort());
});

test('the conversions return IDs of their layouts, and the lossless ones go back', () => {
  const v7 = layouts.uuidv7.newId();
  const k = compat.UUIDToKSUID(v7);
  assert.ok(k instanceof layouts.ksuid.ID);
  assert.equal(compat.KSUIDToUUID(k), v7.toString());
  const l = compat.UUIDv7ToULID(v7);
  assert.ok(l instanceof layouts.ulid.ID);
  assert.ok(compat.ULIDToUUIDv7(l).equals(v7));
  assert.equal(compat.ULIDToUUID(compat.UUIDToULID(v7)), v7.toString());
  layouts.snowflake.setNode(7);
  const s = layouts.snowflake.newId();
  const e = compat.SnowflakeToUUIDv7(s);
  assert.ok(e instanceof layouts.uuidv7.ID);
  assert.ok(compat.UUIDv7ToSnowflake(e).equals(s));
  assert.ok(compat.UUIDToKSUIDAt(layouts.uuidv4.newId(), new Date('2024-01-02T03:04:05.678Z')).time().getTime() === Date.UTC(2024, 0, 2, 3, 4, 5));
});

test('what is no ID is an IDError', () => {
  for (const bad of [null, 42, 'not a uuid', new Uint8Array(15), layouts.ksuid.newId()]) {
    assert.throws(() => compat.UUIDToULID(bad), (e) => e.name === 'IDError', String(bad));
  }
  assert.throws(() => compat.UUIDToKSUIDAt(layouts.uuidv4.newId(), 'yesterday'), (e) => e.code === 'ErrType');
});
