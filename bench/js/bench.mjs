// Speed of idforge's generated JavaScript (js/*.js) against the npm peers it
// replaces, measured side by side in one process.
//
// Every round runs each operation's implementations one after another, in
// an order that rotates from round to round, each for a fixed time; so load
// from other processes falls on all sides alike. For each operation it
// prints the median time per call of every implementation over the rounds,
// and the median over the rounds of the per-round ratio peer / ours (above
// 1: ours is faster). It measures; it asserts nothing.
//
//   node bench.mjs [--rounds N] [--ms MS] [--filter REGEXP]
//
// --rounds (default 31) and --ms (milliseconds per implementation per
// round, default 50) trade time for steadiness: short slices pair each
// round's implementations closely in time, so that a burst of load from
// elsewhere falls on a round's both sides; --rounds 1 --ms 5 only checks
// that everything runs.
//
// bench/js/run copies it beside the peers it installs (outside the
// checkout) and runs it there, with IDFORGE_JS naming the folder of the
// generated modules (js/).

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import * as uuidjs from 'uuid';
import { uuidv7 as uuidv7pkg } from 'uuidv7';
import * as ulidpkg from 'ulid';
import * as ulidxpkg from 'ulidx';
import { typeid, TypeID } from 'typeid-js';

/** Returns the generated module of a layout, from IDFORGE_JS. */
function ours(name) {
  if (!process.env.IDFORGE_JS) throw new Error('IDFORGE_JS is not set: run bench/js/run');
  return import(pathToFileURL(join(process.env.IDFORGE_JS, name + '.js')).href);
}

const ourV7 = await ours('uuidv7');
const ourULID = await ours('ulid');
const ourKSUID = await ours('ksuid');

const KSUID = createRequire(import.meta.url)('ksuid');

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '31' },
    ms: { type: 'string', default: '50' },
    filter: { type: 'string', default: '' },
  },
});
const ROUNDS = Number(opts.rounds);
const MS = Number(opts.ms);
const FILTER = new RegExp(opts.filter);

/** A count of distinct inputs: enough to defeat any cache, few enough to stay in L2. */
const N = 1024;

/** Returns N values made by f. */
function inputs(f) {
  return Array.from({ length: N }, (_, i) => f(i));
}

// The inputs. Every parser reads text the peer itself wrote, in the form
// both sides read; every formatter writes an ID it parsed beforehand.
const v7gen = ourV7.newGenerator();
const v7Text = inputs(() => uuidjs.v7());
const v7Ours = v7Text.map((s) => ourV7.ID.parse(s));
const v7Bytes = v7Text.map((s) => uuidjs.parse(s));

const ulidGen = ourULID.newGenerator();
const ulidMono = ulidpkg.monotonicFactory();
const ulidxMono = ulidxpkg.monotonicFactory();
const ulidText = inputs(() => ulidpkg.ulid());

const ksuidGen = ourKSUID.newGenerator();
const ksuidText = inputs(() => KSUID.randomSync().string);
const ksuidPeer = ksuidText.map((s) => KSUID.parse(s));
const ksuidOurs = ksuidText.map((s) => ourKSUID.ID.parse(s));

// A TypeID is a prefix, '_', and the 26 lower-case Crockford digits of a
// UUIDv7. Ours has no TypeID type: its honest equivalent is the generated
// UUIDv7's Crockford form behind the prefix, and Crockford parsing (which
// folds case and rejects text above 128 bits, as TypeID's first digit rule
// does) of the text after the prefix.
const typeidText = inputs(() => typeid('user').toString());

/** Returns the ours TypeID text of a new UUIDv7. */
function ourTypeidNew() {
  return 'user_' + v7gen.next().crockford().toLowerCase();
}

/** Reads TypeID text with prefix user, as ours: the prefix checked, the suffix parsed. */
function ourTypeidParse(s) {
  if (s.length !== 31 || !s.startsWith('user_')) throw new Error('not a user TypeID: ' + s);
  return ourV7.ID.parseCrockford(s.slice(5));
}

// Each operation: its name, then ours and the peers, each a function of
// the call's index i (0 <= i < N) whose result is kept so that no call is
// optimised away. The first implementation is ours.
const ops = [
  {
    name: 'UUIDv7 new (text)',
    impls: {
      ours: () => v7gen.next().toString(),
      'uuid.js v7': () => uuidjs.v7(),
      uuidv7: () => uuidv7pkg(),
    },
  },
  {
    name: 'UUIDv7 newText()',
    note: 'the process-wide generator, text only',
    impls: {
      ours: () => ourV7.newText(),
      'uuid.js v7': () => uuidjs.v7(),
      uuidv7: () => uuidv7pkg(),
    },
  },
  {
    name: 'UUIDv7 new (ID object)',
    note: 'ours only: an ID, no text',
    impls: { ours: () => v7gen.next() },
  },
  {
    name: 'UUID parse + stringify',
    impls: {
      ours: (i) => ourV7.ID.parse(v7Text[i]).toString(),
      'uuid.js': (i) => uuidjs.stringify(uuidjs.parse(v7Text[i])),
    },
  },
  {
    name: 'UUID parse',
    impls: {
      ours: (i) => ourV7.ID.parse(v7Text[i]),
      'uuid.js': (i) => uuidjs.parse(v7Text[i]),
    },
  },
  {
    name: 'UUID stringify',
    impls: {
      ours: (i) => v7Ours[i].toString(),
      'uuid.js': (i) => uuidjs.stringify(v7Bytes[i]),
    },
  },
  {
    name: 'ULID monotonic new (text)',
    impls: {
      ours: () => ulidGen.next().toString(),
      ulid: () => ulidMono(),
      ulidx: () => ulidxMono(),
    },
  },
  {
    name: 'ULID newText()',
    note: 'the process-wide generator, text only',
    impls: {
      ours: () => ourULID.newText(),
      ulid: () => ulidMono(),
      ulidx: () => ulidxMono(),
    },
  },
  {
    name: 'ULID decodeTime',
    note: 'ours: ID.parse(s).time().getTime()',
    impls: {
      ours: (i) => ourULID.ID.parse(ulidText[i]).time().getTime(),
      ulid: (i) => ulidpkg.decodeTime(ulidText[i]),
      ulidx: (i) => ulidxpkg.decodeTime(ulidText[i]),
    },
  },
  {
    name: 'KSUID new',
    note: 'an object each: ours an ID, ksuid a KSUID',
    impls: {
      ours: () => ksuidGen.next(),
      ksuid: () => KSUID.randomSync(),
    },
  },
  {
    name: 'KSUID parse',
    impls: {
      ours: (i) => ourKSUID.ID.parse(ksuidText[i]),
      ksuid: (i) => KSUID.parse(ksuidText[i]),
    },
  },
  {
    name: 'KSUID string',
    impls: {
      ours: (i) => ksuidOurs[i].toString(),
      ksuid: (i) => ksuidPeer[i].string,
    },
  },
  {
    name: 'TypeID new (text)',
    note: "ours: 'user_' + UUIDv7 crockford(), lower-cased",
    impls: {
      ours: () => ourTypeidNew(),
      'typeid-js': () => typeid('user').toString(),
    },
  },
  {
    name: 'TypeID parse',
    note: 'ours: prefix check + ID.parseCrockford',
    impls: {
      ours: (i) => ourTypeidParse(typeidText[i]),
      'typeid-js': (i) => TypeID.fromString(typeidText[i], 'user'),
    },
  },
].filter((op) => FILTER.test(op.name));

let sink;

/** Runs f for about ms milliseconds; returns nanoseconds per call. */
function time(f, ms) {
  // Calls in batches of N, so that the clock is read rarely.
  const budget = BigInt(ms) * 1000000n;
  const start = process.hrtime.bigint();
  let calls = 0;
  let elapsed;
  do {
    for (let i = 0; i < N; i++) sink = f(i);
    calls += N;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < budget);
  return Number(elapsed) / calls;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// Warm up: every implementation once, for the JIT.
for (const op of ops) for (const f of Object.values(op.impls)) time(f, Math.min(MS, 50));

const times = ops.map((op) => Object.fromEntries(Object.keys(op.impls).map((k) => [k, []])));
for (let r = 0; r < ROUNDS; r++) {
  ops.forEach((op, j) => {
    const names = Object.keys(op.impls);
    // Rotate the order, so that no implementation always runs first.
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + r) % names.length];
      times[j][name].push(time(op.impls[name], MS));
    }
  });
}
void sink;

const fmt = (ns) => (ns < 10 ? ns.toFixed(2) : ns < 100 ? ns.toFixed(1) : ns.toFixed(0)) + ' ns';
console.log(`node ${process.version}, ${ROUNDS} rounds of ${MS} ms per implementation`);
console.log('| operation | ours | peer | peer / ours (median of per-round ratios) |');
console.log('|---|---:|---|---:|');
ops.forEach((op, j) => {
  const t = times[j];
  const ours = median(t.ours);
  const peers = Object.keys(op.impls).filter((k) => k !== 'ours');
  const label = op.note ? `${op.name} (${op.note})` : op.name;
  if (peers.length === 0) console.log(`| ${label} | ${fmt(ours)} | | |`);
  for (const p of peers) {
    const ratio = median(t[p].map((x, r) => x / t.ours[r]));
    console.log(`| ${label} | ${fmt(ours)} | ${p} ${fmt(median(t[p]))} | ${ratio.toFixed(2)}x |`);
  }
});
