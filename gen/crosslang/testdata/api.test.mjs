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

test('the runtime SHA-256 and HMAC-SHA-256 of Private IDs: NIST and RFC 4231 vectors, and node:crypto on every length', async () => {
  const rt = await load('runtime');
  const { createHash, createHmac, randomBytes } = await import('node:crypto');
  const hex = (b) => Buffer.from(b).toString('hex');
  const text = (s) => new TextEncoder().encode(s);
  const sha = (b) => hex(rt.sha256From(rt.SHA256_IV, b, 0));
  // FIPS 180-4 examples (NIST's SHA256.pdf and the CSRC vectors).
  assert.equal(sha(text('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha(text('')), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  assert.equal(sha(text('abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu')), 'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
  assert.equal(sha(new Uint8Array(1000000).fill(0x61)), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  // RFC 4231 test cases 1, 2 and 6 (a key longer than a block).
  assert.equal(hex(rt.hmacSHA256(new Uint8Array(20).fill(0x0b), text('Hi There'))), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
  assert.equal(hex(rt.hmacSHA256(text('Jefe'), text('what do ya want for nothing?'))), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  assert.equal(hex(rt.hmacSHA256(new Uint8Array(131).fill(0xaa), text('Test Using Larger Than Block-Size Key - Hash Key First'))), '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  for (let n = 0; n < 200; n++) {
    const msg = randomBytes(n), key = randomBytes(1 + n % 100);
    assert.equal(sha(msg), createHash('sha256').update(msg).digest('hex'), 'length ' + n);
    assert.equal(hex(rt.hmacSHA256(key, msg)), createHmac('sha256', key).update(msg).digest('hex'), 'length ' + n);
  }
});

test('mask and unmask: round trips, ErrKey, ErrNotMasked, tweaks and keys as any bytes', () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => i);
  for (let i = 0; i < 200; i++) {
    const id = v7.newId();
    const pub = id.mask(key, 'tenant');
    assert.equal(v7.ID.parse(pub).toBigInt() >> 76n & 15n, 4n, 'a UUIDv4');
    assert.ok(v7.ID.unmask(pub, key.buffer, new TextEncoder().encode('tenant')).equals(id));
    assert.equal(v7.maskText(id.toString(), key, 'tenant'), pub);
    assert.notEqual(id.mask(key), pub, 'the tweak enters the mask');
  }
  const id = v7.newId();
  throwsCode(() => id.mask(new Uint8Array(15)), 'ErrKey');
  throwsCode(() => id.mask('a text key is no key at all'), 'ErrKey');
  throwsCode(() => v7.ID.unmask(id.toString(), key), 'ErrNotMasked');
  // Every UUIDv4 is the public form of some UUIDv7 under any key (the mask
  // is a permutation of the 122 free bits): another key reads another ID.
  assert.notEqual(v7.unmaskText(id.mask(key), key.map((b) => b ^ 1)), id.toString());
  const sf = snowflake.ID.pack({ timestamp: 1n << 40n, node: 5n, sequence: 7n });
  assert.ok(snowflake.ID.unmask(sf.mask(key), key).equals(sf));
  // The all-ones ID, top bit set, is no snowflake: its text, "-1", is no
  // snowflake text either, whose top bit is a constant zero (Go's Parse
  // refuses it too), and unmask reads it no further.
  throwsCode(() => snowflake.ID.unmask(snowflake.ID.fromBytes(new Uint8Array(8).fill(0xff)).toString(), key), 'ErrSyntax');
});
