// The JavaScript lease client (js/lease.js) against a real PostgreSQL, with
// node's pg (pinned in package.json): four cluster workers, each with a
// lease of its own, make 10,000 Snowflakes each; the primary counts
// duplicates and checks every ID's node against its worker's lease. Then a
// released node's next holder starts above the last tick used, a lease
// whose row the test steals stops its generator with ErrLeaseLost, and so
// does one that cannot renew, while the server still holds its node.
// Run by gen/crosslang's TestLeaseJS with IDFORGE_POSTGRES_DSN and
// LEASE_SQL (the path of lease/lease.sql) set; it prints one JSON line of
// figures and exits 1 on any failure.
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import pg from 'pg';

import { acquire } from '../../../../js/lease.js';
import { ID, LEASE_SPACE } from '../../../../js/snowflake.js';

const WORKERS = 4;
const PER_WORKER = 10000;

/** Returns a pool of the test's server and the query function the lease client takes. */
function connect() {
  const pool = new pg.Pool({ connectionString: process.env.IDFORGE_POSTGRES_DSN, max: 2 });
  return { pool, query: (sql, params) => pool.query(sql, params).then((r) => r.rows) };
}

/** Sends a worker's message to the primary, resolving once it is sent. */
function send(message) {
  return new Promise((resolve) => process.send(message, resolve));
}

function check(ok, what) {
  if (!ok) throw new Error(what);
}

if (cluster.isPrimary) {
  const { pool, query } = connect();
  try {
    await query(readFileSync(process.env.LEASE_SQL, 'utf8'), []);
    // Four workers, each leasing its own node. Each holds its lease until
    // every worker has made its IDs (the primary then tells them all to
    // release), so that the four hold theirs at once: otherwise one that
    // finished first could release a node that a later one then takes.
    const workers = [];
    let reported = 0;
    const releaseAll = () => workers.forEach((w) => w.isConnected() && w.send('release'));
    const results = await Promise.all(Array.from({ length: WORKERS }, () => new Promise((resolve, reject) => {
      const w = cluster.fork();
      workers.push(w);
      let got = null;
      w.on('message', (m) => {
        got = m;
        if (++reported === WORKERS) releaseAll();
      });
      w.on('exit', (code) => {
        if (code !== 0) releaseAll(); // the others must not wait for it
        return code === 0 && got !== null ? resolve(got) : reject(new Error('a worker exited with ' + code + (got?.error ? ': ' + got.error : '')));
      });
    })));
    const seen = new Set();
    let duplicates = 0;
    let wrongNode = 0;
    const nodes = new Set();
    for (const { node, ids } of results) {
      nodes.add(node);
      check(ids.length === PER_WORKER, `a worker made ${ids.length} IDs, not ${PER_WORKER}`);
      for (const text of ids) {
        if (seen.has(text)) duplicates++;
        seen.add(text);
        if (String(ID.parse(text).fields().node) !== node) wrongNode++;
      }
    }
    check(nodes.size === WORKERS, `the workers leased ${nodes.size} distinct nodes, not ${WORKERS}`);
    check(duplicates === 0, `${duplicates} duplicate IDs`);
    check(wrongNode === 0, `${wrongNode} IDs of a node no worker leased`);

    // Closing released the nodes: their rows hold no holder now, and a
    // high-water tick at or past each worker's last ID's tick.
    for (const { node, lastTick } of results) {
      const rows = await query('SELECT holder, high_water FROM public.idforge_lease WHERE space = $1 AND node = $2', [LEASE_SPACE.key, node]);
      check(rows.length === 1 && rows[0].holder === '', `node ${node} was not released`);
      check(BigInt(rows[0].high_water) >= BigInt(lastTick), `node ${node}'s high-water ${rows[0].high_water} is below its last tick ${lastTick}`);
    }

    // The next holder of a released node starts above its last tick.
    const again = results[0];
    const next = await acquire(query, LEASE_SPACE, { node: BigInt(again.node), ttl: 30000 });
    check(next.highWater >= BigInt(again.lastTick), 'the next holder does not see the high-water tick');
    const first = next.newGenerator().next();
    check(BigInt(first.fields().timestamp) > BigInt(again.lastTick), 'the next holder made an ID at or below the last holder\'s tick');
    await next.close();

    // A lease whose row is stolen stops its generator with ErrLeaseLost.
    const lost = await acquire(query, LEASE_SPACE, { ttl: 3000 });
    const g = lost.newGenerator();
    g.next();
    await query("UPDATE public.idforge_lease SET holder = 'thief', token = token + 1 WHERE space = $1 AND node = $2", [LEASE_SPACE.key, lost.node.toString()]);
    const why = await lost.done;
    check(why.code === 'ErrLeaseLost', 'the lease ended with ' + why.code);
    let refused = null;
    try {
      g.next();
    } catch (e) {
      refused = e;
    }
    check(refused?.code === 'ErrLeaseLost', 'a generator of a lost lease made an ID, or failed with ' + refused?.code);
    await lost.close();
    await query('DELETE FROM public.idforge_lease WHERE space = $1 AND node = $2', [LEASE_SPACE.key, lost.node.toString()]);

    // A holder that cannot renew (its event loop is busy, so no timer
    // runs) stops, with ErrLeaseLost, while the server still holds the
    // node for it: before the lease could end.
    const paused = await acquire(query, LEASE_SPACE, { ttl: 5000, margin: 2500 });
    const busy = paused.newGenerator();
    let stopped = null;
    let madeBusy = 0;
    while (stopped === null) {
      try {
        busy.next();
        madeBusy++;
      } catch (e) {
        stopped = e;
      }
    }
    const [{ held }] = await query('SELECT expires > clock_timestamp() AS held FROM public.idforge_lease WHERE space = $1 AND node = $2 AND holder = $3',
      [LEASE_SPACE.key, paused.node.toString(), paused.holder]);
    check(stopped.code === 'ErrLeaseLost', 'a holder that could not renew failed with ' + stopped.code);
    check(held === true, 'a holder that could not renew stopped only after its lease could end');
    await paused.close();
    await query('DELETE FROM public.idforge_lease WHERE space = $1 AND node = $2', [LEASE_SPACE.key, paused.node.toString()]);

    // A schema where PUBLIC may CREATE (public on PostgreSQL 13 and 14),
    // holding lease functions that hand out node 7: acquire refuses it
    // (ErrOption, naming the fix) before it calls any of them.
    const planted = 'planted_js_' + process.pid;
    await query(`CREATE SCHEMA ${planted}`, []);
    let plantedRefusal = null;
    try {
      await query(`GRANT CREATE ON SCHEMA ${planted} TO PUBLIC`, []);
      await query(`CREATE TABLE ${planted}.calls (fn text)`, []);
      await query(`CREATE FUNCTION ${planted}.idforge_lease_acquire(space text, node_bits integer, first bigint, span bigint, holder text, ttl interval, skew interval DEFAULT '1 second')
  RETURNS TABLE (node bigint, token bigint, expires timestamptz, high_water bigint) LANGUAGE sql VOLATILE
  AS $$ INSERT INTO ${planted}.calls VALUES ('acquire'); SELECT 7::bigint, 1::bigint, clock_timestamp() + interval '1 hour', 0::bigint $$`, []);
      await query(`CREATE FUNCTION ${planted}.idforge_lease_protocol() RETURNS integer LANGUAGE sql VOLATILE AS $$ INSERT INTO ${planted}.calls VALUES ('protocol'); SELECT 3 $$`, []);
      try {
        const l = await acquire(query, LEASE_SPACE, { schema: planted });
        await l.close();
      } catch (e) {
        plantedRefusal = e;
      }
      const [{ calls }] = await query(`SELECT count(*)::int AS calls FROM ${planted}.calls`, []);
      check(plantedRefusal?.code === 'ErrOption' && plantedRefusal.message.includes(`REVOKE CREATE ON SCHEMA ${planted} FROM PUBLIC`),
        'a schema where PUBLIC may CREATE: ' + plantedRefusal);
      check(calls === 0, `the planted functions ran ${calls} times`);
    } finally {
      await query(`DROP SCHEMA ${planted} CASCADE`, []);
    }

    console.log(JSON.stringify({ workers: WORKERS, ids: seen.size, duplicates, wrongNode, nodes: [...nodes], lost: refused.code, unrenewed: { made: madeBusy, stopped: stopped.code, serverStillHeld: held }, planted: plantedRefusal.code }));
  } catch (e) {
    console.error(e);
    process.exitCode = 1;
  } finally {
    await pool.end();
  }
} else {
  // A worker: its own pool, its own lease, its own generator.
  const { pool, query } = connect();
  try {
    const lease = await acquire(query, LEASE_SPACE, { ttl: 30000, wait: 30000 });
    const g = lease.newGenerator();
    const ids = [];
    let lastTick = 0n;
    for (let i = 0; i < PER_WORKER; i++) {
      const id = g.next();
      ids.push(id.toString());
      lastTick = id.fields().timestamp;
    }
    const released = new Promise((resolve) => process.once('message', resolve));
    await send({ node: lease.node.toString(), ids, lastTick: lastTick.toString() });
    await released; // every worker has made its IDs: see the primary
    await lease.close();
  } catch (e) {
    await send({ error: String(e?.stack ?? e) });
    process.exitCode = 1;
  } finally {
    await pool.end();
    cluster.worker.disconnect(); // the IPC channel would keep the worker running
  }
}
