import io.github.idforge.IDException;
import io.github.idforge.Lease;
import io.github.idforge.LeaseClient;
import io.github.idforge.Snowflake;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.ds.PGSimpleDataSource;
import sun.misc.Signal;

/**
 * A lease holder for gen/crosslang's fault tests (faults_test.go), on the
 * Java lease client and PostgreSQL's JDBC driver: it leases a Snowflake node
 * from the PostgreSQL at the JDBC URL args[0] and makes IDs until SIGTERM
 * (it closes its lease and exits 0) or until its lease is lost (exit 3),
 * writing the lines Go's leasetest.Child reads: A node unix-ns, I id,
 * R unix-ns, L kind message (lost, and it takes another, with
 * IDFORGE_LEASE_RECOVER), E kind message. IDFORGE_LEASE_TTL and
 * IDFORGE_LEASE_WAIT are Go durations (3s, 500ms); IDFORGE_LEASE_NODE asks
 * for one node.
 */
public final class LeaseHolder {
    private static final PrintStream OUT = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false);
    private static final AtomicBoolean TERM = new AtomicBoolean();

    private static Duration duration(String text, Duration fallback) {
        Matcher m = Pattern.compile("([0-9.]+)(ms|s|m)").matcher(text == null ? "" : text);
        if (!m.matches()) {
            return fallback;
        }
        double n = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2)) {
            case "ms" -> n;
            case "s" -> n * 1000;
            default -> n * 60000;
        };
        return Duration.ofMillis((long) millis);
    }

    private static void line(String s) {
        OUT.print(s + "\n");
        OUT.flush();
    }

    private static String oneLine(Throwable e) {
        return String.valueOf(e.getMessage()).replace('\n', ' ');
    }

    private static long nowNanos() {
        java.time.Instant t = java.time.Instant.now();
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static Lease take(LeaseClient client, Lease.Options options, boolean first, boolean recover) throws Exception {
        for (;;) {
            try {
                return Lease.acquire(client, Snowflake.LEASE_SPACE, first ? options : options.waitFor(Duration.ofSeconds(5)));
            } catch (Exception e) {
                if (first || !recover) {
                    throw e;
                }
                if (TERM.get()) {
                    return null;
                }
                Thread.sleep(100);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Signal.handle(new Signal("TERM"), s -> TERM.set(true));
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(args[0]);
        ds.setConnectTimeout(5);
        ds.setSocketTimeout(5);
        LeaseClient client = LeaseClient.jdbc(ds);
        boolean recover = System.getenv("IDFORGE_LEASE_RECOVER") != null;
        Lease.Options options = Lease.Options.defaults()
                .ttl(duration(System.getenv("IDFORGE_LEASE_TTL"), Duration.ofSeconds(10)))
                .waitFor(duration(System.getenv("IDFORGE_LEASE_WAIT"), Duration.ZERO));
        String node = System.getenv("IDFORGE_LEASE_NODE");
        if (node != null) {
            options = options.node(Long.parseLong(node));
        }
        Lease lease;
        try {
            String sql = System.getenv("IDFORGE_LEASE_SQL"); // lease/lease.sql, installed first
            if (sql != null) {
                try (java.sql.Connection c = ds.getConnection(); java.sql.Statement st = c.createStatement()) {
                    st.execute(java.nio.file.Files.readString(java.nio.file.Path.of(sql)));
                }
            }
            lease = take(client, options, true, recover);
        } catch (IDException.State e) {
            boolean full = e.code() == IDException.Code.ERR_FULL;
            line("E " + (full ? "full " : "other ") + oneLine(e));
            System.exit(full ? 5 : 6);
            return;
        } catch (Exception e) {
            line("E other " + oneLine(e));
            System.exit(6);
            return;
        }
        for (;;) {
            line("A " + lease.node() + " " + nowNanos());
            Throwable lost = null;
            Snowflake.Generator ids = null;
            try {
                ids = new Snowflake.Generator(lease);
            } catch (IDException | IDException.State e) {
                if (!recover) {
                    line("E other " + oneLine(e));
                    System.exit(6);
                }
                lost = e;
            }
            while (lost == null) {
                if (TERM.get()) {
                    try {
                        lease.close();
                    } catch (Exception e) {
                        line("E other closing the lease: " + oneLine(e));
                        System.exit(6);
                    }
                    line("R " + nowNanos());
                    System.exit(0);
                }
                StringBuilder out = new StringBuilder();
                try {
                    for (int i = 0; i < 5; i++) {
                        String id = Long.toUnsignedString(ids.next().toLong());
                        out.append("I ").append(id).append('\n');
                    }
                } catch (IDException.State e) {
                    if (e.code() != IDException.Code.ERR_LEASE_LOST) {
                        OUT.print(out);
                        line("E other making an ID: " + oneLine(e));
                        System.exit(6);
                    }
                    lost = e;
                }
                OUT.print(out);
                OUT.flush();
                if (lost == null) {
                    Thread.sleep(1);
                }
            }
            if (!recover) {
                line("E lost " + oneLine(lost));
                System.exit(3);
            }
            line("L lost " + oneLine(lost));
            try {
                lease.close();
            } catch (Exception e) {
                // lost already: nothing to release
            }
            lease = take(client, options, false, true);
            if (lease == null) {
                System.exit(0);
            }
        }
    }
}
