package io.github.idforge;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;

/**
 * A node number of a layout's space, held in PostgreSQL through idforge's
 * SQL lease functions ({@code lease/lease.sql}), by the rules of Go's
 * package {@code lease}: {@link #acquire(LeaseClient, Space, Options)}
 * takes one, a daemon thread renews it every TTL/3, and the generator made
 * from it ({@code new Snowflake.Generator(lease)}) refuses to make an ID,
 * with an {@link IDException.State} of {@link IDException.Code#ERR_LEASE_LOST}, once the lease is lost or
 * may be about to end on the server: from the last confirmed renewal's
 * sending plus the TTL minus the margin, on {@link System#nanoTime()}. Its
 * IDs are all on ticks past the high-water tick the node's previous holder
 * left; renewals record a high-water tick above every tick the generator
 * can reach before the next deadline, and {@link #close()} releases the
 * node with the last tick it read.
 *
 * <pre>{@code
 * try (Lease lease = Lease.acquire(LeaseClient.jdbc(dataSource), Snowflake.LEASE_SPACE)) {
 *     Snowflake.Generator g = new Snowflake.Generator(lease);
 *     Snowflake id = g.next();
 * }
 * }</pre>
 *
 * <p>A lease serves one generator, which any number of threads share (the
 * generators are thread-safe). Its methods are safe for concurrent use.
 */
public final class Lease implements AutoCloseable {
    /** A lease's time to live unless {@link Options#ttl(Duration)} says otherwise: 10 seconds. */
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(10);

    /**
     * The node space of a layout: its key, as every language's lease client
     * and Go's {@code lease.Space} write it, the node's width and the
     * layout's clock. Each class of a layout whose node can be leased has
     * one, {@code LEASE_SPACE}.
     */
    public static final class Space {
        private final String key;
        private final int nodeBits;
        private final BigInteger epochNanos;
        private final BigInteger tickNum;
        private final BigInteger tickDen;

        private Space(String key, int nodeBits, BigInteger epochNanos, BigInteger tickNum, BigInteger tickDen) {
            this.key = key;
            this.nodeBits = nodeBits;
            this.epochNanos = epochNanos;
            this.tickNum = tickNum;
            this.tickDen = tickDen;
        }

        /**
         * Returns a space, as a layout's class declares it.
         *
         * @param key the space's key, such as {@code "snowflake/2010-11-04T01:42:54.657Z/10"}
         * @param nodeBits the node's width, 1 to 62
         * @param epochNanos the clock's epoch, in nanoseconds since the Unix epoch, in decimal
         * @param tickNum a tick is tickNum / tickDen nanoseconds, in decimal
         * @param tickDen a tick is tickNum / tickDen nanoseconds, in decimal
         * @return the space
         */
        public static Space of(String key, int nodeBits, String epochNanos, String tickNum, String tickDen) {
            if (key == null || key.isEmpty() || nodeBits < 1 || nodeBits > 62) {
                throw new IDException(IDException.Code.ERR_RANGE, "lease: a space needs a key and a node of 1 to 62 bits");
            }
            return new Space(key, nodeBits, new BigInteger(epochNanos), new BigInteger(tickNum), new BigInteger(tickDen));
        }

        /**
         * Returns the space's key.
         *
         * @return the key, such as {@code "snowflake/2010-11-04T01:42:54.657Z/10"}
         */
        public String key() {
            return key;
        }

        /**
         * Returns the width of the space's node.
         *
         * @return the node's bits
         */
        public int nodeBits() {
            return nodeBits;
        }

        /** Returns the tick of the layout's clock that holds t, -1 before the epoch. */
        long tickOf(Instant t) {
            BigInteger ns = BigInteger.valueOf(t.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L)).add(BigInteger.valueOf(t.getNano()));
            BigInteger since = ns.subtract(epochNanos);
            if (since.signum() < 0) {
                return -1;
            }
            BigInteger tick = since.multiply(tickDen).divide(tickNum);
            return tick.bitLength() < 63 ? tick.longValue() : Long.MAX_VALUE;
        }

        /** Returns the first instant of tick, rounded up to a nanosecond. */
        Instant timeOf(long tick) {
            BigInteger[] qr = BigInteger.valueOf(tick).multiply(tickNum).add(tickDen).subtract(BigInteger.ONE).divide(tickDen)
                    .add(epochNanos).divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
            return Instant.ofEpochSecond(qr[0].longValueExact(), qr[1].longValue());
        }

        @Override
        public String toString() {
            return key;
        }
    }

    /**
     * How {@link #acquire(LeaseClient, Space, Options)} leases a node: an
     * immutable value, changed by its methods, each of which returns a new
     * one.
     */
    public static final class Options {
        private final Duration ttl;
        private final Duration margin;
        private final long node;
        private final Duration waitFor;
        private final String holder;
        private final String schema;

        private Options(Duration ttl, Duration margin, long node, Duration waitFor, String holder, String schema) {
            this.ttl = ttl;
            this.margin = margin;
            this.node = node;
            this.waitFor = waitFor;
            this.holder = holder;
            this.schema = schema;
        }

        /**
         * Returns the defaults: a TTL of 10 seconds, a margin of TTL/5, any
         * free node, one try, a holder of the process and random bits, the
         * functions in the schema {@code public}.
         *
         * @return the default options
         */
        public static Options defaults() {
            return new Options(DEFAULT_TTL, null, -1, Duration.ZERO, null, "public");
        }

        /**
         * Returns these options with the lease's time to live; it is renewed every ttl/3.
         *
         * @param ttl the time to live, positive
         * @return the options
         */
        public Options ttl(Duration ttl) {
            return new Options(Objects.requireNonNull(ttl, "ttl"), margin, node, waitFor, holder, schema);
        }

        /**
         * Returns these options with the margin: how long before the server
         * could let the node go the generator stops (default TTL/5).
         *
         * @param margin the margin, below 2/3 of the TTL
         * @return the options
         */
        public Options margin(Duration margin) {
            return new Options(ttl, Objects.requireNonNull(margin, "margin"), node, waitFor, holder, schema);
        }

        /**
         * Returns these options taking this node only.
         *
         * @param node the node, in the space
         * @return the options
         */
        public Options node(long node) {
            if (node < 0) {
                throw new IDException(IDException.Code.ERR_RANGE, "lease: node " + node + " is negative");
            }
            return new Options(ttl, margin, node, waitFor, holder, schema);
        }

        /**
         * Returns these options keeping on trying this long while every node
         * is held, and waiting at most as long again for the clock to pass
         * the node's high-water tick (default zero: one try).
         *
         * @param wait how long to wait
         * @return the options
         */
        public Options waitFor(Duration wait) {
            return new Options(ttl, margin, node, Objects.requireNonNull(wait, "wait"), holder, schema);
        }

        /**
         * Returns these options with the holder's identity, unique to each lease.
         *
         * @param holder the identity, not empty
         * @return the options
         */
        public Options holder(String holder) {
            return new Options(ttl, margin, node, waitFor, Objects.requireNonNull(holder, "holder"), schema);
        }

        /**
         * Returns these options calling the functions in this schema.
         *
         * @param schema a plain SQL identifier
         * @return the options
         */
        public Options schema(String schema) {
            return new Options(ttl, margin, node, waitFor, holder, Objects.requireNonNull(schema, "schema"));
        }
    }

    /** A plain SQL identifier: what a schema's name may be here. */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The random bits of holders' identities and of where acquire starts looking. */
    private static final SecureRandom RANDOM = new SecureRandom();

    private final LeaseClient client;
    private final Space space;
    private final String schema;
    private final String holder;
    private final long ttlNanos;
    private final long marginNanos;
    private final String interval;
    private final long node;
    private final long token;
    private final long above;
    /** The first instant past the previous holder's high-water tick. */
    private final Instant floor;
    private final ScheduledExecutorService renewer;

    /** On System.nanoTime: the last confirmed expiry minus the margin, and when the next renewal is due. */
    private volatile long deadline;
    private long renewAt;
    /** The high-water tick the server last confirmed: the generator makes no ID on a tick at or past it. */
    private volatile long reserved;
    /** The last tick the generator's clock read, or -1. */
    private final AtomicLong lastTick = new AtomicLong(-1);
    /** Why the lease ended, or null while it is held; once set, never unset. */
    private volatile IDException.State error;
    /**
     * Guards the setting of error alone, so that the generator can lose
     * the lease at its deadline while a renewal, which holds the lease's
     * monitor, waits on a server out of reach.
     */
    private final Object losing = new Object();
    private boolean bound;

    private Lease(LeaseClient client, Space space, String schema, String holder, long ttlNanos, long marginNanos, String interval,
            long node, long token, long above, long sent) {
        this.client = client;
        this.space = space;
        this.schema = schema;
        this.holder = holder;
        this.ttlNanos = ttlNanos;
        this.marginNanos = marginNanos;
        this.interval = interval;
        this.node = node;
        this.token = token;
        this.above = above;
        this.reserved = above;
        this.floor = space.timeOf(above + 1);
        this.deadline = sent + ttlNanos - marginNanos;
        this.renewAt = sent + ttlNanos / 3;
        this.renewer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "idforge-lease " + space.key() + " node " + node);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The environment variable {@link #statefulSetOrdinal(Space)} reads
     * first: the pod's index in its StatefulSet, which Kubernetes 1.28 and
     * later put in the pod's label {@code apps.kubernetes.io/pod-index}.
     * Kubernetes sets no such variable itself: map the label to it with the
     * downward API ({@code fieldRef}, {@code fieldPath:
     * metadata.labels['apps.kubernetes.io/pod-index']}).
     */
    public static final String POD_INDEX_ENV = "IDFORGE_POD_INDEX";

    /** What every ERR_ORDINAL of a value that does not parse says to do. */
    private static final String ORDINAL_FIX = "run the generator in a StatefulSet's pod, whose name is <statefulset>-<ordinal>, or map the label "
            + "apps.kubernetes.io/pod-index to " + POD_INDEX_ENV + " with the downward API, or lease node numbers from PostgreSQL or etcd instead";

    /**
     * Returns the node number of this pod of a Kubernetes StatefulSet, its
     * ordinal, for the layout's generator: from {@link #POD_INDEX_ENV} if it
     * is set, else from the pod's name in {@code HOSTNAME} (Kubernetes sets
     * it), else from the local host's name, as Go's
     * {@code lease.StatefulSetOrdinal} does. A StatefulSet runs at most one
     * pod of each ordinal, so it needs no lease, as long as its replicas fit
     * the space and no other generator of the layout uses the same numbers.
     *
     * @param space the layout's {@code LEASE_SPACE}
     * @return the ordinal, a node of space
     * @throws IDException ERR_ORDINAL, naming the value, the size of the
     *     space and the fix, when the value is not a StatefulSet pod's or
     *     its ordinal is not a node of space
     */
    public static long statefulSetOrdinal(Space space) {
        return statefulSetOrdinal(space, System.getenv());
    }

    /**
     * Returns the ordinal as {@link #statefulSetOrdinal(Space)} does, from
     * the environment env instead of the process's.
     *
     * @param space the layout's {@code LEASE_SPACE}
     * @param env the environment: {@link #POD_INDEX_ENV} and {@code HOSTNAME}
     * @return the ordinal, a node of space
     * @throws IDException ERR_ORDINAL as {@link #statefulSetOrdinal(Space)} does
     */
    public static long statefulSetOrdinal(Space space, java.util.Map<String, String> env) {
        Objects.requireNonNull(space, "space");
        Objects.requireNonNull(env, "env");
        String index = env.get(POD_INDEX_ENV);
        if (index != null) {
            String what = POD_INDEX_ENV + "=" + quote(index);
            Object n = readOrdinal(index);
            if (n instanceof String why) {
                throw new IDException(IDException.Code.ERR_ORDINAL, "lease: " + what + " is not a pod index (" + why + "): " + ORDINAL_FIX);
            }
            return ordinalIn((BigInteger) n, what, space);
        }
        String host = env.getOrDefault("HOSTNAME", "");
        if (host.isEmpty()) {
            try {
                host = java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.net.UnknownHostException e) {
                throw new IDException(IDException.Code.ERR_ORDINAL, "lease: HOSTNAME is not set and the host's name cannot be read (" + e.getMessage() + "): " + ORDINAL_FIX);
            }
        }
        return ordinalFromHostname(host, space);
    }

    /**
     * Returns the ordinal of a StatefulSet pod's name (or its host name, the
     * name followed by a domain): the decimal number after the last
     * {@code -} of its first label ({@code web-3} and
     * {@code web-3.web.default.svc} give 3), checked to be a node of space,
     * as Go's {@code lease.OrdinalFromHostname} does.
     *
     * @param hostname the pod's name
     * @param space the layout's {@code LEASE_SPACE}
     * @return the ordinal, a node of space
     * @throws IDException ERR_ORDINAL, naming the value, the size of the
     *     space and the fix, for a name that is not
     *     {@code <statefulset>-<ordinal>} (no {@code -}, nothing before it,
     *     anything but digits after it, or a leading zero) and for an
     *     ordinal outside the space
     */
    public static long ordinalFromHostname(String hostname, Space space) {
        Objects.requireNonNull(hostname, "hostname");
        Objects.requireNonNull(space, "space");
        int dot = hostname.indexOf('.');
        String name = dot < 0 ? hostname : hostname.substring(0, dot);
        int i = name.lastIndexOf('-');
        if (i <= 0) {
            throw new IDException(IDException.Code.ERR_ORDINAL,
                    "lease: the host name " + quote(hostname) + " is not a StatefulSet pod's name, <statefulset>-<ordinal>: " + ORDINAL_FIX);
        }
        Object n = readOrdinal(name.substring(i + 1));
        if (n instanceof String why) {
            throw new IDException(IDException.Code.ERR_ORDINAL,
                    "lease: the host name " + quote(hostname) + " does not end in a StatefulSet ordinal (" + why + "): " + ORDINAL_FIX);
        }
        return ordinalIn((BigInteger) n, "the host name " + quote(hostname), space);
    }

    /** Reads a StatefulSet ordinal: ASCII digits, no sign, no leading zero; a BigInteger, or a String that says what is wrong. */
    private static Object readOrdinal(String s) {
        if (s.isEmpty()) {
            return "no digits";
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return quote(s) + " is not a decimal number";
            }
        }
        if (s.length() > 1 && s.charAt(0) == '0') {
            return quote(s) + " has a leading zero";
        }
        return new BigInteger(s);
    }

    /** Returns the ordinal n, read from what, if it is a node of space; else throws ERR_ORDINAL. */
    private static long ordinalIn(BigInteger n, String what, Space space) {
        BigInteger size = BigInteger.ONE.shiftLeft(space.nodeBits());
        if (n.compareTo(size) >= 0) {
            throw new IDException(IDException.Code.ERR_ORDINAL, "lease: ordinal " + n + ", from " + what + ", is outside the node space " + space.key()
                    + ", which holds " + size + " nodes, 0 to " + size.subtract(BigInteger.ONE) + ": run at most " + size
                    + " replicas (counting the StatefulSet's ordinals.start), or lease node numbers from PostgreSQL or etcd instead");
        }
        return n.longValue();
    }

    /** Quotes s as Go's %q does, for the plain text of host names. */
    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * Leases any free node of the space with the default options.
     *
     * @param client runs the SQL lease functions
     * @param space the layout's space, such as {@code Snowflake.LEASE_SPACE}
     * @return the lease, renewing itself until closed
     * @throws SQLException when a call fails
     * @throws IDException.State ErrFull when every node is held,
     *     ErrClockBehind when this clock is behind the node's high-water tick
     */
    public static Lease acquire(LeaseClient client, Space space) throws SQLException {
        return acquire(client, space, Options.defaults());
    }

    /**
     * Leases a node of the space: any free one, or the one the options ask
     * for, trying for as long as they say while every node is held.
     *
     * @param client runs the SQL lease functions
     * @param space the layout's space, such as {@code Snowflake.LEASE_SPACE}
     * @param options how to lease it
     * @return the lease, renewing itself until closed
     * @throws SQLException when a call fails
     * @throws IDException.State ErrFull when every node (or the one asked
     *     for) is held after the wait, ErrClockBehind when this clock stays
     *     behind the node's high-water tick
     * @throws IDException ErrRange for bad options or a schema
     *     that idforge's install rule refuses (before it calls any of the
     *     functions, it checks in the catalogs that no role but their owner
     *     may CREATE there or owns a lease object there, and none holds a
     *     privilege on the lease table; the message names each problem and
     *     its fix)
     */
    public static Lease acquire(LeaseClient client, Space space, Options options) throws SQLException {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(space, "space");
        Objects.requireNonNull(options, "options");
        long ttl = options.ttl.toNanos();
        long margin = options.margin == null ? ttl / 5 : options.margin.toNanos();
        if (ttl <= 0 || margin < 0 || margin >= ttl * 2 / 3) {
            throw new IDException(IDException.Code.ERR_RANGE, "lease: TTL " + options.ttl + " with margin " + Duration.ofNanos(margin)
                    + ": want a positive TTL and a margin below 2/3 of it");
        }
        if (!IDENTIFIER.matcher(options.schema).matches()) {
            throw new IDException(IDException.Code.ERR_RANGE, "lease: the schema must be a plain SQL identifier");
        }
        String holder = options.holder != null ? options.holder : holderName();
        if (holder.isEmpty()) {
            throw new IDException(IDException.Code.ERR_RANGE, "lease: the holder must not be empty");
        }
        long size = 1L << space.nodeBits();
        long first = RANDOM.nextLong() & (size - 1);
        long span = size;
        if (options.node >= 0) {
            if (options.node >= size) {
                throw new IDException(IDException.Code.ERR_RANGE, "lease: node " + options.node + " is outside " + space + ", which holds " + size);
            }
            first = options.node;
            span = 1;
        }
        String interval = (ttl / 1000) + " microseconds";
        checkSchema(client, options.schema);
        long began = System.nanoTime();
        long wait = options.waitFor.toNanos();
        long nap = 10_000_000L;
        while (true) {
            long sent = System.nanoTime();
            List<Object[]> rows = client.query("SELECT node, token, expires, high_water FROM " + options.schema
                    + ".idforge_lease_acquire(?, ?, ?, ?, ?, ?::interval)", space.key(), space.nodeBits(), first, span, holder, interval);
            if (!rows.isEmpty()) {
                Object[] row = rows.get(0);
                Lease l = new Lease(client, space, options.schema, holder, ttl, margin, interval,
                        ((Number) row[0]).longValue(), ((Number) row[1]).longValue(), ((Number) row[3]).longValue(), sent);
                try {
                    l.start(wait);
                } catch (SQLException | RuntimeException e) {
                    try {
                        l.close();
                    } catch (SQLException | RuntimeException suppressed) {
                        e.addSuppressed(suppressed);
                    }
                    throw e;
                }
                return l;
            }
            if (System.nanoTime() - began >= wait) {
                throw new IDException.State(IDException.Code.ERR_FULL, "lease: " + (span == 1 ? "node " + first : "all " + size + " nodes")
                        + " of space " + space + " held, after waiting " + Duration.ofNanos(System.nanoTime() - began).toMillis() + "ms");
            }
            LockSupport.parkNanos(nap + RANDOM.nextLong(nap / 2 + 1));
            nap = Math.min(Math.min(2 * nap, 1_000_000_000L), ttl / 4);
        }
    }

    /** Returns a holder's identity unique to each lease: the process and 64 random bits. */
    /**
     * The query that checks, in the catalogs alone, that the lease functions
     * of a schema are to be trusted before any of them is called: idforge's
     * install rule (Go's lease.PostgresCheck, package pginstall), which the
     * package's build writes here. {@code @schema@} stands for the schema's
     * name.
     */
    private static final String CHECK_SQL = "@idforge-lease-check@";

    /**
     * Refuses a schema whose lease functions another role could have planted
     * or could steer: one where a role other than their owner may CREATE,
     * one of whose lease objects another role owns, or whose lease table
     * another role holds a privilege on. Each problem comes with its fix.
     */
    private static void checkSchema(LeaseClient client, String schema) throws SQLException {
        String[] parts = CHECK_SQL.split("@schema@", -1);
        Object[] params = new Object[parts.length - 1];
        Arrays.fill(params, schema);
        List<Object[]> rows = client.query(String.join("?", parts), params);
        if (rows.isEmpty()) {
            return;
        }
        StringBuilder problems = new StringBuilder();
        for (Object[] row : rows) {
            if (problems.length() > 0) {
                problems.append("; ");
            }
            problems.append(row[1]).append(": ").append(row[2]).append(' ').append(row[3]).append(" (fix: ").append(row[4]).append(')');
        }
        throw new IDException(IDException.Code.ERR_RANGE, "lease: schema " + schema
                + ": refused by idforge's install rule, so no lease function there is called: " + problems);
    }

    private static String holderName() {
        byte[] b = new byte[8];
        RANDOM.nextBytes(b);
        return "java/" + ProcessHandle.current().pid() + "/" + HexFormat.of().formatHex(b);
    }

    /**
     * Waits up to wait nanoseconds for the clock to pass the node's
     * high-water tick, records a high-water tick that covers the
     * generator's first IDs, and starts the renewals.
     */
    private void start(long wait) throws SQLException {
        long began = System.nanoTime();
        while (true) {
            Duration behind = Duration.between(Instant.now(), floor);
            if (behind.isNegative() || behind.isZero()) {
                break;
            }
            if (System.nanoTime() - began >= wait) {
                throw new IDException.State(IDException.Code.ERR_CLOCK_BEHIND, "lease: node " + node + " of " + space + " was used up to tick "
                        + above + "; this clock is " + behind.toMillis() + "ms behind it");
            }
            LockSupport.parkNanos(Math.min(behind.toNanos(), 1_000_000_000L));
        }
        synchronized (this) {
            if (!renew()) {
                throw error;
            }
        }
        schedule();
    }

    /**
     * Returns the node held.
     *
     * @return the node
     */
    public long node() {
        return node;
    }

    /**
     * Returns the space the node belongs to.
     *
     * @return the space
     */
    public Space space() {
        return space;
    }

    /**
     * Returns the holder's identity, as the server records it.
     *
     * @return the holder
     */
    public String holder() {
        return holder;
    }

    /**
     * Returns the high-water tick the node's previous holder left: the
     * generator makes every ID on a later tick.
     *
     * @return the tick, 0 if none
     */
    public long highWater() {
        return above;
    }

    /**
     * Returns why the lease ended, an {@link IDException.State} whose code
     * is ErrLeaseLost, or nothing while it is held.
     *
     * @return the error, if the lease ended
     */
    public Optional<IDException.State> error() {
        check(false);
        return Optional.ofNullable(error);
    }

    /**
     * Returns the clock of the lease's generator: the system clock, read
     * through the lease. A layout's {@code Generator(Lease)} calls it; a
     * second generator of one lease is ErrRange.
     *
     * @param layout the layout's space, which must be the lease's
     * @return the clock
     */
    synchronized Clock clockFor(Space layout) {
        if (!layout.key().equals(space.key())) {
            throw new IDException(IDException.Code.ERR_RANGE, "lease: a lease of " + space + " for a generator of " + layout);
        }
        if (bound) {
            throw new IDException.State(IDException.Code.ERR_RANGE, "lease: node " + node + " of " + space + " serves a generator already");
        }
        bound = true;
        check(true);
        return new LeaseClock(Clock.systemUTC());
    }

    /**
     * The clock a leased generator reads: once the lease is lost or may be
     * about to end, reading it is ErrLeaseLost; a time at or before the
     * previous holder's high-water tick reads as the first instant after
     * it, and one at or past the tick last confirmed loses the lease.
     */
    private final class LeaseClock extends Clock {
        private final Clock base;

        LeaseClock(Clock base) {
            this.base = base;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this; // the generators read instants only
        }

        @Override
        public Instant instant() {
            check(true);
            Instant t = base.instant();
            if (t.isBefore(floor)) {
                t = floor;
            }
            long tick = space.tickOf(t);
            if (tick >= reserved) {
                lose("the clock reached the high-water tick last confirmed");
                check(true);
            }
            lastTick.accumulateAndGet(tick, Math::max);
            return t;
        }

        @Override
        public long millis() {
            return instant().toEpochMilli();
        }
    }

    /**
     * Loses the lease once its deadline has come; throws its error, if
     * orThrow, once it is lost. It never waits for a renewal in flight: a
     * renewal confirmed after the deadline it read finds the lease lost.
     */
    private void check(boolean orThrow) {
        if (error == null && System.nanoTime() - deadline >= 0) {
            lose("no renewal confirmed in time");
        }
        IDException.State e = error;
        if (e != null && orThrow) {
            throw e;
        }
    }

    /** Ends the lease, for good, with an ErrLeaseLost that says why. */
    private void lose(String why) {
        synchronized (losing) {
            if (error == null) {
                error = new IDException.State(IDException.Code.ERR_LEASE_LOST, "lease: node " + node + " of " + space + ": " + why);
                renewer.shutdown();
            }
        }
    }

    /**
     * Renews the lease once, recording a high-water tick above every tick
     * the generator can reach before the new deadline; returns true when the
     * server confirmed it. A refusal, or a confirmation too late, loses the
     * lease; a failed call throws. Callers hold the lock.
     */
    private boolean renew() throws SQLException {
        long sent = System.nanoTime();
        long now = Math.max(space.tickOf(Instant.now()), lastTick.get());
        long hw = Math.max(space.tickOf(space.timeOf(now).plusNanos(ttlNanos)), reserved);
        List<Object[]> rows = client.query("SELECT " + schema + ".idforge_lease_renew(?, ?, ?, ?, ?::interval, ?)",
                space.key(), node, holder, token, interval, hw);
        if (error != null) {
            return false;
        }
        if (rows.isEmpty() || rows.get(0)[0] == null) {
            lose("the server refused the renewal (the lease expired or the node went to another holder)");
            return false;
        }
        if (System.nanoTime() - deadline >= 0) {
            lose("the renewal was confirmed too late");
            return false;
        }
        deadline = sent + ttlNanos - marginNanos;
        renewAt = sent + ttlNanos / 3;
        reserved = Math.max(reserved, hw);
        return true;
    }

    /** Schedules the next step: the next renewal, or the deadline, whichever comes first. */
    private synchronized void schedule() {
        if (error != null) {
            return;
        }
        long now = System.nanoTime();
        long wait = Math.max(Math.min(renewAt - now, deadline - now), 1_000_000L);
        renewer.schedule(this::step, wait, TimeUnit.NANOSECONDS);
    }

    /** Renews the lease if it is due, or loses it if its deadline has come, and schedules the next step. */
    private void step() {
        synchronized (this) {
            if (error != null) {
                return;
            }
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                lose("no renewal confirmed in time");
                return;
            }
            if (now - renewAt >= 0) {
                try {
                    renew();
                } catch (SQLException | RuntimeException e) {
                    // The server is out of reach or failed: try again soon, while the deadline allows.
                    renewAt = System.nanoTime() + ttlNanos / 20;
                }
            }
        }
        schedule();
    }

    /**
     * Stops the generator and the renewals and releases the node at once,
     * recording the last tick the generator read as its high-water mark.
     * Closing a lost or closed lease does nothing.
     *
     * @throws SQLException when the release fails (the node is then free
     *     when the lease expires)
     */
    @Override
    public void close() throws SQLException {
        long hw;
        synchronized (this) {
            if (error != null) {
                renewer.shutdown();
                return;
            }
            lose("closed");
            hw = Math.max(above, lastTick.get());
        }
        client.query("SELECT " + schema + ".idforge_lease_release(?, ?, ?, ?, ?)", space.key(), node, holder, token, hw);
    }
}
