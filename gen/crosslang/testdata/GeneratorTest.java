// Holds the committed Java package (java/) to what its generators and its
// UUID classes promise: java -cp CLASSES GeneratorTest.java [N], the
// package compiled into CLASSES. The Go test TestJavaPackage runs it. N
// (10,000,000 by default) is the number of IDs eight threads make from one
// generator, which must all be distinct and, as each thread sees them,
// strictly increasing. It prints a line a check, and exits 1 on a failure.

import io.github.idforge.IDException;
import io.github.idforge.Snowflake;
import io.github.idforge.Tsid;
import io.github.idforge.Ulid;
import io.github.idforge.UuidV3;
import io.github.idforge.UuidV4;
import io.github.idforge.UuidV5;
import io.github.idforge.UuidV7;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

public final class GeneratorTest {
    private GeneratorTest() {}

    static int failures;

    static void check(boolean ok, String what) {
        if (!ok) {
            failures++;
            System.out.println("FAIL " + what);
        }
    }

    /** A clock that starts at start and moves step nanoseconds at every reading (back, for a negative step). */
    static final class SteppingClock extends Clock {
        private final AtomicLong nanos;
        private final long step;

        SteppingClock(Instant start, long step) {
            this.nanos = new AtomicLong(start.getEpochSecond() * 1_000_000_000L + start.getNano());
            this.step = step;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            long n = nanos.getAndAdd(step);
            return Instant.ofEpochSecond(Math.floorDiv(n, 1_000_000_000L), Math.floorMod(n, 1_000_000_000L));
        }

        @Override
        public long millis() {
            return Math.floorDiv(nanos.getAndAdd(step), 1_000_000L);
        }
    }

    /**
     * Makes n IDs (as their bytes) from next on eight threads at once, and
     * checks that each thread's are strictly increasing and that all of
     * them are distinct: merged in order, each is above the one before.
     */
    static void eightThreads(String what, int n, Supplier<byte[]> next) throws InterruptedException {
        int threads = 8, each = n / threads;
        byte[][][] got = new byte[threads][each][];
        Thread[] ts = new Thread[threads];
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            byte[][] mine = got[t];
            ts[t] = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    mine[i] = next.get();
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        double secs = (System.nanoTime() - start) / 1e9;
        boolean ordered = true;
        for (byte[][] mine : got) {
            for (int i = 1; i < each; i++) {
                ordered &= Arrays.compareUnsigned(mine[i - 1], mine[i]) < 0;
            }
        }
        check(ordered, what + ": each thread's IDs strictly increase");
        // An eight-way merge of the sorted runs: all distinct if the merge strictly increases.
        int[] at = new int[threads];
        byte[] prev = null;
        boolean distinct = true;
        for (int k = 0; k < each * threads; k++) {
            int best = -1;
            for (int t = 0; t < threads; t++) {
                if (at[t] < each && (best < 0 || Arrays.compareUnsigned(got[t][at[t]], got[best][at[best]]) < 0)) {
                    best = t;
                }
            }
            byte[] id = got[best][at[best]++];
            distinct &= prev == null || Arrays.compareUnsigned(prev, id) < 0;
            prev = id;
        }
        check(distinct, what + ": no duplicates among " + each * threads + " IDs");
        System.out.printf(Locale.ROOT, "ok   %s: %d IDs on %d threads in %.2fs, strictly increasing, no duplicates%n", what, each * threads, threads, secs);
    }

    static byte[] hexBytes(String s) {
        return java.util.HexFormat.of().parseHex(s);
    }

    /** Returns the code of the IDException r throws, or what else happened. */
    static String codeOf(Runnable r) {
        try {
            r.run();
            return "no error";
        } catch (IDException e) {
            return e.code().errorName();
        } catch (RuntimeException e) {
            return "not an IDException: " + e;
        }
    }

    /**
     * Returns the code of the IDException.State r throws, an
     * IllegalStateException, or what else happened.
     */
    static String stateCodeOf(Runnable r) {
        try {
            r.run();
            return "no error";
        } catch (IDException.State e) {
            check(e instanceof IllegalStateException, "IDException.State is an IllegalStateException");
            return e.code().errorName();
        } catch (RuntimeException e) {
            return "not an IDException.State: " + e;
        }
    }

    /** Makes n IDs one after another and checks that they strictly increase. */
    static void increasing(String what, int n, Supplier<byte[]> next) {
        byte[] prev = next.get();
        boolean ok = true;
        for (int i = 1; i < n; i++) {
            byte[] id = next.get();
            ok &= Arrays.compareUnsigned(prev, id) < 0;
            prev = id;
        }
        check(ok, what + ": strictly increasing");
        System.out.println("ok   " + what + ": " + n + " IDs, strictly increasing");
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        Instant start = Instant.parse("2026-11-27T10:00:00Z");

        eightThreads("UuidV7.newId()", n, () -> UuidV7.newId().bytes());
        Ulid.Generator ulid = new Ulid.Generator();
        eightThreads("Ulid.Generator (an 80-bit counter)", Math.min(n, 2_000_000), () -> ulid.next().bytes());

        // A frozen clock: the counter orders the IDs, borrowing ticks when it runs out.
        UuidV7.Generator frozen = new UuidV7.Generator(Clock.fixed(start, ZoneOffset.UTC), new SecureRandom());
        increasing("UuidV7 on a frozen clock", 1_000_000, () -> frozen.next().bytes());
        // (Its 26-bit counter starts below 2^25 each tick: a million IDs fit in one.)
        check(frozen.next().time().equals(start), "UuidV7 on a frozen clock keeps its tick");
        // A clock going back a second at every reading.
        UuidV7.Generator back = new UuidV7.Generator(new SteppingClock(start, -1_000_000_000L), new SecureRandom());
        increasing("UuidV7 on a clock going back", 1_000_000, () -> back.next().bytes());
        Ulid.Generator ulidBack = new Ulid.Generator(new SteppingClock(start, -1_000_000L), new SecureRandom());
        increasing("Ulid on a clock going back", 200_000, () -> ulidBack.next().bytes());

        // Snowflake waits for the next millisecond when its counter runs out:
        // on a frozen clock, after 4096 IDs a second's wait, then ErrClockStalled.
        Snowflake.Generator flake = new Snowflake.Generator(7, Clock.fixed(start, ZoneOffset.UTC), new SecureRandom());
        String code = "";
        long t0 = System.nanoTime();
        int made = 0;
        try {
            while (made < 5000) {
                flake.next();
                made++;
            }
        } catch (IDException.State e) {
            code = e.code().errorName();
        }
        check(made == 4096 && code.equals("ErrClockStalled"), "Snowflake on a frozen clock: " + made + " IDs, then " + code);
        System.out.printf(Locale.ROOT, "ok   Snowflake on a frozen clock: %d IDs, then %s after %.1fs%n", made, code, (System.nanoTime() - t0) / 1e9);
        // A call the generator's state forbids is an IllegalStateException
        // (IDException.State), a bad argument an IllegalArgumentException
        // (IDException), both with their code.
        code = stateCodeOf(Snowflake::newId);
        check(code.equals("ErrNoGenerator"), "Snowflake.newId() before setNode: " + code);
        code = codeOf(() -> Snowflake.setNode(-1));
        check(code.equals("ErrRange"), "Snowflake.setNode(-1): " + code);
        Snowflake.setNode(5);
        check(Snowflake.newId().fields().node() == 5, "Snowflake.newId() after setNode(5) has node 5");
        Snowflake.setNode(5); // the same node again: nothing
        code = stateCodeOf(() -> Snowflake.setNode(6));
        check(code.equals("ErrRange"), "Snowflake.setNode(6) after setNode(5): " + code);
        code = codeOf(() -> new Snowflake.Generator(1 << 10));
        check(code.equals("ErrRange"), "a Snowflake generator of an 11-bit node: " + code);
        code = codeOf(() -> Snowflake.pack(new Snowflake.Fields(1L << 41, 0, 0)));
        check(code.equals("ErrRange"), "Snowflake.pack of a 42-bit time: " + code);
        code = codeOf(() -> UuidV7.fromBytes(new byte[15]));
        check(code.equals("ErrLength"), "UuidV7.fromBytes of 15 bytes: " + code);
        code = codeOf(() -> UuidV7.newId().mask(new byte[15]));
        check(code.equals("ErrKey"), "a mask key of 15 bytes: " + code);
        code = codeOf(() -> UuidV7.newId().mask(new byte[16]));
        check(code.equals("ErrKey"), "a mask key of zero bytes: " + code);
        code = codeOf(() -> UuidV7.parse("0192f0d4-1c2e-7a1b-8c3d-4e5f6071829\u00e9"));
        check(code.equals("ErrLength"), "UUID text with a two-byte character: " + code);
        code = codeOf(() -> UuidV7.parseBase62("7n42DGM5Tflk9n8mt7Fhc8"));
        check(code.equals("ErrOverflow"), "Base62 above the largest UUID: " + code);
        Ulid ulidID = Ulid.newId();
        check(ulidID.fields().equals(Ulid.parse(ulidID.toString()).fields()) && ulidID.fields().hashCode() == Ulid.parse(ulidID.toString()).fields().hashCode(),
                "Ulid's Fields, with a bytes field, compare by content");
        check(Ulid.pack(ulidID.fields()).equals(ulidID), "Ulid.pack(fields()) gives the ID back");
        Snowflake flakeID = Snowflake.newId();
        check(Snowflake.fromLong(flakeID.toLong()).equals(flakeID) && Long.toString(flakeID.toLong()).equals(flakeID.toString()),
                "Snowflake's long: " + flakeID);

        // The JDK's UUID: the same text, the same v3 names, versions and variants.
        for (String name : new String[] {"", "www.example.com", "python.org", "\u65e5\u672c\u8a9e", "x".repeat(200)}) {
            byte[] ns = UuidV3.NAMESPACE_DNS.bytes();
            byte[] in = new byte[ns.length + name.getBytes(StandardCharsets.UTF_8).length];
            System.arraycopy(ns, 0, in, 0, ns.length);
            System.arraycopy(name.getBytes(StandardCharsets.UTF_8), 0, in, ns.length, in.length - ns.length);
            UUID jdk = UUID.nameUUIDFromBytes(in);
            check(UuidV3.fromName(UuidV3.NAMESPACE_DNS, name).toUUID().equals(jdk), "UuidV3.fromName(" + name + ") is the JDK's nameUUIDFromBytes");
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] d = sha1.digest(in);
            d[6] = (byte) (d[6] & 0x0f | 0x50);
            d[8] = (byte) (d[8] & 0x3f | 0x80);
            check(UuidV5.fromName(UuidV5.NAMESPACE_DNS, name).equals(UuidV5.fromBytes(Arrays.copyOf(d, 16))), "UuidV5.fromName(" + name + ")");
        }
        System.out.println("ok   UuidV3.fromName is UUID.nameUUIDFromBytes; UuidV5.fromName is RFC 9562's SHA-1");
        // uuid-creator's name-based vectors (peer-names.tsv), as data.
        int peers = 0;
        for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("peer-names.tsv"), StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            String got;
            if (f[0].equals("uuidv3")) {
                got = UuidV3.fromName(f[1].equals("dns") ? UuidV3.NAMESPACE_DNS : UuidV3.NAMESPACE_URL, f[2]).toString();
            } else {
                got = UuidV5.fromName(f[1].equals("dns") ? UuidV5.NAMESPACE_DNS : UuidV5.NAMESPACE_URL, f[2]).toString();
            }
            check(got.equals(f[3]), f[0] + ".fromName(" + f[1] + ", " + f[2] + ") = " + got + ", uuid-creator's " + f[3]);
            peers++;
        }
        check(peers > 40, "peer-names.tsv holds " + peers + " vectors");
        System.out.println("ok   " + peers + " name-based UUIDs of uuid-creator's tests");
        // tsid-creator's text vectors (TsidTest at a28f536c): the largest and
        // 10 in Crockford, either case; a first digit above F overflows.
        check(Tsid.fromBytes(hexBytes("ffffffffffffffff")).toString().equals("FZZZZZZZZZZZZ"), "TSID of 2^64-1");
        check(Tsid.parse("000000000000a").equals(Tsid.fromBytes(hexBytes("000000000000000a"))), "TSID 10 in lower case");
        try {
            Tsid.parse("G000000000000");
            check(false, "TSID G000000000000 parsed");
        } catch (IDException e) {
            check(e.code().errorName().equals("ErrOverflow"), "TSID G000000000000: " + e.code().errorName());
        }
        System.out.println("ok   tsid-creator's TSID text vectors");
        for (int i = 0; i < 100_000; i++) {
            UuidV4 id = UuidV4.newId();
            UUID u = id.toUUID();
            check(u.version() == 4 && u.variant() == 2, "UuidV4 " + id + ": version " + u.version() + ", variant " + u.variant());
            check(u.toString().equals(id.toString()) && UUID.fromString(id.toString()).equals(u), "UuidV4 " + id + " text");
            UUID r = UUID.randomUUID();
            check(UuidV4.parse(r.toString()).toUUID().equals(r), "UuidV4.parse(" + r + ")");
            check(UuidV4.parse(r.toString().toUpperCase(Locale.ROOT)).toUUID().equals(r), "UuidV4.parse of upper case " + r);
            check(UuidV4.fromUUID(r).toString().equals(r.toString()), "UuidV4.fromUUID(" + r + ").toString()");
            check(UuidV4.parse("urn:uuid:" + r).toUUID().equals(r) && UuidV4.parse("{" + r + "}").toUUID().equals(r)
                    && UuidV4.parse(r.toString().replace("-", "")).toUUID().equals(r), "UuidV4.parse's other forms of " + r);
            check(UuidV7.newId().toUUID().version() == 7, "UuidV7 version");
            if (failures > 10) {
                break;
            }
        }
        System.out.println("ok   UuidV4 and the JDK's UUID: text, parse, versions and variants agree on 100000 IDs");

        // Serialization: through the proxy, and back equal.
        UuidV7 id = UuidV7.newId();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(buf)) {
            out.writeObject(id);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(buf.toByteArray()))) {
            check(id.equals(in.readObject()), "UuidV7 serialized and read back");
        }
        ByteArrayOutputStream jdk = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(jdk)) {
            out.writeObject(id.toUUID());
        }
        check(buf.size() <= jdk.size(), "a serialized UuidV7 takes " + buf.size() + " bytes, a UUID " + jdk.size());
        // A stream whose proxy holds a byte too few or too many is refused.
        byte[] stream = buf.toByteArray();
        for (int cut : new int[] {-1, 1}) {
            byte[] other = Arrays.copyOf(stream, stream.length + cut);
            int block = stream.length - 16 - 2; // TC_BLOCKDATA's length byte, before the 16 bytes and TC_ENDBLOCKDATA
            check(stream[block] == 16, "the proxy's block of 16 bytes at " + block);
            other[block] = (byte) (16 + cut);
            other[other.length - 1] = stream[stream.length - 1]; // TC_ENDBLOCKDATA
            String got;
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(other))) {
                got = "read " + in.readObject();
            } catch (java.io.IOException | ClassNotFoundException e) {
                got = "refused";
            }
            check(got.equals("refused"), "a proxy of " + (16 + cut) + " bytes: " + got);
        }
        System.out.println("ok   UuidV7 serialized in " + buf.size() + " bytes (a UUID: " + jdk.size() + ") and read back");

        // isValid(text): parse reads it and the constant bits are the layout's; it never throws.
        UUID v4 = UUID.randomUUID();
        check(UuidV7.isValid(id.toString()) && UuidV4.isValid(v4.toString()), "isValid of an ID's text");
        check(!UuidV7.isValid(v4.toString()) && !UuidV7.isValid(null) && !UuidV7.isValid("") && !UuidV7.isValid("not an id"),
                "UuidV7.isValid of a v4's text, null, \"\" and \"not an id\"");
        System.out.println("ok   UuidV7.isValid(text)");

        // fromName: a UUID name space, bytes, and a name that is not valid Unicode.
        UUID dns = UUID.fromString("6ba7b810-9dad-11d1-80b4-00c04fd430c8");
        UuidV5 ex = UuidV5.fromName(UuidV5.NAMESPACE_DNS, "example.com");
        check(UuidV5.fromName(dns, "example.com").equals(ex)
                && UuidV5.fromName(dns, "example.com".getBytes(StandardCharsets.UTF_8)).equals(ex)
                && UuidV5.fromName(UuidV5.NAMESPACE_DNS, "example.com".getBytes(StandardCharsets.UTF_8)).equals(ex),
                "UuidV5.fromName of a UUID name space and of bytes");
        check(UuidV5.fromName(dns, "\uD83D\uDE00").equals(UuidV5.fromName(dns, "\uD83D\uDE00".getBytes(StandardCharsets.UTF_8))),
                "fromName of a surrogate pair is of its UTF-8");
        for (String lone : new String[] {"a\uD800b", "a\uDC00b", "\uD800", "b\uDBFF"}) {
            String got = codeOf(() -> UuidV5.fromName(dns, lone));
            check(got.equals("ErrType"), "UuidV5.fromName of a lone surrogate: " + got);
            got = codeOf(() -> UuidV3.fromName(UuidV3.NAMESPACE_URL, lone));
            check(got.equals("ErrType"), "UuidV3.fromName of a lone surrogate: " + got);
        }
        check(IDException.Code.ERR_TYPE.errorName().equals("ErrType") && IDException.Code.valueOf("ERR_CLOCK_BACKWARDS").errorName().equals("ErrClockBackwards"),
                "IDException.Code's names");
        System.out.println("ok   fromName of UUID name spaces and bytes; a lone surrogate is ErrType");

        // compareTo is unsigned: 8... sorts after 7..., where UUID.compareTo says otherwise.
        UuidV4 low = UuidV4.parse("7fffffff-ffff-4fff-bfff-ffffffffffff");
        UuidV4 high = UuidV4.parse("80000000-0000-4000-8000-000000000000");
        check(low.compareTo(high) < 0 && low.toUUID().compareTo(high.toUUID()) > 0, "unsigned compareTo, and UUID's signed one");

        // A node of one's own, or none: a long, and withRandomNode.
        io.github.idforge.UuidV1.Generator mine = new io.github.idforge.UuidV1.Generator(0x0123456789abL);
        check(mine.next().fields().node() == 0x0123456789abL, "UuidV1.Generator(node)");
        long random = io.github.idforge.UuidV1.Generator.withRandomNode().next().fields().node();
        check((random & 1L << 40) != 0, "UuidV1.Generator.withRandomNode(): the multicast bit");
        System.out.println("ok   compareTo unsigned; Generator(long node) and withRandomNode()");

        if (failures > 0) {
            System.out.println("FAIL: " + failures + " failures");
            System.exit(1);
        }
        System.out.println("PASS");
    }
}
