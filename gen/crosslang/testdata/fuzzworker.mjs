// The JavaScript side of FuzzEmitters: a long-lived worker that reads one
// request a line on stdin, runs it against a freshly generated module, and
// writes what the module says as one JSON line on stdout. It judges
// nothing: the Go test compares the answers with the interpreter.
//
// A request is {module, ids, bounds, bad, generate}: see fuzz_test.go.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

function hexBytes(h) {
  return Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
}

function bytesHex(b) {
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Runs fn and returns its result, or the thrown error as {error: code}. */
function attempt(fn) {
  try {
    return fn();
  } catch (e) {
    return { error: e && e.name === 'IDError' ? e.code : `not an IDError: ${e && e.name}: ${e && e.message}` };
  }
}

function fieldText(v) {
  return v instanceof Uint8Array ? bytesHex(v) : typeof v === 'bigint' ? v.toString() : `not a BigInt: ${typeof v} ${v}`;
}

async function answer(req) {
  const m = await import(pathToFileURL(req.module).href);
  const { ID } = m;
  const ids = req.ids.map((r) =>
    attempt(() => {
      const id = ID.fromBytes(hexBytes(r.hex));
      const fields = {};
      for (const [k, v] of Object.entries(id.fields())) fields[k] = fieldText(v);
      const t = attempt(() => {
        const d = id.time();
        return d === null ? null : String(d.getTime());
      });
      const parsed = [
        ['parseHex', r.hex],
        ['parseHex', r.hex.toUpperCase()],
        ['parseBase62', id.base62()],
        ['parseCrockford', id.crockford()],
        ['parseCrockford', id.crockford().toLowerCase()],
        ['parse', id.toString()],
      ].map(([f, s]) => attempt(() => ID[f](s).hex()));
      let packed = null;
      const wide = {};
      if (r.pack) {
        const input = {};
        for (const [k, v] of Object.entries(r.pack)) input[k] = r.packBytes.includes(k) ? hexBytes(v) : BigInt(v);
        packed = attempt(() => ID.pack(input).hex());
        for (const [k, v] of Object.entries(r.wide)) wide[k] = attempt(() => ID.pack({ ...input, [k]: BigInt(v) }).hex());
      }
      return {
        hex: id.hex(),
        base62: id.base62(),
        crockford: id.crockford(),
        text: id.toString(),
        json: JSON.stringify(id),
        bytes: bytesHex(id.bytes()),
        fields,
        valid: id.valid(),
        unix_ns: id.unixNanos?.() == null ? null : id.unixNanos().toString(), // none without a time
        time_ms: t,
        parsed,
        packed,
        wide,
      };
    }),
  );
  // Each side on its own: where no ID qualifies (maxAt before the first
  // tick, minAt after the last), that side is ErrTime, the other an ID.
  const side = (fn) => { const x = attempt(fn); return typeof x === 'string' ? { id: x } : x; };
  const bounds = req.bounds.map((at) => {
    const lo = side(() => ID.minAt(BigInt(at)).hex()), hi = side(() => ID.maxAt(BigInt(at)).hex());
    return { min: lo.id ?? '', max: hi.id ?? '', error: lo.error ?? hi.error ?? '' };
  });
  const forms = { base62: 'parseBase62', crockford: 'parseCrockford', hex: 'parseHex', text: 'parse' };
  const bad = req.bad.map((r) => {
    const input = r.input ?? ''; // the empty text has no input field
    const got = attempt(() => (r.form === 'bytes' ? ID.fromBytes(hexBytes(input)) : ID[forms[r.form]](input)).hex());
    return got.error ?? `no error: ${got}`;
  });
  const generated = req.generate.map((g) =>
    attempt(() => {
      const start = BigInt(g.start), step = BigInt(g.step), back = BigInt(g.back), backReadings = BigInt(g.backReadings);
      let k = 0n, min = null, max = null;
      const clock = () => {
        const now = k < backReadings ? start - k * back : start + (k - backReadings + 1n) * step;
        k++;
        if (min === null || now < min) min = now;
        if (max === null || now > max) max = now;
        return now;
      };
      const options = m.ID.minAt === undefined ? {} : { clock }; // a layout without a time takes no clock
      const gen = m.newGenerator.length === 2 ? m.newGenerator(g.node === null ? undefined : BigInt(g.node), options) : m.newGenerator(options);
      const ids = [];
      // A generator that gives up stops the run: its code is reported
      // with the IDs made before.
      const stopped = attempt(() => {
        for (let i = 0; i < g.n; i++) ids.push(gen.next().hex());
        return {};
      });
      return { ids, min: String(min), max: String(max), stopped: stopped.error ?? null };
    }),
  );
  return { ids, bounds, bad, generated };
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  let out;
  try {
    out = await answer(JSON.parse(line));
  } catch (e) {
    out = { failed: `${e && e.name}: ${e && e.message}\n${e && e.stack}` };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
