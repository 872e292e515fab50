/**
 * The codes of the IDError the lease client throws: ErrLeaseLost (a
 * generator of a lease that is lost, closed or may be about to end),
 * ErrFull (every node of the space, or the one asked for, held),
 * ErrClockBehind (a clock behind the node's previous holder's high-water
 * tick), ErrOption (a bad option or argument) and ErrRange (a node outside
 * the space).
 */
export type IDErrorCode = 'ErrLeaseLost' | 'ErrFull' | 'ErrClockBehind' | 'ErrOption' | 'ErrRange';

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
 * IDError: ErrFull, ErrClockBehind, ErrOption, ErrRange, and what query throws.
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
