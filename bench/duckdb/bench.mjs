// The timing half of bench/duckdb/run: see there.
import { createRequire } from 'node:module';
import fs from 'node:fs';

const { DuckDBInstance } = createRequire(process.env.IDFORGE_DUCKDB + '/')('@duckdb/node-api');
const runs = Number(process.env.RUNS);
const rows = Number(process.env.ROWS);
const layouts = process.env.LAYOUTS.split(/\s+/).filter(Boolean);
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run('SET threads = 1');
const exprs = [['uuid()', null], ['uuidv7()', null]];
for (const l of layouts) {
  for (const s of fs.readFileSync(`${process.env.SCRIPTS}/${l}.sql`, 'utf8').split(';\n')) {
    if (s.includes('CREATE ')) await con.run(s);
  }
  exprs.push([`${l.replaceAll('-', '_')}_new()`, l]);
}
const times = new Map(exprs.map(([e]) => [e, []]));
for (let r = 0; r < runs; r++) {
  for (const [e] of exprs) {
    const t0 = process.hrtime.bigint();
    await con.runAndReadAll(`SELECT max(${e}) FROM range(${rows})`);
    times.get(e).push(Number(process.hrtime.bigint() - t0) / rows);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const version = (await con.runAndReadAll('SELECT version()')).getRows()[0][0];
console.log(`DuckDB ${version}, ${rows} rows, one thread, median of ${runs} rounds (ns per row)`);
const base = { 'uuid()': median(times.get('uuid()')), 'uuidv7()': median(times.get('uuidv7()')) };
for (const [e, l] of exprs) {
  const m = median(times.get(e));
  let ratio = '';
  if (l) {
    const timed = !['uuidv4'].includes(l) && fs.readFileSync(`${process.env.SCRIPTS}/${l}.sql`, 'utf8').includes('uuidv7()');
    const against = timed ? 'uuidv7()' : 'uuid()';
    ratio = `  ${(m / base[against]).toFixed(2)}x ${against}`;
  }
  console.log(`${e.padEnd(16)} ${m.toFixed(0).padStart(6)} ns${ratio}  [${times.get(e).map((x) => x.toFixed(0)).join(' ')}]`);
}
