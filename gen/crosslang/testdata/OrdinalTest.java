import io.github.idforge.IDException;
import io.github.idforge.Lease;
import io.github.idforge.Snowflake;
import java.net.InetAddress;
import java.util.Map;

/**
 * The StatefulSet-ordinal source of the Java lease client
 * (Lease.statefulSetOrdinal, Lease.ordinalFromHostname), with the same cases
 * as Go's lease tests: good names and pod indexes, and each refusal, an
 * IDException ERR_ORDINAL naming the value, the space's size and the fix.
 * Run by gen/crosslang's TestOrdinalJava; prints PASS.
 */
public final class OrdinalTest {
    private static int failures;

    private static void check(boolean ok, String what) {
        if (!ok) {
            failures++;
            System.out.println("FAIL: " + what);
        }
    }

    interface Call {
        long run();
    }

    private static void refused(Call f, String... says) {
        try {
            long n = f.run();
            check(false, "no refusal, but " + n + " (" + String.join(", ", says) + ")");
        } catch (IDException e) {
            check(e.code() == IDException.Code.ERR_ORDINAL, "code " + e.code() + ": " + e.getMessage());
            check(e.code().errorName().equals("ErrOrdinal"), "errorName " + e.code().errorName());
            for (String s : says) {
                check(e.getMessage().contains(s), e.getMessage() + " does not say " + s);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Lease.Space sp = Snowflake.LEASE_SPACE;
        Lease.Space tiny = Lease.Space.of("tiny/1970-01-01T00:00:00Z/2", 2, "0", "1", "1");
        check(Lease.POD_INDEX_ENV.equals("IDFORGE_POD_INDEX"), "POD_INDEX_ENV");
        Object[][] good = {{"web-0", 0L}, {"web-3", 3L}, {"id-gen-1023", 1023L}, {"web-7.web.default.svc.cluster.local", 7L}, {"my-app-v2-12", 12L}};
        for (Object[] g : good) {
            long got = Lease.ordinalFromHostname((String) g[0], sp);
            check(got == (Long) g[1], g[0] + " gave " + got);
        }
        refused(() -> Lease.ordinalFromHostname("web-1024", sp), "\"web-1024\"", "ordinal 1024", "holds 1024 nodes", "0 to 1023", "at most 1024 replicas");
        refused(() -> Lease.ordinalFromHostname("web-4", tiny), "ordinal 4", "holds 4 nodes");
        refused(() -> Lease.ordinalFromHostname("web-18446744073709551616", sp), "ordinal 18446744073709551616");
        refused(() -> Lease.ordinalFromHostname("localhost", sp), "\"localhost\"", "<statefulset>-<ordinal>", "IDFORGE_POD_INDEX");
        refused(() -> Lease.ordinalFromHostname("-3", sp), "\"-3\"", "<statefulset>-<ordinal>");
        refused(() -> Lease.ordinalFromHostname("web-", sp), "\"web-\"", "no digits");
        refused(() -> Lease.ordinalFromHostname("web-x1", sp), "\"web-x1\"", "not a decimal number");
        refused(() -> Lease.ordinalFromHostname("web-+1", sp), "not a decimal number");
        refused(() -> Lease.ordinalFromHostname("web-\u0661", sp), "not a decimal number");
        refused(() -> Lease.ordinalFromHostname("web-01", sp), "leading zero");
        refused(() -> Lease.ordinalFromHostname("", sp), "\"\"");

        check(Lease.statefulSetOrdinal(sp, Map.of("HOSTNAME", "web-5")) == 5, "HOSTNAME=web-5");
        check(Lease.statefulSetOrdinal(sp, Map.of("HOSTNAME", "web-5", "IDFORGE_POD_INDEX", "9")) == 9, "IDFORGE_POD_INDEX=9");
        for (String v : new String[] {"", "x", "-1", "1024", "007"}) {
            refused(() -> Lease.statefulSetOrdinal(sp, Map.of("HOSTNAME", "web-5", "IDFORGE_POD_INDEX", v)), "IDFORGE_POD_INDEX=\"" + v + "\"");
        }
        String want;
        try {
            want = Long.toString(Lease.ordinalFromHostname(InetAddress.getLocalHost().getHostName(), sp));
        } catch (IDException e) {
            want = e.code().errorName();
        }
        String got;
        try {
            got = Long.toString(Lease.statefulSetOrdinal(sp, Map.of()));
        } catch (IDException e) {
            got = e.code().errorName();
        }
        check(got.equals(want), "with no HOSTNAME: " + got + ", the host's name gives " + want);
        System.out.println(failures == 0 ? "PASS" : failures + " FAILED");
        System.exit(failures == 0 ? 0 : 1);
    }
}
