// The JavaScript package's API beyond the corpus (js/, which IDFORGE_JS
// names; TestJavaScriptAPI sets it): the default generator, newText and the
// byte functions, setNode, util.inspect and JSON, NIL and MAX, fromBytes of
// any buffer, require() from CommonJS, no randomness without Web Crypto, and
// bad clocks. node --test api.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const dir = process.env.IDFORGE_JS;
const load = (name) => import(pathToFileURL(join(dir, name + '.js')).href);
const v7 = await load('uuidv7');
const ulid = await load('ulid');
const snowflake = await load('snowflake');

/** Asserts that fn throws the IDError of code. */
function throwsCode(fn, code) {
  assert.throws(fn, (e) => e.name === 'IDError' && e.code === code, code);
}

test('newId and newText share one generator, each ID above the last', () => {
  for (const m of [v7, ulid]) {
    let prev = m.newId();
    for (let i = 0; i < 20000; i++) {
      const text = m.newText();
      const id = i % 2 ? m.newId() : m.ID.parse(text);
      assert.equal(id.compare(prev), 1);
      prev = id;
    }
  }
});

test('setNode: newId needs it first, once', () => {
  throwsCode(() => snowflake.newId(), 'ErrNoGenerator');
  throwsCode(() => snowflake.newText(), 'ErrNoGenerator');
  throwsCode(() => snowflake.setNode(1024), 'ErrRange');
  snowflake.setNode(5);
  snowflake.setNode(5n); // the same node again: nothing
  throwsCode(() => snowflake.setNode(6), 'ErrRange');
  let prev = snowflake.newId();
  for (let i = 0; i < 5000; i++) {
    const id = snowflake.newId();
    assert.equal(id.compare(prev), 1);
    assert.equal(id.fields().node, 5n);
    prev = id;
  }
});

test('util.inspect, console.log and JSON show the text', () => {
  const id = v7.ID.parse('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
  assert.equal(inspect(id), '017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
  assert.equal(inspect({ id }), '{ id: 017f22e2-79b0-7cc3-98c4-dc0c0c07398f }');
  assert.equal(JSON.stringify({ id }), '{"id":"017f22e2-79b0-7cc3-98c4-dc0c0c07398f"}');
  assert.equal(`${id}`, '017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
});

test('NIL and MAX', () => {
  assert.equal(String(v7.ID.NIL), '00000000-0000-0000-0000-000000000000');
  assert.equal(String(v7.ID.MAX), 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  assert.ok(v7.ID.NIL === v7.ID.NIL && v7.ID.NIL.isZero());
  assert.equal(snowflake.ID.MAX.toBigInt(), (1n << 64n) - 1n);
});

test('fromBytes takes an ArrayBuffer or any view of one', () => {
  const id = v7.newId();
  const b = id.bytes();
  const padded = new Uint8Array(20);
  padded.set(b, 3);
  const shared = new Uint8Array(new SharedArrayBuffer(16));
  shared.set(b);
  for (const x of [b, Buffer.from(b), b.buffer, new DataView(b.buffer), padded.subarray(3, 19), new Uint16Array(b.buffer), new Uint32Array(b.buffer), shared, shared.buffer]) {
    assert.ok(v7.ID.fromBytes(x).equals(id), x.constructor.name);
  }
  throwsCode(() => v7.ID.fromBytes(Array.from(b)), 'ErrType');
  throwsCode(() => v7.ID.fromBytes(padded), 'ErrLength');
  assert.equal(v7.bytesToText(b), String(id));
  assert.deepEqual(v7.textToBytes(String(id)), b);
  assert.deepEqual(v7.textToBytes('{' + String(id).toUpperCase() + '}'), b);
  throwsCode(() => v7.textToBytes('nope'), 'ErrLength');
});

test('require() from CommonJS, and no top-level await', () => {
  const out = execFileSync(process.execPath, ['-e', `const m = require(${JSON.stringify(join(dir, 'uuidv7.js'))}); process.stdout.write(String(m.ID.parse(m.newText())))`]);
  assert.match(String(out), /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('no crypto.getRandomValues: ErrRandom, never a weaker source', () => {
  const src = `Object.defineProperty(globalThis, 'crypto', { value: undefined });
    const m = await import(${JSON.stringify(pathToFileURL(join(dir, 'uuidv7.js')).href)});
    try { m.newId(); console.log('made an ID'); } catch (e) { console.log(e.code); }`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', src]);
  assert.equal(String(out).trim(), 'ErrRandom');
});

test('a clock that reads no time is ErrTime', () => {
  for (const reading of [1.5, '1', null, -1n, 1n << 200n, NaN]) {
    const g = v7.newGenerator({ clock: () => reading });
    throwsCode(() => g.next(), 'ErrTime');
  }
});
