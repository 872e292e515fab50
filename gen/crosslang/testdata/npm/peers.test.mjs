// The committed JavaScript package (js/) reads what the npm peers make
// (uuid, ulid, ksuid, typeid-js, at the versions package.json pins), and
// they read what it makes: the same bytes, the same text, the same time.
// Run by conformance's TestPeers with node --test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

import * as uuid from 'uuid';
import { ulid, monotonicFactory, decodeTime } from 'ulid';
import { typeid, TypeID } from 'typeid-js';

import * as v1 from '../../../../js/uuidv1.js';
import * as v4 from '../../../../js/uuidv4.js';
import * as v6 from '../../../../js/uuidv6.js';
import * as v7 from '../../../../js/uuidv7.js';
import * as ourULID from '../../../../js/ulid.js';
import * as ourKSUID from '../../../../js/ksuid.js';

const KSUID = createRequire(import.meta.url)('ksuid'); // CommonJS only

const N = 200;

const uuids = [
  ['v1', v1, uuid.v1, 1],
  ['v4', v4, uuid.v4, 4],
  ['v6', v6, uuid.v6, 6],
  ['v7', v7, uuid.v7, 7],
];

for (const [name, ours, theirs, version] of uuids) {
  test(`uuid ${name}: ours reads uuid.js's`, () => {
    for (let i = 0; i < N; i++) {
      const s = theirs();
      const id = ours.ID.parse(s);
      assert.ok(id.valid(), s);
      assert.equal(id.toString(), s);
      assert.deepEqual(id.bytes(), uuid.parse(s));
      assert.ok(ours.ID.parse(s.toUpperCase()).equals(id));
    }
  });
  test(`uuid ${name}: uuid.js reads ours`, () => {
    const g = ours.newGenerator();
    for (let i = 0; i < N; i++) {
      const id = g.next();
      const s = id.toString();
      assert.ok(uuid.validate(s), s);
      assert.equal(uuid.version(s), version);
      assert.deepEqual(uuid.parse(s), id.bytes());
      assert.equal(uuid.stringify(id.bytes()), s);
    }
  });
}

test('uuid v1 and v6: the same instant converts both ways alike', () => {
  const a = v1.newGenerator().next();
  const six = uuid.v1ToV6(a.toString());
  assert.equal(v6.ID.parse(six).time().getTime(), a.time().getTime());
  assert.equal(uuid.v6ToV1(six), a.toString());
});

test('ulid: ours reads ulid\'s, time included', () => {
  const mono = monotonicFactory();
  for (let i = 0; i < N; i++) {
    for (const s of [ulid(), mono()]) {
      const id = ourULID.ID.parse(s);
      assert.equal(id.toString(), s);
      assert.equal(id.crockford(), s);
      assert.equal(id.time().getTime(), decodeTime(s));
    }
  }
});

test('ulid: ulid reads ours, time included, in order', () => {
  const g = ourULID.newGenerator();
  let last = '';
  for (let i = 0; i < N; i++) {
    const id = g.next();
    const s = id.toString();
    assert.equal(decodeTime(s), id.time().getTime());
    assert.ok(s > last, `${s} after ${last}`);
    last = s;
  }
});

test('ksuid: ours reads ksuid\'s, time included', () => {
  for (let i = 0; i < N; i++) {
    const k = KSUID.randomSync();
    const id = ourKSUID.ID.parse(k.string);
    assert.equal(id.toString(), k.string);
    assert.deepEqual(id.bytes(), new Uint8Array(k.raw));
    assert.equal(id.time().getTime(), k.date.getTime());
  }
});

test('ksuid: ksuid reads ours, time included', () => {
  const g = ourKSUID.newGenerator();
  for (let i = 0; i < N; i++) {
    const id = g.next();
    const k = KSUID.parse(id.toString());
    assert.equal(k.string, id.toString());
    assert.deepEqual(new Uint8Array(k.raw), id.bytes());
    assert.equal(k.date.getTime(), id.time().getTime());
  }
});

test('typeid-js: ours reads the UUIDv7 of its TypeIDs, suffix and all', () => {
  for (let i = 0; i < N; i++) {
    const t = typeid('user');
    const id = v7.ID.parse(t.toUUID());
    assert.ok(id.valid());
    // A TypeID's suffix is the UUID's 128 bits in lower-case Crockford.
    assert.equal(id.crockford().toLowerCase(), t.getSuffix());
    assert.ok(v7.ID.parseCrockford(t.getSuffix().toUpperCase()).equals(id));
  }
});

test('typeid-js: reads ours', () => {
  const g = v7.newGenerator();
  for (let i = 0; i < N; i++) {
    const id = g.next();
    const t = TypeID.fromUUID('user', id.toString());
    assert.equal(t.toUUID(), id.toString());
    assert.equal(t.toString(), 'user_' + id.crockford().toLowerCase());
    assert.equal(TypeID.fromString(t.toString()).toUUID(), id.toString());
  }
});
