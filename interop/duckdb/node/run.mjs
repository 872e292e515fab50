// Runs SQL on an in-memory DuckDB for the Go tests of interop/duckdb.
// Reads one JSON object from stdin: {"setup": ["statement", ...],
// "exprs": ["expression", ...], "queries": ["query", ...]}; runs the setup
// statements, then evaluates each expression alone (SELECT (e)::VARCHAR) and
// runs each query, and writes one JSON object to stdout: {"exprs": [[ok,
// text], ...], "queries": [[[column text, ...], ...], ...]}, where text is an
// expression's value ("NULL" for NULL) or its error's message.
// The engine is the npm package @duckdb/node-api installed in $IDFORGE_DUCKDB (.ci/duckdb).
import { createRequire } from 'node:module';

const { DuckDBInstance } = createRequire(process.env.IDFORGE_DUCKDB + '/')('@duckdb/node-api');

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run("SET TimeZone = 'UTC'");
for (const s of input.setup ?? []) await con.run(s);
const exprs = [];
for (const e of input.exprs ?? []) {
  try {
    const r = await con.runAndReadAll(`SELECT (${e})::VARCHAR`);
    const v = r.getRows()[0][0];
    exprs.push([true, v === null ? 'NULL' : String(v)]);
  } catch (err) {
    exprs.push([false, String(err.message)]);
  }
}
const queries = [];
for (const q of input.queries ?? []) {
  const r = await con.runAndReadAll(q);
  queries.push(r.getRows().map((row) => row.map((v) => (v === null ? null : String(v)))));
}
process.stdout.write(JSON.stringify({ exprs, queries }));
