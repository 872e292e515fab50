// Runs the conformance corpus through the SQL functions that each
// JavaScript module's registerSqlite registers on a DatabaseSync of Node's
// node:sqlite (Node 22.13 and later): node sqlite_corpus.mjs, with the
// environment sqlite_corpus.py reads (IDFORGE_CORPUS, IDFORGE_MODULES,
// IDFORGE_NEW, IDFORGE_NEW_COUNT, IDFORGE_NEW_LAYOUTS, IDFORGE_ORDER_LAYOUTS,
// IDFORGE_ORDER_COUNT), checking the same things: it prints one
// line a layout and every failure, and exits 1 if there was one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';

const NEW_COUNT = Number(process.env.IDFORGE_NEW_COUNT ?? '100000');
const NEW_LAYOUTS = new Set((process.env.IDFORGE_NEW_LAYOUTS ?? '').split(','));
const ORDER_LAYOUTS = new Set((process.env.IDFORGE_ORDER_LAYOUTS ?? '').split(','));
const ORDER_COUNT = Number(process.env.IDFORGE_ORDER_COUNT ?? '100000');
const records = readFileSync(process.env.IDFORGE_CORPUS, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const byLayout = new Map();
for (const r of records) {
  if (!byLayout.has(r.layout)) byLayout.set(r.layout, []);
  byLayout.get(r.layout).push(r);
}

const failures = [];
const fail = (layout, what) => failures.push(`${layout}: ${what}`);
const show = (x) => (x instanceof Uint8Array ? 'x' + Buffer.from(x).toString('hex') : typeof x === 'bigint' ? x + 'n' : JSON.stringify(x));
const same = (a, b) => (a instanceof Uint8Array && b instanceof Uint8Array ? Buffer.from(a).equals(Buffer.from(b)) : a === b);

// The ISO 8601 text of an instant, nanoseconds since 1970 (a BigInt), with
// nine fractional digits, or null outside the years 1 to 9999.
function iso(ns) {
  let s = ns / 1000000000n;
  let n = ns % 1000000000n;
  if (n < 0n) {
    s -= 1n;
    n += 1000000000n;
  }
  const t = new Date(Number(s) * 1000);
  const y = t.getUTCFullYear();
  if (Number.isNaN(y) || y < 1 || y > 9999) return null;
  const p = (v, w = 2) => String(v).padStart(w, '0');
  return `${p(y, 4)}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())}T${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}.${p(n, 9)}Z`;
}

async function checkLayout(layout, rs) {
  const head = rs[0];
  const m = await import(pathToFileURL(join(process.env.IDFORGE_MODULES, layout.replaceAll('-', '_') + '.js')).href);
  const db = new DatabaseSync(':memory:');
  m.registerSqlite(db);
  const P = layout.replaceAll('-', '_');
  const bits = Number(/^layout \S+ (\d+)/m.exec(head.spec)[1]);
  const integer = bits === 64;
  const text = head.text.replaceAll('-', '_');
  const funcs = new Set(['valid', 'time', 'min_at', 'max_at', 'new', 'to_' + text, 'from_' + text]);
  for (const f of ['base62', 'crockford', 'hex']) funcs.add('to_' + f).add('from_' + f);
  const stored = (h) => (integer ? BigInt.asIntN(64, BigInt('0x' + h)) : Uint8Array.from(Buffer.from(h, 'hex')));
  const rows = (sql, ...args) => {
    const st = db.prepare(sql);
    st.setReadBigInts(true);
    return st.all(...args).map((row) => Object.values(row));
  };
  const one = (sql, ...args) => rows(sql, ...args)[0][0];
  const raises = (what, sql, args, code, n, pos) => {
    let got;
    try {
      got = one(sql, ...args);
    } catch (e) {
      if (!(e instanceof m.IDError) || e.code !== code) return fail(layout, `${what}: threw ${e}, want IDError ${code}`);
      if (!e.message.startsWith(layout + ': ')) fail(layout, `${what}: message ${JSON.stringify(e.message)} does not start with the layout's name`);
      if (n !== undefined && !e.message.includes(`length ${n}`)) fail(layout, `${what}: message ${JSON.stringify(e.message)} does not say length ${n}`);
      if (pos !== undefined && (!e.message.includes(`position ${pos}`) || e.position !== pos)) fail(layout, `${what}: message ${JSON.stringify(e.message)} does not say position ${pos}`);
      return;
    }
    fail(layout, `${what}: ${show(got)}, want ${code}`);
  };
  const fromForm = (form) => `${P}_from_${form === 'text' ? text : form}`;
  const narrow = head.text === 'decimal' && rs.some((b) => b.kind === 'bad' && b.form === 'text' && b.input === '9223372036854775808');
  let count = 0;
  for (const r of rs) {
    switch (r.kind) {
      case 'id': {
        const x = stored(r.hex);
        const got = rows(`SELECT ${P}_to_hex(?1) AS a, ${P}_to_base62(?1) AS b, ${P}_to_crockford(?1) AS c, ${P}_to_${text}(?1) AS d, ${P}_valid(?1) AS e`, x)[0];
        const want = [r.hex, r.base62, r.crockford, r.text, r.valid ? 1n : 0n];
        if (!got.every((g, i) => g === want[i])) fail(layout, `${r.hex}: to_hex, to_base62, to_crockford, to_${text}, valid give ${got.map(show)}, want ${want.map(show)}`);
        const forms = [['hex', r.hex], ['hex', r.hex.toUpperCase()], ['base62', r.base62], ['crockford', r.crockford]];
        if (!(narrow && BigInt(r.text) >= 1n << 63n)) forms.push([text, r.text]);
        for (const [form, s] of forms) {
          const v = one(`SELECT ${P}_from_${form}(?)`, s);
          if (!same(v, x)) fail(layout, `from_${form}(${JSON.stringify(s)}) = ${show(v)}, want ${show(x)}`);
        }
        for (const [name, v] of Object.entries(r.fields)) {
          if (funcs.has(name)) continue;
          let g = one(`SELECT ${P}_${name}(?)`, x);
          g = g instanceof Uint8Array ? Buffer.from(g).toString('hex') : String(BigInt.asUintN(BigInt(v) >> 63n ? 64 : 65, g));
          if (g !== v) fail(layout, `${r.hex}: ${P}_${name} = ${g}, want ${v}`);
        }
        if (r.unix_ns) {
          const t = iso(BigInt(r.unix_ns));
          if (t === null) raises(`${P}_time(${r.hex})`, `SELECT ${P}_time(?)`, [x], 'ErrTime');
          else {
            const g = one(`SELECT ${P}_time(?)`, x);
            if (g !== t) fail(layout, `${P}_time(${r.hex}) = ${g}, want ${t}`);
          }
        }
        break;
      }
      case 'bound': {
        const t = iso(BigInt(r.at));
        if (t === null) continue; // outside what ISO 8601 text of four-digit years says
        for (const side of ['min', 'max']) {
          const sql = `SELECT ${P}_${side}_at(?)`;
          if (r[side] !== undefined) {
            const g = one(sql, t);
            if (!same(g, stored(r[side]))) fail(layout, `${P}_${side}_at(${t}) = ${show(g)}, want ${r[side]}`);
          } else raises(`${side}_at(${t})`, sql, [t], r.error);
        }
        break;
      }
      case 'bad': {
        const s = r.input ?? '';
        if (r.form === 'bytes') {
          if (integer) continue; // an INTEGER has no length
          const b = Uint8Array.from(Buffer.from(s, 'hex'));
          raises(`to_hex of ${b.length} bytes`, `SELECT ${P}_to_hex(?)`, [b], r.error, b.length);
          if (one(`SELECT ${P}_valid(?)`, b) !== 0n) fail(layout, `${P}_valid of ${b.length} bytes is not 0`);
        } else {
          raises(`${fromForm(r.form)}(${JSON.stringify(s)})`, `SELECT ${fromForm(r.form)}(?)`, [s], r.error, Buffer.byteLength(s), r.pos);
        }
        break;
      }
      case 'valid': {
        const s = r.input ?? '';
        if (r.error) raises(`from_${text}(${JSON.stringify(s)})`, `SELECT ${P}_from_${text}(?)`, [s], r.error);
        else {
          const g = one(`SELECT ${P}_valid(${P}_from_${text}(?))`, s);
          if (g !== (r.valid ? 1n : 0n)) fail(layout, `${P}_valid(${P}_from_${text}(${JSON.stringify(s)})) = ${g}, want ${r.valid}`);
        }
        break;
      }
      case 'stored': {
        const prof = r.profile;
        const fn = `${P}_from_${prof.replaceAll('-', '_')}`;
        if (r.error) {
          const b = Uint8Array.from(Buffer.from(r.input, 'hex'));
          for (const [v, say] of [[b, 'byte '], [Uint8Array.from([...b, 0]), `length ${b.length + 1}`]]) {
            try {
              m.fromStored(v, prof);
              fail(layout, `fromStored(${show(v)}, ${prof}) did not throw`);
            } catch (e) {
              if (e.code !== r.error || !e.message.includes(prof) || !e.message.includes(say)) fail(layout, `fromStored(${show(v)}, ${prof}): ${e.code} ${e.message}, want ${r.error} naming the profile and ${say}`);
            }
          }
          raises(`${fn}(${r.input})`, `SELECT ${fn}(?)`, [b], r.error);
        } else {
          const id = m.ID.fromBytes(Buffer.from(r.hex, 'hex'));
          const want = Uint8Array.from(Buffer.from(r.stored, 'hex'));
          if (!same(m.toStored(id, prof), want) || !m.fromStored(want, prof).equals(id)) fail(layout, `${r.hex} under ${prof}: toStored ${show(m.toStored(id, prof))}, want ${r.stored}`);
          const to = one(`SELECT ${P}_to_${prof.replaceAll('-', '_')}(?)`, stored(r.hex));
          if (!same(to, want)) fail(layout, `${P}_to_${prof.replaceAll('-', '_')}(${r.hex}) = ${show(to)}, want ${r.stored}`);
          const from = one(`SELECT ${fn}(?)`, want);
          if (!same(from, stored(r.hex))) fail(layout, `${fn}(${r.stored}) = ${show(from)}, want ${r.hex}`);
        }
        break;
      }
      case 'alias': {
        const g = one(`SELECT ${fromForm(r.form)}(?)`, r.input);
        if (!same(g, stored(r.hex))) fail(layout, `${fromForm(r.form)}(${JSON.stringify(r.input)}) = ${show(g)}, want ${r.hex}`);
        break;
      }
      default:
        continue;
    }
    count++;
  }
  if (one(`SELECT ${P}_valid(NULL) IS NULL AND ${P}_to_hex(NULL) IS NULL AND ${P}_from_hex(NULL) IS NULL`) !== 1n) fail(layout, 'NULL does not give NULL');
  if (ORDER_LAYOUTS.has(layout)) checkOrder(layout, m, db, head, rows);
  let made = 0;
  if (head.generates) {
    if (head.node) m.setNode(1);
    if (!NEW_LAYOUTS.has(layout)) {
      if (one(`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 3) SELECT sum(${P}_valid(${P}_new())) FROM c`) !== 3n) fail(layout, `${P}_new makes an ID that is not valid`);
      console.log(`${layout}: ${count} records, 3 IDs of ${P}_new`);
      return;
    }
    // One ID a statement: newId does not wait for the next tick where the
    // counter runs out (ErrClockStalled), so the script waits and asks again.
    const lines = [];
    const st = db.prepare(`SELECT ${P}_new()`);
    st.setReadBigInts(true);
    while (lines.length < NEW_COUNT) {
      let x;
      try {
        x = Object.values(st.get())[0];
      } catch (e) {
        if (e.code !== 'ErrClockStalled') throw e;
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      lines.push(integer ? BigInt.asUintN(64, x).toString(16).padStart(16, '0') : Buffer.from(x).toString('hex'));
    }
    writeFileSync(join(process.env.IDFORGE_NEW, layout + '.txt'), lines.join('\n') + '\n');
    made = lines.length;
  }
  console.log(`${layout}: ${count} records, ${made} IDs of ${P}_new`);
}

// A small seeded generator of random numbers (mulberry32), so that every run
// stores the same IDs in the same shuffled order.
function seeded(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Stores ORDER_COUNT IDs of a generator whose clock jumps forward by random
// steps (from 2024 to about 2069) through the bytes profile into a BLOB
// column, in a shuffled order, and checks that ORDER BY gives them back in
// time order.
function checkOrder(layout, m, db, head, rows) {
  const P = layout.replaceAll('-', '_');
  const rnd = seeded(66);
  let now = 1704067200n * 1000000000n; // 2024-01-01
  const step = (45 * 365 * 86400 * 1e9 / ORDER_COUNT) * 2;
  const clock = () => (now += BigInt(Math.floor(rnd() * step)));
  // A layout with a node takes it first (optional where the layout draws one).
  const g = m.newGenerator.length >= 2 ? m.newGenerator(head.node ? 1 : undefined, { clock }) : m.newGenerator({ clock });
  const ids = [];
  for (let i = 0; i < ORDER_COUNT; i++) ids.push(m.toStored(g.next(), 'bytes'));
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  db.exec('CREATE TABLE ordered (k BLOB PRIMARY KEY) WITHOUT ROWID');
  const insert = db.prepare('INSERT INTO ordered VALUES (?)');
  db.exec('BEGIN');
  for (const k of ids) insert.run(k);
  db.exec('COMMIT');
  const times = rows(`SELECT ${P}_time(${P}_from_bytes(k)) FROM ordered ORDER BY k`).map(([t]) => t);
  let back = 0;
  for (let i = 1; i < times.length; i++) if (times[i] < times[i - 1]) back++;
  if (times.length !== ORDER_COUNT || back > 0) fail(layout, `${times.length} IDs stored through the bytes profile come back under ORDER BY with ${back} steps back in time`);
  console.log(`${layout}: ${times.length} IDs stored through the bytes profile in a BLOB column, in time order under ORDER BY, from ${times[0]} to ${times.at(-1)}`);
}

for (const [layout, rs] of byLayout) await checkLayout(layout, rs);
for (const f of failures.slice(0, 200)) console.log('FAIL', f);
if (failures.length > 0) {
  console.log(`${failures.length} failures`);
  process.exit(1);
}
