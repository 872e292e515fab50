import io.github.idforge.IDException;
import io.github.idforge.Lease;
import io.github.idforge.LeaseClient;
import io.github.idforge.Snowflake;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The Java lease client (Lease, LeaseClient.jdbc) against a real PostgreSQL
 * through pgjdbc: eight threads share one lease and its generator and make
 * 10,000 Snowflakes each, with no duplicate and every ID on the leased
 * node; closing releases the node with its last tick, which the node's next
 * holder starts above; a lease whose row another holder takes stops its
 * generator with ErrLeaseLost, and so does one whose renewals fail, while
 * the server still holds its node. Run by gen/crosslang's TestLeaseJava:
 * java -cp CLASSES:postgresql.jar LeaseTest.java JDBC_URL LEASE_SQL.
 */
public final class LeaseTest {
    static final int THREADS = 8;
    static final int PER_THREAD = 10_000;

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    public static void main(String[] args) throws Exception {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(args[0]);
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute(Files.readString(Path.of(args[1])));
        }
        LeaseClient client = LeaseClient.jdbc(ds);
        String key = Snowflake.LEASE_SPACE.key();

        // LeaseClient.jdbc keeps one connection for its statements: from a
        // data source that is no pool, a connection for each statement
        // (three to acquire, one to release) made acquiring several times
        // slower than the statements. A failed statement drops it, and the
        // next opens another.
        int[] opened = {0};
        javax.sql.DataSource counting = (javax.sql.DataSource) java.lang.reflect.Proxy.newProxyInstance(LeaseTest.class.getClassLoader(),
                new Class<?>[] {javax.sql.DataSource.class}, (proxy, m, margs) -> {
                    if (m.getName().equals("getConnection")) {
                        opened[0]++;
                    }
                    try {
                        return m.invoke(ds, margs);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        LeaseClient one = LeaseClient.jdbc(counting);
        for (int i = 0; i < 3; i++) {
            try (Lease l = Lease.acquire(one, Snowflake.LEASE_SPACE)) {
                check(l.node() >= 0, "a lease of a negative node");
            }
        }
        check(opened[0] == 1, "LeaseClient.jdbc opened " + opened[0] + " connections for three leases, want 1");
        try {
            one.query("SELECT no_such_column FROM pg_class");
            check(false, "a bad statement ran");
        } catch (java.sql.SQLException e) {
            check(one.query("SELECT 1").size() == 1 && opened[0] == 2, "after a failed statement: " + opened[0] + " connections, want 2");
        }

        // Eight threads, one lease, one generator.
        long[][] made = new long[THREADS][PER_THREAD];
        long node;
        AtomicLong lastTick = new AtomicLong();
        try (Lease lease = Lease.acquire(client, Snowflake.LEASE_SPACE, Lease.Options.defaults().ttl(Duration.ofSeconds(30)))) {
            node = lease.node();
            Snowflake.Generator g = new Snowflake.Generator(lease);
            Thread[] threads = new Thread[THREADS];
            for (int i = 0; i < THREADS; i++) {
                long[] mine = made[i];
                threads[i] = new Thread(() -> {
                    for (int j = 0; j < PER_THREAD; j++) {
                        Snowflake id = g.next();
                        mine[j] = id.toLong();
                        lastTick.accumulateAndGet(id.fields().timestamp(), Math::max);
                    }
                });
                threads[i].start();
            }
            for (Thread t : threads) {
                t.join();
            }
        }
        Set<Long> seen = new HashSet<>();
        int duplicates = 0;
        int wrongNode = 0;
        for (long[] ids : made) {
            for (long id : ids) {
                if (!seen.add(id)) {
                    duplicates++;
                }
                if (Snowflake.fromLong(id).fields().node() != node) {
                    wrongNode++;
                }
            }
        }
        check(duplicates == 0, duplicates + " duplicate IDs");
        check(wrongNode == 0, wrongNode + " IDs of a node not leased");
        check(seen.size() == THREADS * PER_THREAD, seen.size() + " IDs");

        // Closing released the node, with a high-water tick at or past the last ID's.
        List<Object[]> rows = client.query("SELECT holder, high_water FROM public.idforge_lease WHERE space = ? AND node = ?", key, node);
        check(rows.size() == 1 && "".equals(rows.get(0)[0]), "node " + node + " was not released");
        check(((Number) rows.get(0)[1]).longValue() >= lastTick.get(), "the high-water tick is below the last ID's");

        // The node's next holder starts above it.
        try (Lease next = Lease.acquire(client, Snowflake.LEASE_SPACE, Lease.Options.defaults().node(node).ttl(Duration.ofSeconds(30)))) {
            check(next.highWater() >= lastTick.get(), "the next holder does not see the high-water tick");
            Snowflake first = new Snowflake.Generator(next).next();
            check(first.fields().timestamp() > lastTick.get(), "the next holder made an ID at or below the last holder's tick");
            try {
                new Snowflake.Generator(next);
                check(false, "a lease served two generators");
            } catch (IDException.State e) {
                check(e.code() == IDException.Code.ERR_RANGE, "a second generator of a lease failed with " + e.code());
            }
        }

        // A lease whose row another holder takes stops its generator.
        String refused;
        try (Lease lost = Lease.acquire(client, Snowflake.LEASE_SPACE, Lease.Options.defaults().ttl(Duration.ofSeconds(3)))) {
            Snowflake.Generator g = new Snowflake.Generator(lost);
            g.next();
            client.query("UPDATE public.idforge_lease SET holder = 'thief', token = token + 1 WHERE space = ? AND node = ?", key, lost.node());
            for (int i = 0; i < 6000 && lost.error().isEmpty(); i++) {
                Thread.sleep(10); // a renewal comes every second: wait for the refusal, however long it takes
            }
            check(lost.error().isPresent(), "the lease outlived its stolen row");
            try {
                g.next();
                refused = "nothing";
            } catch (IDException.State e) {
                refused = e.code().errorName();
            }
            check(refused.equals("ErrLeaseLost"), "a generator of a lost lease made an ID, or failed with " + refused);
            client.query("DELETE FROM public.idforge_lease WHERE space = ? AND node = ?", key, lost.node());
        }
        // A holder whose renewals fail (the server out of its reach) stops,
        // with ErrLeaseLost, while the server still holds the node for it:
        // before the lease could end.
        java.util.concurrent.atomic.AtomicBoolean cut = new java.util.concurrent.atomic.AtomicBoolean();
        LeaseClient flaky = (sql, params) -> {
            if (cut.get()) {
                throw new java.sql.SQLException("the network is cut");
            }
            return client.query(sql, params);
        };
        long madeCut = 0;
        boolean held;
        try (Lease paused = Lease.acquire(flaky, Snowflake.LEASE_SPACE, Lease.Options.defaults().ttl(Duration.ofSeconds(5)).margin(Duration.ofMillis(2500)))) {
            Snowflake.Generator g = new Snowflake.Generator(paused);
            cut.set(true);
            IDException.State stopped = null;
            while (stopped == null) {
                try {
                    g.next();
                    madeCut++;
                } catch (IDException.State e) {
                    stopped = e;
                }
            }
            List<Object[]> still = client.query("SELECT expires > clock_timestamp() FROM public.idforge_lease WHERE space = ? AND node = ? AND holder = ?",
                    key, paused.node(), paused.holder());
            held = still.size() == 1 && Boolean.TRUE.equals(still.get(0)[0]);
            check(stopped.code() == IDException.Code.ERR_LEASE_LOST, "a holder that could not renew failed with " + stopped.code());
            check(held, "a holder that could not renew stopped only after its lease could end");
            client.query("DELETE FROM public.idforge_lease WHERE space = ? AND node = ?", key, paused.node());
        }
        // A schema where PUBLIC may CREATE (public on PostgreSQL 13 and 14),
        // holding lease functions that hand out node 7: acquire refuses it
        // (ErrRange, the client's error for a bad option, naming the fix)
        // before it calls any of them.
        String planted = "planted_java_" + ProcessHandle.current().pid();
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + planted + "; GRANT CREATE ON SCHEMA " + planted + " TO PUBLIC; CREATE TABLE " + planted + ".calls (fn text);"
                    + "CREATE FUNCTION " + planted + ".idforge_lease_protocol() RETURNS integer LANGUAGE sql VOLATILE AS $$ INSERT INTO " + planted + ".calls VALUES ('protocol'); SELECT 3 $$;"
                    + "CREATE FUNCTION " + planted + ".idforge_lease_acquire(space text, node_bits integer, first bigint, span bigint, holder text, ttl interval, skew interval DEFAULT '1 second')"
                    + " RETURNS TABLE (node bigint, token bigint, expires timestamptz, high_water bigint) LANGUAGE sql VOLATILE"
                    + " AS $$ INSERT INTO " + planted + ".calls VALUES ('acquire'); SELECT 7::bigint, 1::bigint, clock_timestamp() + interval '1 hour', 0::bigint $$");
            try {
                IDException refusal = null;
                try (Lease l = Lease.acquire(client, Snowflake.LEASE_SPACE, Lease.Options.defaults().schema(planted))) {
                    check(false, "a schema where PUBLIC may CREATE gave node " + l.node());
                } catch (IDException e) {
                    refusal = e;
                }
                check(refusal.code() == IDException.Code.ERR_RANGE && refusal.getMessage().contains("REVOKE CREATE ON SCHEMA " + planted + " FROM PUBLIC"),
                        "a schema where PUBLIC may CREATE: " + refusal);
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + planted + ".calls")) {
                    rs.next();
                    check(rs.getLong(1) == 0, "the planted functions ran " + rs.getLong(1) + " times");
                }
            } finally {
                s.execute("DROP SCHEMA " + planted + " CASCADE");
            }
        }
        System.out.println("PASS threads=" + THREADS + " ids=" + seen.size() + " duplicates=" + duplicates + " wrongNode=" + wrongNode
                + " node=" + node + " lost=" + refused + " unrenewed: made=" + madeCut + " serverStillHeld=" + held);
    }
}
