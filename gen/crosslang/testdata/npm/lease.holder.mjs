// A lease holder for gen/crosslang's fault tests (faults_test.go), on the
// JavaScript lease client (js/lease.js) and node's pg: it leases a
// Snowflake node from the PostgreSQL at IDFORGE_POSTGRES_DSN and makes IDs
// until SIGTERM (it closes its lease and exits 0) or until its lease is
// lost (exit 3), writing the lines Go's leasetest.Child reads:
//
//   A node unix-ns   it holds node since then
//   I id             an ID it made
//   R unix-ns        it released its lease then
//   L kind message   it lost its lease, and takes another (IDFORGE_LEASE_RECOVER)
//   E kind message   why it stopped
//
// IDFORGE_LEASE_TTL and IDFORGE_LEASE_WAIT are Go durations (3s, 500ms);
// IDFORGE_LEASE_NODE asks for one node.
import { readFileSync, writeSync } from 'node:fs';
import pg from 'pg';

import { acquire } from '../../../../js/lease.js';
import { LEASE_SPACE } from '../../../../js/snowflake.js';

/** Reads a Go duration of one unit (ms, s, m), in milliseconds. */
function ms(text, fallback) {
  const m = /^([0-9.]+)(ms|s|m)$/.exec(text ?? '');
  if (!m) return fallback;
  return Number(m[1]) * { ms: 1, s: 1000, m: 60000 }[m[2]];
}

const ttl = ms(process.env.IDFORGE_LEASE_TTL, 10000);
const wait = ms(process.env.IDFORGE_LEASE_WAIT, 0);
const node = process.env.IDFORGE_LEASE_NODE;
const recover = Boolean(process.env.IDFORGE_LEASE_RECOVER);

function line(s) {
  writeSync(1, s + '\n');
}
const now = () => (BigInt(Date.now()) * 1000000n).toString();
const oneLine = (e) => String(e?.message ?? e).replaceAll('\n', ' ');
const sleep = (d) => new Promise((r) => setTimeout(r, d));

// A pool of its own, whose connections time out rather than hang.
const pool = new pg.Pool({ connectionString: process.env.IDFORGE_POSTGRES_DSN, max: 2, connectionTimeoutMillis: 5000, query_timeout: 5000 });
pool.on('error', () => {}); // a connection the server or network dropped: the pool makes another
const query = (sql, params) => pool.query(sql, params).then((r) => r.rows);

let term = false;
process.on('SIGTERM', () => {
  term = true;
});

async function take(first) {
  for (;;) {
    try {
      return await acquire(query, LEASE_SPACE, { ttl, wait: first ? wait : 5000, ...(node === undefined ? {} : { node: BigInt(node) }) });
    } catch (e) {
      if (first || !recover) throw e;
      if (term) return null;
      await sleep(100);
    }
  }
}

let lease;
try {
  // IDFORGE_LEASE_SQL: the path of lease/lease.sql, installed first.
  if (process.env.IDFORGE_LEASE_SQL) await query(readFileSync(process.env.IDFORGE_LEASE_SQL, 'utf8'), []);
  lease = await take(true);
} catch (e) {
  line(`E ${e?.code === 'ErrFull' ? 'full' : 'other'} ${oneLine(e)}`);
  process.exit(e?.code === 'ErrFull' ? 5 : 6);
}
for (;;) {
  line(`A ${lease.node} ${now()}`);
  let ids;
  try {
    ids = lease.newGenerator();
  } catch (e) {
    if (!recover) {
      line(`E other ${oneLine(e)}`);
      process.exit(6);
    }
    line(`L lost ${oneLine(e)}`);
    await lease.close().catch(() => {});
    if ((lease = await take(false)) === null) process.exit(0);
    continue;
  }
  let lost = null;
  while (lost === null) {
    if (term) {
      try {
        await lease.close();
      } catch (e) {
        line(`E other closing the lease: ${oneLine(e)}`);
        process.exit(6);
      }
      line(`R ${now()}`);
      await pool.end().catch(() => {});
      process.exit(0);
    }
    const out = [];
    try {
      for (let i = 0; i < 5; i++) out.push('I ' + ids.next().toString());
    } catch (e) {
      if (e?.code !== 'ErrLeaseLost') {
        if (out.length) line(out.join('\n'));
        line(`E other making an ID: ${oneLine(e)}`);
        process.exit(6);
      }
      lost = e;
    }
    if (out.length) line(out.join('\n'));
    if (lost === null) await sleep(1);
  }
  if (!recover) {
    line(`E lost ${oneLine(lost)}`);
    process.exit(3);
  }
  line(`L lost ${oneLine(lost)}`);
  await lease.close().catch(() => {});
  if ((lease = await take(false)) === null) process.exit(0);
}
