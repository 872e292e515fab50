// The JavaScript package's API beyond the corpus (js/, which IDFORGE_JS
// names; TestJavaScriptAPI sets it): the default generator, newText and the
// byte functions, setNode, util.inspect and JSON, NIL and MAX, frozen IDs, fromBytes of
// any buffer, require() from CommonJS, no randomness without Web Crypto,
// bad clocks, and Private IDs' checks of IDs and keys and their
// known-answer vectors (mask/testdata/vectors.json). node --test api.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const dir = process.env.IDFORGE_JS;
const load = (name) => import(pathToFileURL(join(dir, name + '.js')).href);
const v7 = await load('uuidv7');
const ulid = await load('ulid');
const snowflake = await load('snowflake');
const v4 = await load('uuidv4');
const v1 = await load('uuidv1');

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

test('IDs are frozen: no write through their keys changes one, ID.NIL for every importer least of all', async () => {
  // An ES module's code is strict: a write into a frozen object throws.
  const nilText = String(v7.ID.NIL);
  for (const m of [v7, ulid, snowflake]) {
    const ids = [m.ID.NIL, m.ID.MAX, m.ID.fromBytes(m.ID.MAX.bytes()), m.ID.parse(String(new m.ID(5n))), new m.ID(5n)];
    for (const id of ids) {
      const before = String(id);
      assert.ok(Object.isFrozen(id), 'the ID is frozen');
      for (const key of Object.getOwnPropertySymbols(id)) {
        const v = id[key];
        assert.throws(() => { id[key] = [1, 2, 3, 4]; }, TypeError);
        if (v && typeof v === 'object') {
          assert.ok(Object.isFrozen(v), 'what the ID holds is frozen');
          assert.throws(() => { v[0] = 1; }, TypeError);
        }
      }
      assert.throws(() => { id.extra = 1; }, TypeError);
      assert.equal(String(id), before);
    }
  }
  // Another importer (a script that is not strict) writing into ID.NIL: no
  // effect, here or there.
  const out = execFileSync(process.execPath, ['-e', `const m = require(${JSON.stringify(join(dir, 'uuidv7.js'))});
    for (const k of Object.getOwnPropertySymbols(m.ID.NIL)) { m.ID.NIL[k] = [1, 1, 1, 1]; try { m.ID.NIL[k][0] = 7; } catch {} }
    process.stdout.write(String(m.ID.NIL))`]);
  assert.equal(String(out), nilText);
  assert.equal(String(v7.ID.NIL), nilText);
  assert.ok(v7.ID.NIL.isZero());
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

test('the package\'s CommonJS entries are its ES modules, not copies: one generator for import and require', async () => {
  const { createRequire } = await import('node:module');
  const req = createRequire(join(dir, 'package.json'));
  for (const name of ['uuidv7', 'ulid', 'index', 'compat']) {
    const cjs = req('./' + name + '.cjs');
    const esm = await load(name);
    assert.deepEqual(Object.keys(cjs).filter((k) => k !== '__esModule').sort(), Object.keys(esm).sort(), name);
    for (const k of Object.keys(esm)) assert.equal(cjs[k], esm[k], name + '.' + k);
  }
  const a = v7.newId();
  const b = req('./uuidv7.cjs').newId();
  assert.ok(a.compare(b) < 0 && b instanceof v7.ID);
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

test('mask and unmask: round trips, tweaks and keys as any bytes', async () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => i);
  for (let i = 0; i < 200; i++) {
    const id = v7.newId();
    const pub = v7.mask(id, key, 'tenant');
    assert.equal(v7.ID.parse(pub).toBigInt() >> 76n & 15n, 4n, 'a UUIDv4');
    assert.ok(v7.unmask(pub, key.buffer, new TextEncoder().encode('tenant')).equals(id));
    assert.equal(v7.maskText(id.toString(), key, 'tenant'), pub);
    assert.equal(v7.unmaskText(pub, key, 'tenant'), id.toString());
    assert.notEqual(v7.mask(id, key), pub, 'the tweak enters the mask');
  }
  const sf = snowflake.ID.pack({ timestamp: 1n << 40n, node: 5n, sequence: 7n });
  assert.ok(snowflake.unmask(snowflake.mask(sf, key), key).equals(sf));
  // Masking is no method of the class, so that a bundle that never masks
  // carries no SHA-256.
  assert.equal(v7.ID.prototype.mask, undefined);
  assert.equal(v7.ID.unmask, undefined);
  // The package's entry point gives every module as a namespace, masking
  // with it.
  const { uuidv7, snowflake: sfns } = await load('index');
  assert.equal(uuidv7.unmask(uuidv7.mask(v7.ID.parse(String(v7.newId())), key), key).valid(), true);
  assert.ok(sfns.unmask(sfns.mask(sf, key), key).equals(sf));
});

test('mask refuses an ID whose constant bits are not the layout\'s: ErrInvalid', () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => i);
  const uuid4 = v4.newText();
  // A UUIDv4 given to the UUIDv7 masker.
  throwsCode(() => v7.mask(v7.ID.parse(uuid4), key), 'ErrInvalid');
  throwsCode(() => v7.maskText(uuid4, key), 'ErrInvalid');
  // A negative Snowflake: its top bit set.
  const neg = snowflake.ID.fromBytes(new Uint8Array(8).fill(0xff));
  assert.equal(neg.valid(), false);
  throwsCode(() => snowflake.mask(neg, key), 'ErrInvalid');
  try {
    v7.mask(v7.ID.parse(uuid4), key);
  } catch (e) {
    // It names what the UUID is instead (the contract: text of another
    // version says so).
    assert.match(e.message, /^uuidv7: mask: the ID's constant bits are not the layout's: a UUIDv4, not a UUIDv7$/);
  }
  // Not an ID of the layout at all.
  throwsCode(() => v7.mask(uuid4, key), 'ErrType');
  throwsCode(() => v7.mask(ulid.newId(), key), 'ErrType');
});

test('keys under 16 bytes, all zero or not bytes are ErrKey, and no error carries the key', () => {
  const id = v7.newId();
  for (const key of [new Uint8Array(0), new Uint8Array(15).fill(7), new Uint8Array(16), new Uint8Array(64), new ArrayBuffer(32), 'a text key is no key at all']) {
    throwsCode(() => v7.mask(id, key), 'ErrKey');
    throwsCode(() => v7.maskText(id.toString(), key), 'ErrKey');
    throwsCode(() => v7.unmask(v7.mask(id, new Uint8Array(16).fill(1)), key), 'ErrKey');
    throwsCode(() => v7.unmaskText(id.toString(), key), 'ErrKey');
    try {
      v7.mask(id, key);
    } catch (e) {
      if (typeof key === 'string') assert.ok(!e.message.includes(key));
      else assert.match(e.message, /at least 16 bytes.*not all zero.*idforge key/);
    }
  }
  // The message says what a key must be, never the key's bytes.
  const secret = new Uint8Array(15).fill(0xab);
  try {
    v7.mask(id, secret);
  } catch (e) {
    assert.ok(!/ab|171/.test(e.message.replace(/bytes|least/g, '')), e.message);
  }
  // A key that was accepted once is not accepted when it later reads all
  // zero: the check is of the bytes, not of the object.
  const k = new Uint8Array(16).fill(9);
  v7.mask(id, k);
  k.fill(0);
  throwsCode(() => v7.mask(id, k), 'ErrKey');
});

test('unmask: ErrNotMasked only for text whose constant bits no public form has', () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => i);
  const id = v7.newId();
  throwsCode(() => v7.unmask(id.toString(), key), 'ErrNotMasked');
  throwsCode(() => v7.unmaskText(id.toString(), key), 'ErrNotMasked');
  // Every UUIDv4 is the public form of some UUIDv7 under any key (the mask
  // is a permutation of the 122 free bits): another key reads another ID,
  // with no error.
  const other = v7.unmask(v7.mask(id, key), key.map((b) => b ^ 1));
  assert.ok(!other.equals(id));
  assert.ok(other.valid());
  // The all-ones ID, top bit set, is no snowflake: its text,
  // "18446744073709551615", is no snowflake text either, whose top bit is a
  // constant zero (19 digits at most; Go's Parse refuses it too), and
  // unmask reads it no further.
  throwsCode(() => snowflake.unmask(snowflake.ID.fromBytes(new Uint8Array(8).fill(0xff)).toString(), key), 'ErrLength');
});

test('the published known-answer vectors (mask/testdata/vectors.json), for every built-in layout: mask and unmask both ways', async () => {
  const vectors = JSON.parse(readFileSync(new URL('../../../mask/testdata/vectors.json', import.meta.url), 'utf8'));
  const modules = readdirSync(dir).filter((n) => n.endsWith('.js') && !['index.js', 'runtime.js', 'compat.js', 'lease.js'].includes(n)).map((n) => n.slice(0, -3)).sort();
  assert.deepEqual([...new Set(vectors.map((v) => v.layout.replaceAll('-', '_')))].sort(), modules, 'a vector for every built-in layout');
  const hexBytes = (h) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
  for (const v of vectors) {
    const m = await load(v.layout.replaceAll('-', '_'));
    const key = hexBytes(v.key), id = m.ID.fromBytes(hexBytes(v.id)), pub = m.ID.fromBytes(hexBytes(v.public));
    assert.equal(m.mask(id, key, v.tweak), pub.toString(), JSON.stringify(v));
    assert.ok(m.unmask(pub.toString(), key, v.tweak).equals(id), JSON.stringify(v));
    assert.equal(m.maskText(id.toString(), key, new TextEncoder().encode(v.tweak)), pub.toString(), JSON.stringify(v));
    assert.equal(m.unmaskText(pub.toString(), key, v.tweak), id.toString(), JSON.stringify(v));
  }
});

test('fromName: RFC 9562\'s vectors (appendix A.2, A.4, B.2), and the digests against node:crypto\'s', async () => {
  const { createHash } = await import('node:crypto');
  const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
  const v3 = await load('uuidv3'), v5 = await load('uuidv5'), v8 = await load('uuidv8_sha256');
  assert.equal(v3.fromName(dns, 'www.example.com').toString(), '5df41881-3aed-3515-88a7-2f4a814cf09e');
  assert.equal(v5.fromName(dns, 'www.example.com').toString(), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
  assert.equal(v8.fromName(dns, 'www.example.com').toString(), '5c146b14-3c52-8afd-938a-375d0df1fbf6');
  // A namespace of another layout of 16 bytes (a UUIDv7) and a UTF-8 name.
  const ns = v7.newId();
  const want = createHash('sha1').update(Buffer.concat([ns.bytes(), Buffer.from('名前 ☃', 'utf8')])).digest().subarray(0, 16);
  want[6] = want[6] & 0x0f | 0x50;
  want[8] = want[8] & 0x3f | 0x80;
  assert.deepEqual(v5.fromName(ns, '名前 ☃').bytes(), new Uint8Array(want));
  // Every length across the digests' block boundaries.
  for (let n = 0; n < 200; n++) {
    const name = new Uint8Array(n).map((_, i) => (i * 37 + n) & 0xff);
    for (const [m, alg] of [[v3, 'md5'], [v5, 'sha1'], [v8, 'sha256']]) {
      const d = createHash(alg).update(Buffer.concat([ns.bytes(), name])).digest();
      const got = m.fromName(ns.bytes(), name).bytes();
      assert.deepEqual(got.subarray(9), new Uint8Array(d.subarray(9, 16)), `${alg} of ${n} bytes`);
    }
  }
  throwsCode(() => v5.fromName('not a uuid', 'x'), 'ErrLength');
  throwsCode(() => v5.fromName(new Uint8Array(15), 'x'), 'ErrLength');
  throwsCode(() => v5.fromName(dns, 42), 'ErrType');
  throwsCode(() => v5.fromName(ulid.newId().bytes().subarray(0, 8), 'x'), 'ErrLength');
  assert.equal(v7.fromName, undefined, 'no fromName for a layout that is not name-based');
});

test('isValid never throws, and is true exactly where ID.parse reads an ID whose constant bits are the layout\'s', () => {
  for (const m of [v7, ulid, snowflake, v4]) {
    const good = m === snowflake ? '1541815603606036480' : m.ID.MAX.toString();
    for (const s of [good, m.ID.NIL?.toString() ?? '0', '', 'x', good + ' ', good.slice(1), null, undefined, 42, {}, [], Symbol('s'), 12n, '\u{1F600}'.repeat(13)]) {
      let valid = true;
      try {
        valid = m.ID.parse(s).valid();
      } catch {
        valid = false;
      }
      assert.equal(m.isValid(s), valid, String(typeof s === 'symbol' ? 'a symbol' : s));
    }
  }
  assert.equal(v7.isValid('{01890a5d-ac96-774b-bcce-b302099a8057}'), true);
  assert.equal(v7.isValid('urn:uuid:01890a5d-ac96-774b-bcce-b302099a8057'), true);
  // Text of another UUID version, or of another variant, which ID.parse reads: no UUIDv7's.
  assert.equal(v7.isValid('919108f7-52d1-4320-9bac-f847db4148a8'), false); // RFC 9562's UUIDv4
  assert.equal(v7.isValid('01890a5d-ac96-774b-3cce-b302099a8057'), false); // the NCS variant
  assert.equal(v7.isValid('ffffffff-ffff-ffff-ffff-ffffffffffff'), false); // Max is no UUIDv7
  assert.equal(v4.isValid('919108f7-52d1-4320-9bac-f847db4148a8'), true);
  assert.equal(snowflake.isValid('9223372036854775808'), false); // its top bit is a constant zero
});

test('mask names the version or variant of a UUID it refuses, and nothing for another layout', () => {
  const key = new Uint8Array(16).fill(7);
  assert.throws(() => v7.mask(v7.ID.parse('919108f7-52d1-4320-9bac-f847db4148a8'), key), (e) => e.code === 'ErrInvalid' && e.message.endsWith(': a UUIDv4, not a UUIDv7'));
  assert.throws(() => v7.mask(v7.ID.parse('01890a5d-ac96-774b-3cce-b302099a8057'), key), (e) => e.code === 'ErrInvalid' && e.message.endsWith(': its variant is not RFC 9562\'s'));
  const neg = snowflake.ID.fromBytes(new Uint8Array(8).fill(0xff));
  assert.throws(() => snowflake.mask(neg, key), (e) => e.code === 'ErrInvalid' && e.message.endsWith('not the layout\'s'));
});

test('fromName refuses a name of text that is not valid Unicode, and hashes bytes as they are', async () => {
  const v3 = await load('uuidv3'), v5 = await load('uuidv5');
  const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
  for (const name of ['\ud800', 'a\udc00b', 'x\ud83e', '\udeab\ud83e']) {
    throwsCode(() => v5.fromName(dns, name), 'ErrType');
    throwsCode(() => v3.fromName(dns, name), 'ErrType');
  }
  // A pair of surrogates is one code point, valid Unicode: its UTF-8.
  assert.equal(v5.fromName(dns, '\ud83e\uddab').hex(), v5.fromName(dns, new TextEncoder().encode('\u{1F9AB}')).hex());
  // The bytes of a lone surrogate in UTF-8's scheme, given as bytes, are hashed as they are.
  const wtf8 = new Uint8Array([0x61, 0xed, 0xb0, 0x80, 0x62]);
  assert.notEqual(v5.fromName(dns, wtf8).hex(), v5.fromName(dns, 'a\ufffdb').hex());
});

test('newGenerator: an option the generator cannot use, or an argument too many, is ErrOption', async () => {
  const clock = () => 1800000000000000000n;
  throwsCode(() => v7.newGenerator(undefined, { clock }), 'ErrOption');
  throwsCode(() => v7.newGenerator({ clock }, {}), 'ErrOption');
  throwsCode(() => v7.newGenerator({ clock: 5 }), 'ErrOption');
  throwsCode(() => v7.newGenerator({ clok: clock }), 'ErrOption');
  throwsCode(() => v7.newGenerator('fast'), 'ErrOption');
  throwsCode(() => v7.newGenerator(null), 'ErrOption');
  throwsCode(() => v4.newGenerator({ clock }), 'ErrOption'); // UUIDv4 holds no time
  throwsCode(() => snowflake.newGenerator(1, { random: () => {} }), 'ErrOption'); // Snowflake draws no random bits
  throwsCode(() => snowflake.newGenerator(1, { clock }, {}), 'ErrOption');
  assert.ok(v7.newGenerator({ clock, random: undefined }).next().valid());
  assert.ok(snowflake.newGenerator(1, { clock }).next().time().getTime() > 0);
});

test('newGenerator: options.random is the source of every random bit', () => {
  let calls = 0;
  const counting = (b) => {
    calls++;
    for (let i = 0; i < b.length; i++) b[i] = (i * 7 + calls) & 0xff;
  };
  for (const [m, node] of [[v7, undefined], [ulid, undefined], [v4, undefined], [v1, 5]]) {
    calls = 0;
    const clock = () => 1800000000000000000n;
    const args = node === undefined ? [{ clock: m === v4 ? undefined : clock, random: counting }] : [node, { clock, random: counting }];
    if (m === v4) delete args[0].clock;
    const a = m.newGenerator(...args).next();
    calls = 0;
    const b = m.newGenerator(...args).next();
    assert.ok(a.equals(b), 'the same random bytes and clock, the same ID');
    assert.ok(calls > 0);
  }
  // Without Web Crypto a generator with its own source still works.
  assert.ok(v4.newGenerator({ random: (b) => b.fill(9) }).next().valid());
});

test('a counter that waits for the next tick fails at once rather than spin the event loop', () => {
  let now = 1800000000000000000n;
  const g = snowflake.newGenerator(3, { clock: () => now });
  for (let i = 0; i < 4096; i++) g.next(); // a 12-bit sequence: 4096 a millisecond
  // The clock above never moves: a generator that waited would never
  // return, and the test would time out.
  throwsCode(() => g.next(), 'ErrClockStalled');
  now += 1000000n; // the next millisecond
  assert.ok(g.next().valid());
  for (let i = 0; i < 4095; i++) g.next();
  now -= 5000000n; // back by 5 ms, the counter run out
  throwsCode(() => g.next(), 'ErrClockBackwards');
  // A clock that moves on at every reading passes the tick.
  let t = 1900000000000000000n;
  const h = snowflake.newGenerator(3, { clock: () => (t += 250000n) });
  for (let i = 0; i < 10000; i++) h.next();
});
