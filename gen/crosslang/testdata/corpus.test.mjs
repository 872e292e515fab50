// Runs the conformance corpus against the JavaScript modules generated for
// its layouts: node --test, with IDFORGE_CORPUS naming corpus.jsonl and
// IDFORGE_MODULES the folder of modules, one per layout (its name with '-'
// as '_', .js). The Go test TestScripts sets both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Makes a generator: newGenerator(node, options) for layouts with a node, newGenerator(options) for others. */
function generator(m, node, options) {
  // A layout without a time takes no clock (ErrOption).
  if (options?.clock && m.ID.minAt === undefined) {
    const { clock, ...rest } = options;
    options = rest;
  }
  return m.newGenerator.length === 2 ? m.newGenerator(node, options) : m.newGenerator(options);
}

const records = readFileSync(process.env.IDFORGE_CORPUS, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const byLayout = new Map();
for (const r of records) {
  if (!byLayout.has(r.layout)) byLayout.set(r.layout, []);
  byLayout.get(r.layout).push(r);
}

function hexBytes(h) {
  return Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
}

// throwsCode asserts that fn throws the IDError of code, its message
// prefixed by the layout's name as Go's sentinels are by their package's.
function throwsCode(fn, code, what, layout) {
  assert.throws(fn, (e) => e.name === 'IDError' && e.code === code && e.message.startsWith(layout + ': '), what);
}

for (const [layout, rs] of byLayout) {
  const head = rs[0];
  // Decimal text is the unsigned number an ID's bits hold. A layout whose
  // top bit is a constant zero reads no more than 2^63-1, as Go's package
  // of it does: the corpus has 2^63 among its bad texts
  // (conformance.DecimalError), and the text of an ID with the top bit set
  // (an invalid one) reads as bad text, too long or too large.
  const narrow = head.text === 'decimal' && rs.some((r) => r.kind === 'bad' && r.form === 'text' && r.input === '9223372036854775808');
  const unreadable = (text) => narrow && text.length >= 19 && BigInt(text) >= 2n ** 63n;
  const unreadableCode = (text) => (text.length > 19 ? 'ErrLength' : 'ErrOverflow');
  test(layout, async (t) => {
    const m = await import(pathToFileURL(join(process.env.IDFORGE_MODULES, layout.replaceAll('-', '_') + '.js')).href);
    const { ID } = m;
    for (const r of rs) {
      switch (r.kind) {
        case 'id': {
          const id = ID.fromBytes(hexBytes(r.hex));
          assert.equal(id.hex(), r.hex);
          assert.equal(id.base62(), r.base62);
          assert.equal(id.crockford(), r.crockford);
          assert.equal(id.toString(), r.text);
          assert.equal(JSON.stringify(id), JSON.stringify(r.text));
          const texts = [['parseHex', r.hex], ['parseHex', r.hex.toUpperCase()], ['parseBase62', r.base62], ['parseCrockford', r.crockford], ['parseCrockford', r.crockford.toLowerCase()], ['parse', r.text]];
          if (unreadable(r.text)) {
            throwsCode(() => ID.parse(r.text), unreadableCode(r.text), `parse(${r.text})`, layout);
            texts.pop();
          }
          for (const [form, s] of texts) {
            assert.ok(ID[form](s).equals(id), `${form}(${s})`);
          }
          // isValid: parse reads the text, and the ID has the layout's constant bits.
          assert.equal(m.isValid(r.text), !unreadable(r.text) && r.valid, `isValid(${r.text})`);
          assert.deepEqual(id.bytes(), hexBytes(r.hex));
          assert.equal(id.valid(), r.valid);
          assert.equal(id.isZero(), /^0+$/.test(r.hex));
          const fields = id.fields();
          for (const [name, want] of Object.entries(r.fields)) {
            const got = fields[name];
            if (got instanceof Uint8Array) assert.deepEqual(got, hexBytes(want), name);
            else assert.equal(got, BigInt(want), name);
          }
          assert.ok(ID.pack(fields).toBigInt() === id.toBigInt() || !r.valid, 'pack(fields())');
          if (r.unix_ns) {
            const ns = BigInt(r.unix_ns);
            assert.equal(id.unixNanos(), ns);
            const ms = ns >= 0n ? ns / 1000000n : -((-ns + 999999n) / 1000000n);
            if (ms <= 8640000000000000n && ms >= -8640000000000000n) assert.equal(id.time().getTime(), Number(ms));
          } else {
            assert.equal(id.time(), null);
          }
          break;
        }
        case 'mask': {
          // Four forms: hex and public (a known answer); hex and ErrInvalid
          // (an ID whose constant bits are not the layout's: mask refuses
          // it); public and ErrNotMasked (text whose constant bits no
          // public form has: unmask refuses it); a bad key, hex and ErrKey.
          const key = hexBytes(r.key), tweak = hexBytes(r.tweak || '');
          const id = r.hex === undefined ? undefined : ID.fromBytes(hexBytes(r.hex));
          const pub = r.public === undefined ? undefined : ID.fromBytes(hexBytes(r.public));
          // The text of an ID whose top bit is set, in a decimal layout
          // whose top bit is a constant zero, is no text of the layout: the
          // text functions refuse it before any mask is made.
          if (r.error === undefined) {
            assert.equal(m.mask(id, key, tweak), pub.toString(), `mask(${r.hex})`);
            assert.ok(m.unmask(pub.toString(), key, tweak).equals(id), `unmask(${r.public})`);
            assert.equal(m.maskText(id.toString(), key, tweak), pub.toString(), `maskText(${r.hex})`);
            assert.equal(m.unmaskText(pub.toString(), key, tweak), id.toString(), `unmaskText(${r.public})`);
            break;
          }
          switch (r.error) {
            case 'ErrInvalid':
            case 'ErrKey':
              assert.equal(pub, undefined, 'a refusal of mask has no public form');
              assert.equal(id.valid(), r.error === 'ErrKey', `valid(${r.hex})`);
              throwsCode(() => m.mask(id, key, tweak), r.error, `mask(${r.hex})`, layout);
              if (!unreadable(id.toString())) throwsCode(() => m.maskText(id.toString(), key, tweak), r.error, `maskText(${r.hex})`, layout);
              if (r.error === 'ErrKey') {
                // No error carries the key, in hex or as numbers.
                try {
                  m.mask(id, key, tweak);
                } catch (e) {
                  assert.ok(!e.message.includes(r.key), e.message);
                }
                throwsCode(() => m.unmaskText(id.toString(), key, tweak), 'ErrKey', `unmaskText(${r.hex})`, layout);
              }
              break;
            case 'ErrNotMasked':
              assert.equal(id, undefined, 'a refusal of unmask has no ID');
              if (unreadable(pub.toString())) {
                throwsCode(() => m.unmask(pub.toString(), key, tweak), unreadableCode(pub.toString()), `unmask(${pub})`, layout);
                break;
              }
              throwsCode(() => m.unmask(pub.toString(), key, tweak), 'ErrNotMasked', `unmask(${r.public})`, layout);
              throwsCode(() => m.unmaskText(pub.toString(), key, tweak), 'ErrNotMasked', `unmaskText(${r.public})`, layout);
              break;
            default:
              assert.fail(`a mask record of error ${r.error}`);
          }
          break;
        }
        case 'name': {
          // fromName, as Go's NewV3, NewV5 and NewV8SHA256 make the ID: the
          // namespace as bytes, as an ID and as its text, the name as text
          // and as its UTF-8 bytes.
          const ns = hexBytes(r.namespace);
          const name = r.name ?? '';
          for (const n of [ns, ID.fromBytes(ns), ID.fromBytes(ns).toString()]) {
            assert.equal(m.fromName(n, name).hex(), r.hex, `fromName(${r.namespace}, ${JSON.stringify(name)})`);
          }
          assert.equal(m.fromName(ns, new TextEncoder().encode(name)).hex(), r.hex, `fromName(${r.namespace}, bytes)`);
          break;
        }
        case 'bad-name': {
          // A name of text that is not valid Unicode (a lone surrogate)
          // has no UTF-8: fromName refuses it, where TextEncoder would
          // hash U+FFFD instead. Its bytes, given as bytes, are hashed as
          // they are.
          const ns = hexBytes(r.namespace);
          const name = String.fromCharCode(...r.utf16);
          assert.equal(name.isWellFormed?.() ?? false, false, `${JSON.stringify(name)} is not valid Unicode`);
          throwsCode(() => m.fromName(ns, name), r.error, `fromName(${r.namespace}, ${JSON.stringify(name)})`, layout);
          assert.equal(m.fromName(ns, hexBytes(r.input)).hex(), r.hex, `fromName(${r.namespace}, bytes ${r.input})`);
          break;
        }
        case 'valid': {
          // isValid(text) is true when parse reads the text and the ID it
          // reads has the layout's constant bits; it never throws. Where
          // parse refuses the text, the record names the error kind.
          const input = r.input ?? ''; // the empty text has no input field
          assert.equal(m.isValid(input), r.valid, `isValid(${JSON.stringify(input)})`);
          if (r.error) throwsCode(() => ID.parse(input), r.error, `parse(${JSON.stringify(input)})`, layout);
          else assert.equal(ID.parse(input).valid(), r.valid, `parse(${JSON.stringify(input)}).valid()`);
          break;
        }
        case 'order': {
          // compare puts the IDs in unsigned byte order.
          const ids = r.ids.map((h) => ID.fromBytes(hexBytes(h)));
          for (let i = 1; i < ids.length; i++) {
            assert.equal(ids[i - 1].compare(ids[i]), -1, `${r.ids[i - 1]} before ${r.ids[i]}`);
            assert.equal(ids[i].compare(ids[i - 1]), 1, `${r.ids[i]} after ${r.ids[i - 1]}`);
            assert.equal(ids[i].compare(ids[i]), 0, `${r.ids[i]} equals itself`);
          }
          break;
        }
        case 'bound':
          // A side with no ID (no tick qualifies) is the record's error.
          if (r.min !== undefined) assert.equal(ID.minAt(BigInt(r.at)).hex(), r.min, `minAt(${r.at})`);
          else throwsCode(() => ID.minAt(BigInt(r.at)), r.error, `minAt(${r.at})`, layout);
          if (r.max !== undefined) assert.equal(ID.maxAt(BigInt(r.at)).hex(), r.max, `maxAt(${r.at})`);
          else throwsCode(() => ID.maxAt(BigInt(r.at)), r.error, `maxAt(${r.at})`, layout);
          break;
        case 'alias': {
          // Text the form reads though its writer never writes it
          // (Crockford's I, L and O, and lower case): the ID, written back
          // canonical; isValid takes it too.
          const parse = { crockford: 'parseCrockford', text: 'parse' }[r.form];
          const id = ID[parse](r.input);
          assert.equal(id.hex(), r.hex, `${parse}(${r.input})`);
          assert.equal(r.form === 'text' ? id.toString() : id.crockford(), r.text, `${parse}(${r.input}) written back`);
          if (r.form === 'text') assert.equal(m.isValid(r.input), id.valid(), `isValid(${r.input})`);
          break;
        }
        case 'bad': {
          const parse = { base62: 'parseBase62', crockford: 'parseCrockford', hex: 'parseHex', text: 'parse' }[r.form];
          const input = r.input ?? ''; // the empty text has no input field
          if (r.form === 'bytes') throwsCode(() => ID.fromBytes(hexBytes(input)), r.error, 'bytes ' + input, layout);
          else throwsCode(() => ID[parse](input), r.error, `${parse}(${JSON.stringify(input)})`, layout);
          // The message names the input's length in bytes and, for a bad
          // character, its position (0-based, in bytes), as Go's does.
          const n = r.form === 'bytes' ? input.length / 2 : new TextEncoder().encode(input).length;
          assert.throws(
            () => (r.form === 'bytes' ? ID.fromBytes(hexBytes(input)) : ID[parse](input)),
            (e) => e.message.includes(`length ${n}`) && (r.pos === undefined || (e.message.includes(`position ${r.pos}`) && e.position === r.pos)),
            `${r.form} ${JSON.stringify(input)}: the message names the length ${n}` + (r.pos === undefined ? '' : ` and position ${r.pos}`),
          );
          if (r.form === 'text') assert.equal(m.isValid(input), false, `isValid(${JSON.stringify(input)})`);
          break;
        }
      }
    }
    if (!head.generates) {
      assert.equal(m.newGenerator, undefined);
      return;
    }
    await t.test('generator', () => {
      if (head.node) throwsCode(() => m.newGenerator(), 'ErrRange', 'a generator without its node', layout);
      const real = generator(m, head.node ? 1n : undefined);
      assert.ok(real.next().valid() && real.next().valid());
      // A clock that moves on a millisecond at every reading, so that the
      // test never waits on the machine's clock.
      let now = 1800000000000000000n;
      const g = generator(m, head.node ? 1n : undefined, { clock: () => (now += 1000000n) });
      let prev = null;
      for (let i = 0; i < 3000; i++) {
        const id = g.next();
        assert.ok(id.valid());
        assert.ok(ID.parse(id.toString()).equals(id));
        if (prev && head.monotonic) assert.equal(id.compare(prev), 1, 'strictly increasing');
        prev = id;
      }
    });
    if (head.monotonic) {
      await t.test('clock going back', () => {
        let now = 1800000000000000000n;
        const clock = () => now;
        const g = generator(m, head.node ? 1n : undefined, { clock });
        let prev = g.next();
        for (let i = 0; i < 50; i++) {
          now -= BigInt(i % 3) * 7000000000n; // back by 0, 7 or 14 seconds
          let id;
          try {
            id = g.next();
          } catch (e) {
            // A waiting layout may give up rather than wait for a clock that went back.
            assert.ok(['ErrClockBackwards', 'ErrClockStalled'].includes(e.code), e.message);
            break;
          }
          assert.equal(id.compare(prev), 1, 'increasing with the clock going back');
          prev = id;
        }
      });
    }
  });
}
