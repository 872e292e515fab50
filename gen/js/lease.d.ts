/**
 * The codes of the IDError the lease client throws: ErrLeaseLost (a
 * generator of a lease that is lost, closed or may be about to end),
 * ErrFull (every node of the space, or the one asked for, held),
 * ErrClockBehind (a clock behind the node's previous holder's high-water
 * tick), ErrOption (a bad option or argument), ErrRange (a node outside
 * the space) and ErrOrdinal (a StatefulSet ordinal that does not parse or
 * does not fit the space).
 */
export type IDErrorCode = 'ErrLeaseLost' | 'ErrFull' | 'ErrClockBehind' | 'ErrOption' | 'ErrRange' | 'ErrOrdinal';

/**
 * The error every module of the package throws (one class: an error of the
 * lease client is an instance of the IDError every layout's module exports).
 */
export declare class IDError extends Error {
  /**
   * @param code the kind of error, such as 'ErrLeaseLost'
   * @param message what is wrong, 'lease: ' first
   */
  constructor(code: IDErrorCode, message: string);
  /** The kind of error, such as 'ErrLeaseLost'. */
  readonly code: IDErrorCode;
}

/** The lease's time to live unless options.ttl says otherwise: 10000 milliseconds. */
export declare const DEFAULT_TTL: number;

/** What acquire needs of a layout: its module's LEASE_SPACE. */
export interface LeaseSpace<G extends { next(): unknown } = { next(): unknown }> {
  /** The space's key, as Go's lease.Space.String() writes it: "snowflake/2010-11-04T01:42:54.657Z/10". */
  readonly key: string;
  /** The width of the node field. */
  readonly nodeBits: number;
  /** The clock's epoch, in nanoseconds since the Unix epoch. */
  readonly epoch: bigint;
  /** A tick is num / den nanoseconds. */
  readonly num: bigint;
  /** A tick is num / den nanoseconds. */
  readonly den: bigint;
  /** The layout's newGenerator, which the lease calls with its node. */
  newGenerator(node: bigint, options?: object): G;
}

/**
 * The environment variable statefulSetOrdinal reads first, 'IDFORGE_POD_INDEX':
 * map the pod's label apps.kubernetes.io/pod-index (Kubernetes 1.28 and
 * later) to it with the downward API.
 */
export declare const POD_INDEX_ENV: string;

/**
 * Returns the ordinal of a StatefulSet pod's name, <statefulset>-<ordinal>
 * (a domain after it is ignored), checked to be a node of space. Throws
 * IDError ErrOrdinal, naming the value, the size of the space and the fix,
 * for a name that does not parse or an ordinal outside the space.
 */
export declare function ordinalFromHostname(hostname: string, space: { readonly key: string; readonly nodeBits: number }): bigint;

/**
 * Returns this StatefulSet pod's ordinal as a node number: from
 * env[POD_INDEX_ENV] if set, else the pod's name in env.HOSTNAME, else the
 * host's name; env defaults to process.env. Throws IDError ErrOrdinal as
 * ordinalFromHostname does.
 */
export declare function statefulSetOrdinal(space: { readonly key: string; readonly nodeBits: number }, env?: Record<string, string | undefined>): bigint;

/** Options of acquire. */
export interface LeaseOptions {
  /** The lease's time to live, in milliseconds (default 10000); it is renewed every ttl/3. */
  ttl?: number;
  /** How long before the server could let the node go the generator stops, in milliseconds (default ttl/5). */
  margin?: number;
  /** Take this node only, waiting for it to be free. */
  node?: bigint | number;
  /** How long to keep trying while every node is held, and for the clock to pass the node's high-water tick, in milliseconds (default 0). */
  wait?: number;
  /** The holder's identity, unique to each lease (default the process and random bits). */
  holder?: string;
  /** The schema of the SQL lease functions (default 'public'). */
  schema?: string;
}

/**
 * A function that runs one SQL statement with parameters ($1, $2, ...) and
 * returns its rows, as objects keyed by column or as arrays: with pg,
 * `(sql, params) => pool.query(sql, params).then((r) => r.rows)`.
 */
export type Query = (sql: string, params: unknown[]) => Promise<readonly unknown[]>;

/**
 * Leases a node of the layout's space from PostgreSQL, through idforge's
 * SQL lease functions; the lease renews itself until close. Errors are
 * IDError: ErrFull, ErrClockBehind, ErrOption (a bad option, or a schema
 * idforge's install rule refuses: checked before any lease function there
 * is called), ErrRange, and what query throws.
 */
export declare function acquire<G extends { next(): unknown }>(query: Query, space: LeaseSpace<G>, options?: LeaseOptions): Promise<Lease<G>>;

/** A node of a layout's space, held in PostgreSQL; acquire makes one. */
export declare class Lease<G extends { next(): unknown } = { next(): unknown }> {
  /** acquire makes a Lease. */
  private constructor();
  /** The node number held. */
  readonly node: bigint;
  /** The space's key: "snowflake/2010-11-04T01:42:54.657Z/10". */
  readonly space: string;
  /** The holder's identity, as the server records it. */
  readonly holder: string;
  /** The high-water tick the node's previous holder left. */
  readonly highWater: bigint;
  /** Why the lease ended (code ErrLeaseLost), or null while it is held. */
  readonly error: IDError | null;
  /** Resolves, to the IDError ErrLeaseLost that says why, when the lease is lost or closed. */
  readonly done: Promise<IDError>;
  /**
   * Returns the generator of the lease's node, whose next() throws IDError
   * ErrLeaseLost once the lease is lost or may be about to end. One per lease.
   */
  newGenerator(options?: object): G;
  /** Stops the generator and renewals and releases the node. */
  close(): Promise<void>;
}
