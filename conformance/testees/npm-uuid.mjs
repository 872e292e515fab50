// A testee of idforge's conformance protocol (docs/conformance.md) over a
// third-party implementation: npm's uuid package (uuidjs/uuid), the version
// gen/crosslang/testdata/npm/package.json pins (14.0.3). Node must resolve
// 'uuid' from where this file is: copy it beside a node_modules that holds
// the package, then
//
//   idforge conformance -testee 'node DIR/npm-uuid.mjs' -failures conformance/testees/npm-uuid.failures
//
// It claims the RFC 9562 layouts uuid makes or reads, and what uuid does
// with them: parse and stringify (the canonical text, "text"), v3 and v5
// from a name, and v1, v6 and v7 generation. uuid has no field readers,
// times, bounds or comparison, and its errors are TypeErrors with no kind,
// which the capabilities say (untyped_errors). uuid takes no clock: this
// testee gives it one by replacing Date.now, which is all uuid's v1, v6 and
// v7 read the time from, while it makes each ID. The expected failures,
// and why, are in npm-uuid.failures beside this file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import * as uuid from 'uuid';

// The version actually loaded, for the report.
const version = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('uuid/package.json'), 'utf8')).version;

// The layouts claimed, and which of uuid's functions make an ID of each.
const generators = { uuidv1: uuid.v1, uuidv6: uuid.v6, uuidv7: uuid.v7 };
const namers = { uuidv3: uuid.v3, uuidv5: uuid.v5 };
const layouts = ['uuidv1', 'uuidv3', 'uuidv4', 'uuidv5', 'uuidv6', 'uuidv7', 'uuidv8'];

const capabilities = {
  name: 'npm uuid',
  version,
  protocol: 1,
  layouts,
  ops: ['parse', 'format', 'name', 'generate'],
  forms: ['text'],
  clock: true,
  untyped_errors: true,
};

function bytesOf(hex) {
  return Uint8Array.from(hex.match(/../g) ?? [], (x) => parseInt(x, 16));
}

function hexOf(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// A request uuid has no function for: the driver counts it as skipped.
const unsupported = { ok: false, error: 'ErrUnsupported' };

function answer(req) {
  if (req.op === 'capabilities') return { ok: true, ...capabilities };
  if (!layouts.includes(req.layout)) return { ok: false, error: 'ErrNoLayout' };
  switch (req.op) {
    case 'parse':
      return { ok: true, hex: hexOf(uuid.parse(req.text ?? '')) };
    case 'format':
      return { ok: true, text: uuid.stringify(bytesOf(req.hex)) };
    case 'name': {
      const make = namers[req.layout];
      if (make === undefined) return unsupported;
      return { ok: true, hex: make(req.name ?? '', bytesOf(req.namespace)).replaceAll('-', '') };
    }
    case 'generate':
      return generate(req);
    default:
      return unsupported;
  }
}

/**
 * Makes req.n IDs of req.layout; Date.now reads req.clock[i], in whole
 * milliseconds as Date.now does, while uuid makes the i-th. uuid keeps one
 * state a process for each version, as its default functions do.
 */
function generate(req) {
  const make = generators[req.layout];
  if (make === undefined) return unsupported;
  const ids = [];
  const now = Date.now;
  try {
    for (let i = 0; i < req.n; i++) {
      if (req.clock) {
        const ns = BigInt(req.clock[i]);
        const ms = Number(ns / 1000000n) - (ns % 1000000n < 0n ? 1 : 0);
        Date.now = () => ms;
      }
      ids.push(make().replaceAll('-', ''));
    }
  } catch (e) {
    return { ok: false, error: String(e), ids };
  } finally {
    Date.now = now;
  }
  return { ok: true, ids };
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  let res;
  try {
    res = answer(JSON.parse(line));
  } catch (e) {
    res = { ok: false, error: e instanceof TypeError ? 'TypeError' : String(e) };
  }
  process.stdout.write(JSON.stringify(res) + '\n');
}
