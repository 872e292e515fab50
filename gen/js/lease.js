// The lease client: a node number for a layout's generator, held in
// PostgreSQL through idforge's SQL lease functions (lease/lease.sql), by the
// rules of Go's package lease. It is a module of its own, so that a bundle
// that never leases carries none of it, and it depends on no driver: the
// caller passes a function that runs one statement.

import { IDError } from './runtime.js';

export { IDError };

/** The keys of what acquire calls of a Lease, which are no part of its API. */
const TAKEN = Symbol('taken');
const START = Symbol('start');

/** The lease's time to live unless options.ttl says otherwise: 10 seconds, as Go's lease.DefaultTTL. */
export const DEFAULT_TTL = 10000;

/** The monotonic clock, in milliseconds: performance.now, or Date.now where there is none. */
// The query that checks, in the catalogs alone, that the lease functions
// of a schema are to be trusted before any of them is called: idforge's
// install rule (Go's lease.PostgresCheck, package pginstall), which the
// package's build writes here. @schema@ stands for the schema's name.
const CHECK_SQL = "@idforge-lease-check@";

/**
 * Refuses a schema whose lease functions another role could have planted
 * or could steer: one where a role other than their owner may CREATE, one
 * of whose lease objects another role owns, or whose lease table another
 * role holds a privilege on. Each problem comes with its fix.
 */
async function checkSchema(query, schema) {
  const rows = await query(CHECK_SQL.replaceAll('@schema@', '$1'), [schema]);
  if (rows.length === 0) return;
  const problems = rows.map((r) => {
    const [, object, role, problem, fix] = Array.isArray(r) ? r : [r.kind, r.object, r.role, r.problem, r.fix];
    return `${object}: ${role} ${problem} (fix: ${fix})`;
  });
  throw leaseError('ErrOption', `schema ${schema}: refused by idforge's install rule, so no lease function there is called: ${problems.join('; ')}`);
}

const mono = typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : Date.now;

/** Returns the IDError of the lease client, its message prefixed by 'lease: ', as Go's errors are. */
function leaseError(code, message) {
  return new IDError(code, 'lease: ' + message);
}

/** Returns a column's value, a bigint (node, token, high_water), as a BigInt, whatever the driver returned it as. */
function big(v) {
  return typeof v === 'bigint' ? v : BigInt(String(v));
}

/** Returns the first column of a row, an object keyed by column (node's pg, postgres) or an array. */
function first(row) {
  return Array.isArray(row) ? row[0] : Object.values(row)[0];
}

/** Returns a random integer below 2^bits (bits up to 62), as a BigInt, from Web Crypto. */
function randomBelow(bits) {
  const b = new Uint32Array(2);
  globalThis.crypto.getRandomValues(b);
  return ((BigInt(b[0]) << 32n) | BigInt(b[1])) & ((1n << BigInt(bits)) - 1n);
}

/** Returns a holder's identity unique to each lease: the process (in Node), and 64 random bits. */
function holderName() {
  const pid = globalThis.process?.pid;
  const b = new Uint8Array(8);
  globalThis.crypto.getRandomValues(b);
  return 'js/' + (pid === undefined ? '' : pid + '/') + Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Returns a promise that resolves after ms milliseconds, on a timer that does not keep Node running. */
function sleep(ms) {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t?.unref?.();
  });
}

/**
 * The environment variable statefulSetOrdinal reads first: the pod's index
 * in its StatefulSet, which Kubernetes 1.28 and later put in the pod's label
 * apps.kubernetes.io/pod-index. Kubernetes sets no such variable itself: map
 * the label to it with the downward API (fieldRef, fieldPath
 * metadata.labels['apps.kubernetes.io/pod-index']).
 */
export const POD_INDEX_ENV = 'IDFORGE_POD_INDEX';

/** What every ErrOrdinal of a value that does not parse says to do. */
const ORDINAL_FIX = 'run the generator in a StatefulSet\'s pod, whose name is <statefulset>-<ordinal>, or map the label apps.kubernetes.io/pod-index to ' +
  POD_INDEX_ENV + ' with the downward API, or lease node numbers from PostgreSQL or etcd instead';

/** Reads a StatefulSet ordinal: decimal digits, no sign, no leading zero. Returns a BigInt, or a string that says what is wrong. */
function readOrdinal(s) {
  if (s === '') return 'no digits';
  if (!/^[0-9]+$/.test(s)) return `${JSON.stringify(s)} is not a decimal number`;
  if (s.length > 1 && s[0] === '0') return `${JSON.stringify(s)} has a leading zero`;
  return BigInt(s);
}

/** Returns the ordinal n, read from what, if it is a node of space; else throws ErrOrdinal. */
function ordinalIn(n, what, space) {
  const size = 1n << BigInt(space.nodeBits);
  if (n >= size) {
    throw leaseError('ErrOrdinal', `ordinal ${n}, from ${what}, is outside the node space ${space.key}, which holds ${size} nodes, 0 to ${size - 1n}: ` +
      `run at most ${size} replicas (counting the StatefulSet's ordinals.start), or lease node numbers from PostgreSQL or etcd instead`);
  }
  return n;
}

/** Throws ErrOption unless space is a layout's LEASE_SPACE. */
function checkSpace(space, what) {
  if (space === null || typeof space !== 'object' || typeof space.key !== 'string' || !Number.isInteger(space.nodeBits)) {
    throw leaseError('ErrOption', `${what} needs the LEASE_SPACE of a layout with a node and a time`);
  }
}

/**
 * Returns the ordinal of a StatefulSet pod's name (or its host name, the
 * name followed by a domain), as a BigInt: the decimal number after the last
 * '-' of its first label ('web-3' and 'web-3.web.default.svc' give 3n),
 * checked to be a node of space (a layout's LEASE_SPACE). It throws IDError
 * ErrOrdinal, naming the value, the size of the space and the fix, for a
 * name that is not <statefulset>-<ordinal> (no '-', nothing before it,
 * anything but digits after it, or a leading zero) and for an ordinal
 * outside the space, as Go's lease.OrdinalFromHostname does.
 *
 * @param {string} hostname
 * @param {{key: string, nodeBits: number}} space
 * @returns {bigint}
 */
export function ordinalFromHostname(hostname, space) {
  checkSpace(space, 'ordinalFromHostname');
  if (typeof hostname !== 'string') throw leaseError('ErrOption', 'ordinalFromHostname needs a host name, a string');
  const name = hostname.split('.')[0];
  const i = name.lastIndexOf('-');
  if (i <= 0) {
    throw leaseError('ErrOrdinal', `the host name ${JSON.stringify(hostname)} is not a StatefulSet pod's name, <statefulset>-<ordinal>: ${ORDINAL_FIX}`);
  }
  const n = readOrdinal(name.slice(i + 1));
  if (typeof n === 'string') {
    throw leaseError('ErrOrdinal', `the host name ${JSON.stringify(hostname)} does not end in a StatefulSet ordinal (${n}): ${ORDINAL_FIX}`);
  }
  return ordinalIn(n, `the host name ${JSON.stringify(hostname)}`, space);
}

/**
 * Returns the node number of this pod of a Kubernetes StatefulSet, its
 * ordinal, as a BigInt for the layout's newGenerator: from POD_INDEX_ENV if
 * env has it, else from the pod's name in HOSTNAME (Kubernetes sets it),
 * else from Node's os.hostname(), as Go's lease.StatefulSetOrdinal does. It
 * throws IDError ErrOrdinal, naming the value, the size of the space and the
 * fix, when the value is not a StatefulSet pod's or its ordinal is not a
 * node of space. A StatefulSet runs at most one pod of each ordinal, so it
 * needs no lease, as long as its replicas fit the space and no other
 * generator of the layout uses the same numbers.
 *
 * @param {{key: string, nodeBits: number}} space a layout's LEASE_SPACE
 * @param {Record<string, string | undefined>} [env] the environment (default process.env)
 * @returns {bigint}
 */
export function statefulSetOrdinal(space, env = globalThis.process?.env ?? {}) {
  checkSpace(space, 'statefulSetOrdinal');
  const index = env[POD_INDEX_ENV];
  if (index !== undefined) {
    const n = readOrdinal(String(index));
    if (typeof n === 'string') {
      throw leaseError('ErrOrdinal', `${POD_INDEX_ENV}=${JSON.stringify(String(index))} is not a pod index (${n}): ${ORDINAL_FIX}`);
    }
    return ordinalIn(n, `${POD_INDEX_ENV}=${JSON.stringify(String(index))}`, space);
  }
  let host = env.HOSTNAME ?? '';
  if (host === '') {
    const os = globalThis.process?.getBuiltinModule?.('node:os');
    if (os === undefined) throw leaseError('ErrOrdinal', `HOSTNAME is not set and this platform has no host name to read: ${ORDINAL_FIX}`);
    host = os.hostname();
  }
  return ordinalFromHostname(host, space);
}

/**
 * Leases a node of a layout's space from PostgreSQL, and returns the Lease,
 * which renews itself in the background until close. The SQL lease
 * functions must be installed (lease/lease.sql; Go's PostgreSQL engine and
 * idforge new -lease install them on first use).
 *
 * query runs one statement with parameters ($1, $2, ...) and returns its
 * rows, as objects keyed by column or as arrays: with node's pg,
 * `(sql, params) => pool.query(sql, params).then((r) => r.rows)`; with
 * postgres, `(sql, params) => sql.unsafe(text, params)`. Give it a pool
 * (or a connection of its own), outside any transaction: the lease calls it
 * from its renewal timer too.
 *
 * space is the layout's LEASE_SPACE (import { LEASE_SPACE } from
 * 'idforge/snowflake'). options: ttl, the lease's time to live in
 * milliseconds (default 10000), renewed every ttl/3; margin, how long
 * before the server could let the node go the generator stops (default
 * ttl/5); node, to take that node only; wait, how long to keep trying, in
 * milliseconds, while every node is held (default 0: one try) and, at
 * most as long again, for the clock to pass the node's high-water tick;
 * holder, the identity recorded (default the process and random bits);
 * schema, where the functions are (default 'public').
 *
 * Before it calls any of the functions, it checks in the catalogs that the
 * schema follows idforge's install rule (docs/leases.md): no role but the
 * functions' owner may CREATE there or owns a lease object there, and none
 * holds a privilege on the lease table.
 *
 * Errors are IDError: ErrFull when every node (or the node asked for) is
 * held after the wait, ErrClockBehind when this clock stays behind the
 * node's previous holder, ErrOption for a bad option or a schema the
 * install rule refuses (the message names each problem and its fix), and
 * whatever query throws.
 *
 * @param {(sql: string, params: unknown[]) => Promise<unknown[]>} query
 * @param {{key: string, nodeBits: number, epoch: bigint, num: bigint, den: bigint, newGenerator: Function}} space
 * @param {{ttl?: number, margin?: number, node?: bigint | number, wait?: number, holder?: string, schema?: string}} [options]
 * @returns {Promise<Lease>}
 */
export async function acquire(query, space, options = {}) {
  const bad = (why) => leaseError('ErrOption', why);
  if (typeof query !== 'function') throw bad('acquire needs a function that runs one statement: (sql, params) => rows');
  if (space === null || typeof space !== 'object' || typeof space.key !== 'string' || typeof space.newGenerator !== 'function') {
    throw bad('acquire needs the LEASE_SPACE of a layout with a node and a time');
  }
  const { ttl = DEFAULT_TTL, holder = holderName(), wait = 0, schema = 'public' } = options;
  const margin = options.margin ?? ttl / 5;
  if (!(ttl > 0 && margin >= 0 && margin < (ttl * 2) / 3)) throw bad(`TTL ${ttl}ms with margin ${margin}ms: want a positive TTL and a margin below 2/3 of it`);
  if (!(wait >= 0)) throw bad('wait is a number of milliseconds, 0 or more');
  if (typeof holder !== 'string' || holder === '') throw bad('holder is a string, not empty');
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw bad('schema is a plain SQL identifier');
  const size = 1n << BigInt(space.nodeBits);
  let start = randomBelow(space.nodeBits);
  let span = size;
  if (options.node !== undefined) {
    start = BigInt(options.node);
    if (start < 0n || start >= size) throw leaseError('ErrRange', `node ${start} is outside ${space.key}, which holds ${size}`);
    span = 1n;
  }
  const interval = Math.round(ttl * 1000) + ' microseconds'; // the TTL as a PostgreSQL interval
  await checkSchema(query, schema);
  const lease = new Lease(query, space, schema, holder, ttl, margin, interval);
  const began = mono();
  for (let nap = 10; ; nap = Math.min(2 * nap, 1000, ttl / 4)) {
    const sent = mono();
    const rows = await query(
      `SELECT node, token, expires, high_water FROM ${schema}.idforge_lease_acquire($1, $2, $3, $4, $5, $6::interval)`,
      [space.key, space.nodeBits, start.toString(), span.toString(), holder, interval]);
    if (rows.length > 0) {
      const row = rows[0];
      const [node, token, , highWater] = Array.isArray(row) ? row : [row.node, row.token, row.expires, row.high_water];
      lease[TAKEN](big(node), big(token), big(highWater), sent);
      break;
    }
    if (mono() - began >= wait) {
      throw leaseError('ErrFull', `${span === 1n ? 'node ' + start : 'all ' + size + ' nodes'} of space ${space.key} held, after waiting ${Math.round(mono() - began)}ms`);
    }
    await sleep(nap * (1 + Math.random() / 2));
  }
  try {
    await lease[START](wait);
  } catch (e) {
    await lease.close().catch(() => {});
    throw e;
  }
  return lease;
}

/**
 * A node of a layout's space, held in PostgreSQL: acquire makes one. It
 * renews itself every ttl/3 on a timer that does not keep Node running, and
 * is lost for good when a renewal is refused or none is confirmed in time.
 * Its generator (newGenerator) refuses to make an ID, with IDError
 * ErrLeaseLost, once the lease may be about to end on the server: from the
 * last confirmed renewal's sending plus the TTL minus the margin. Close
 * releases the node.
 *
 * A lease serves one generator, in one process: in Node's cluster, each
 * worker acquires its own.
 */
export class Lease {
  /** acquire makes a Lease: it is no part of the API. */
  constructor(query, space, schema, holder, ttl, margin, interval) {
    // Fields are set here, not declared on the class, and named with a
    // leading underscore rather than #: the package runs at ES2020, which
    // has neither class fields nor private names.
    this._query = query;
    this._space = space;
    this._schema = schema;
    this._holder = holder;
    this._ttl = ttl;
    this._margin = margin;
    this._interval = interval;
    // The node, its fencing token, and the high-water tick the node's last holder left.
    this._node = 0n;
    this._token = 0n;
    this._above = 0n;
    // The high-water tick the server last confirmed: the generator makes no ID on a tick at or past it.
    this._reserved = 0n;
    // On the monotonic clock: the last confirmed expiry minus the margin, and when the next renewal is due.
    this._deadline = 0;
    this._renewAt = 0;
    // Why the lease was lost, an IDError ErrLeaseLost, or null while it is held.
    this._error = null;
    this._timer = null;
    this._renewing = null;
    // The generator's clock and its last ID, once newGenerator made it.
    this._generated = false;
    this._clock = null;
    this._lastTick = -1n;
    this._lastId = null;
    this._done = new Promise((resolve) => { this._resolveDone = resolve; });
  }

  /** Records acquire's row: the node, the token, the high-water tick, and the deadline from sent. */
  [TAKEN](node, token, highWater, sent) {
    this._node = node;
    this._token = token;
    this._above = highWater;
    this._reserved = highWater;
    this._deadline = sent + this._ttl - this._margin;
    this._renewAt = sent + this._ttl / 3;
  }

  /**
   * Waits (up to wait ms) for the clock to pass the node's
   * high-water tick, records a high-water tick that covers the generator's
   * first IDs, and starts renewing.
   */
  async [START](wait) {
    const began = mono();
    for (;;) {
      const behind = this._timeOf(this._above + 1n) - this._nowNs();
      if (behind <= 0n) break;
      if (mono() - began >= wait) {
        throw leaseError('ErrClockBehind', `node ${this._node} of ${this._space.key} was used up to tick ${this._above}; this clock is ${behind / 1000000n}ms behind it`);
      }
      await sleep(Math.min(Number(behind / 1000000n) + 1, 1000));
    }
    if (!(await this._renew())) throw this._error ?? leaseError('ErrLeaseLost', `node ${this._node} of ${this._space.key}: no renewal confirmed`);
    this._schedule();
  }

  /** The node number held, a BigInt. */
  get node() {
    return this._node;
  }

  /** The space's key, as every language's lease client writes it: "snowflake/2010-11-04T01:42:54.657Z/10". */
  get space() {
    return this._space.key;
  }

  /** The holder's identity, as the server records it. */
  get holder() {
    return this._holder;
  }

  /** The high-water tick the node's previous holder left: the generator makes every ID on a later tick. */
  get highWater() {
    return this._above;
  }

  /** Why the lease ended (an IDError whose code is ErrLeaseLost), or null while it is held. */
  get error() {
    return this._error;
  }

  /** A promise that resolves, to the IDError ErrLeaseLost that says why, when the lease is lost or closed. */
  get done() {
    return this._done;
  }

  /**
   * Returns the generator of the lease's node: the layout's newGenerator of
   * the node, whose next() throws IDError ErrLeaseLost once the lease is
   * lost or may be about to end, and makes every ID on a tick past the
   * previous holder's high-water tick. options are newGenerator's (a
   * clock, in nanoseconds as a BigInt, for tests; a source of random
   * bytes). A lease serves one generator: a second call is ErrOption.
   * @returns {{next(): object}}
   */
  newGenerator(options = {}) {
    if (this._generated) throw leaseError('ErrOption', `node ${this._node} of ${this._space.key} serves a generator already`);
    this._generated = true;
    const clock = options.clock ?? (() => BigInt(Date.now()) * 1000000n);
    const floor = this._timeOf(this._above + 1n);
    this._clock = clock;
    this._check();
    const g = this._space.newGenerator(this._node, {
      ...options,
      // The generator reads the lease with its clock: once the lease may be
      // about to end, its reading is ErrLeaseLost, and a reading at or
      // below the previous holder's high-water tick reads as the tick
      // after it, so that the generator never makes an ID on such a tick.
      clock: () => {
        this._check();
        let ns = clock();
        if (ns < floor) ns = floor;
        const tick = this._tickOf(ns);
        if (tick >= this._reserved) {
          this._lose(`node ${this._node} of ${this._space.key}: the clock reached the high-water tick last confirmed`);
          this._check();
        }
        if (tick > this._lastTick) this._lastTick = tick;
        return ns;
      },
    });
    return {
      next: () => {
        const id = g.next();
        this._lastId = id;
        return id;
      },
    };
  }

  /**
   * Stops the generator, renewals and releases the node, recording the last
   * tick the generator used as its high-water mark, so that the node is free
   * at once. Closing a lost lease only stops the renewals.
   * @returns {Promise<void>}
   */
  async close() {
    clearTimeout(this._timer);
    this._timer = null;
    if (this._error !== null) return;
    this._lose(`node ${this._node} of ${this._space.key}: closed`);
    await this._renewing;
    let hw = this._above > this._lastTick ? this._above : this._lastTick;
    const last = this._lastIdTick();
    if (last > hw) hw = last;
    await this._query(`SELECT ${this._schema}.idforge_lease_release($1, $2, $3, $4, $5) AS ended`,
      [this._space.key, this._node.toString(), this._holder, this._token.toString(), hw.toString()]);
  }

  /** Throws the lease's error once it is lost, or its deadline on the monotonic clock has come. */
  _check() {
    if (this._error === null && mono() >= this._deadline) this._lose(`node ${this._node} of ${this._space.key}: no renewal confirmed in time`);
    if (this._error !== null) throw this._error;
  }

  /** Ends the lease, for good, with an ErrLeaseLost that says why. */
  _lose(why) {
    if (this._error !== null) return;
    this._error = leaseError('ErrLeaseLost', why);
    clearTimeout(this._timer);
    this._timer = null;
    this._resolveDone(this._error);
  }

  /** The clock's reading, in nanoseconds since the Unix epoch: the generator's clock, or the system's. */
  _nowNs() {
    return this._clock !== null ? this._clock() : BigInt(Date.now()) * 1000000n;
  }

  /** Returns the tick of the layout's clock that holds ns (nanoseconds since the Unix epoch). */
  _tickOf(ns) {
    const s = this._space;
    const since = ns - s.epoch;
    return since < 0n ? -1n : (since * s.den) / s.num;
  }

  /** Returns when tick begins, in nanoseconds since the Unix epoch, rounded up. */
  _timeOf(tick) {
    const s = this._space;
    return s.epoch + (tick * s.num + s.den - 1n) / s.den;
  }

  /**
   * Returns a tick at or past the last ID's, from its time (which a counter
   * that borrows ticks may put past the clock's), or -1n before the first.
   */
  _lastIdTick() {
    const t = this._lastId?.time?.();
    return t instanceof Date ? this._tickOf(BigInt(t.getTime() + 1) * 1000000n) : -1n;
  }

  /**
   * Renews the lease once, recording a high-water tick above every tick the
   * generator can reach before the new deadline. Returns true when the
   * server confirmed it; a refusal, or a confirmation too late, loses the
   * lease; a failed call (the server out of reach) throws.
   */
  async _renew() {
    const sent = mono();
    let now = this._tickOf(this._nowNs());
    const last = this._lastTick > this._lastIdTick() ? this._lastTick : this._lastIdTick();
    if (last > now) now = last;
    let hw = this._tickOf(this._timeOf(now) + BigInt(Math.ceil(this._ttl * 1e6)));
    if (hw < this._reserved) hw = this._reserved;
    const rows = await this._query(`SELECT ${this._schema}.idforge_lease_renew($1, $2, $3, $4, $5::interval, $6) AS expires`,
      [this._space.key, this._node.toString(), this._holder, this._token.toString(), this._interval, hw.toString()]);
    if (this._error !== null) return false;
    const expires = rows.length > 0 ? first(rows[0]) : null;
    if (expires === null || expires === undefined) {
      this._lose(`node ${this._node} of ${this._space.key}: the server refused the renewal (the lease expired or the node went to another holder)`);
      return false;
    }
    if (mono() >= this._deadline) {
      this._lose(`node ${this._node} of ${this._space.key}: the renewal was confirmed too late`);
      return false;
    }
    this._deadline = sent + this._ttl - this._margin;
    this._renewAt = sent + this._ttl / 3;
    if (hw > this._reserved) this._reserved = hw;
    return true;
  }

  /** Sets the timer of the next step: the next renewal, or the deadline, whichever comes first. */
  _schedule() {
    if (this._error !== null) return;
    const now = mono();
    const wait = Math.max(Math.min(this._renewAt - now, this._deadline - now), 1);
    this._timer = setTimeout(() => this._step(), wait);
    this._timer?.unref?.();
  }

  /** Renews the lease if it is due, or loses it if its deadline has come, and sets the next timer. */
  async _step() {
    this._timer = null;
    if (this._error !== null) return;
    const now = mono();
    if (now >= this._deadline) {
      this._lose(`node ${this._node} of ${this._space.key}: no renewal confirmed in time`);
      return;
    }
    if (now >= this._renewAt) {
      this._renewing = this._renew().catch(() => {
        // The server is out of reach or failed: try again soon, while the deadline allows.
        this._renewAt = mono() + this._ttl / 20;
        return false;
      });
      await this._renewing;
      this._renewing = null;
    }
    this._schedule();
  }
}
