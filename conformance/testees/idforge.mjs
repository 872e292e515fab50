// A testee of idforge's conformance protocol (docs/conformance.md) over
// idforge's own JavaScript package, the npm package that
// go run ./gen/tools/packages -o DIR builds (DIR/js), named by IDFORGE_JS:
//
//   go run ./gen/tools/packages -o /tmp/idforge-packages
//   IDFORGE_JS=/tmp/idforge-packages/js \
//     idforge conformance -testee 'node conformance/testees/idforge.mjs'
//
// It reads requests, one JSON object a line, on standard input and writes
// one response a line, in order, on standard output.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const dir = process.env.IDFORGE_JS;
if (!dir) {
  process.stderr.write('idforge.mjs: IDFORGE_JS is not set: build the packages with go run ./gen/tools/packages -o DIR and set IDFORGE_JS=DIR/js\n');
  process.exit(2);
}

// Every layout's module: its file is the layout's name with '-' as '_'.
const notLayouts = new Set(['index.js', 'runtime.js', 'compat.js', 'lease.js']);
const modules = new Map();
for (const file of readdirSync(dir).sort()) {
  if (!file.endsWith('.js') || notLayouts.has(file)) continue;
  const m = await import(pathToFileURL(join(dir, file)).href);
  modules.set(file.slice(0, -3).replaceAll('_', '-'), m);
}

const capabilities = {
  name: 'idforge (JavaScript)',
  protocol: 1,
  layouts: [...modules.keys()],
  ops: ['parse', 'format', 'fields', 'time', 'bounds', 'name', 'compare', 'generate'],
  forms: ['text', 'base62', 'crockford', 'hex', 'bytes'],
  clock: true,
};

function bytesOf(hex) {
  return Uint8Array.from(hex.match(/../g) ?? [], (x) => parseInt(x, 16));
}

function hexOf(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const parsers = { text: 'parse', base62: 'parseBase62', crockford: 'parseCrockford', hex: 'parseHex' };

/** Answers one request; an IDError becomes a refusal of its code. */
function answer(req) {
  if (req.op === 'capabilities') return { ok: true, ...capabilities };
  const m = modules.get(req.layout);
  if (m === undefined) return { ok: false, error: 'ErrNoLayout' };
  const { ID } = m;
  const id = req.hex === undefined ? undefined : ID.fromBytes(bytesOf(req.hex));
  switch (req.op) {
    case 'parse': {
      const text = req.text ?? '';
      const got = req.form === 'bytes' ? ID.fromBytes(bytesOf(text)) : ID[parsers[req.form]](text);
      return { ok: true, hex: got.hex() };
    }
    case 'format': {
      const text = { text: () => id.toString(), base62: () => id.base62(), crockford: () => id.crockford(), hex: () => id.hex() }[req.form]();
      return { ok: true, text };
    }
    case 'fields': {
      const fields = {};
      for (const [name, v] of Object.entries(id.fields())) {
        fields[name] = v instanceof Uint8Array ? hexOf(v) : v.toString();
      }
      return { ok: true, fields, valid: id.valid() };
    }
    case 'time':
      // A layout without a time has no minAt, and its IDs no time.
      return ID.minAt === undefined ? { ok: true } : { ok: true, unix_ns: id.unixNanos().toString() };
    case 'bounds': {
      // Where no ID qualifies on one side (maxAt before the first tick,
      // minAt after the last), its error, with the other side's ID.
      const res = { ok: true };
      for (const side of ['min', 'max']) {
        try {
          res[side] = ID[side + 'At'](BigInt(req.at)).hex();
        } catch (e) {
          if (e?.name !== 'IDError') throw e;
          res.ok = false;
          res.error ??= e.code;
        }
      }
      return res;
    }
    case 'name':
      return { ok: true, hex: m.fromName(bytesOf(req.namespace), req.name ?? '').hex() };
    case 'compare':
      return { ok: true, cmp: ID.fromBytes(bytesOf(req.a)).compare(ID.fromBytes(bytesOf(req.b))) };
    case 'generate':
      return generate(m, req);
    default:
      return { ok: false, error: 'ErrOp' };
  }
}

/**
 * Makes req.n IDs with one generator; its clock reads req.clock[i] while
 * it makes the i-th. An error ends them: the refusal carries the IDs made.
 */
function generate(m, req) {
  let i = 0;
  const options = req.clock ? { clock: () => BigInt(req.clock[Math.min(i, req.clock.length - 1)]) } : undefined;
  // A generator of a layout with a node takes it first.
  const g = m.newGenerator.length === 2 ? m.newGenerator(BigInt(req.node ?? 1), options) : m.newGenerator(options);
  const ids = [];
  try {
    for (; i < req.n; i++) ids.push(g.next().hex());
  } catch (e) {
    if (e?.name !== 'IDError') throw e;
    return { ok: false, error: e.code, ids };
  }
  return { ok: true, ids };
}

// Responses are written once the lines read so far are answered, not one
// write a line.
let out = [];
let flushing = false;
function send(res) {
  out.push(JSON.stringify(res));
  if (!flushing) {
    flushing = true;
    setImmediate(() => {
      process.stdout.write(out.join('\n') + '\n');
      out = [];
      flushing = false;
    });
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  let res;
  try {
    res = answer(JSON.parse(line));
  } catch (e) {
    res = e?.name === 'IDError' ? { ok: false, error: e.code } : { ok: false, error: 'ErrTestee', message: String(e) };
  }
  send(res);
}
