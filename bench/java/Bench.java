// Speed of idforge's generated Java (java/, the package io.github.idforge)
// against the JDK's java.util.UUID and uuid-creator, measured side by side
// in one JVM. bench/java/run compiles and runs it:
//
//	bench/java/run [--rounds N] [--ms MS]
//
// Every round times each operation's implementations one after the other
// for MS milliseconds each (default 21 rounds of 100 ms), the order
// alternating from round to round, so that load from other processes falls
// on both alike; warm-up rounds before them let the JIT compile every
// path. It prints the median time per call of each, and the median over
// the rounds of the per-round ratio peer / ours (above 1: ours is faster).
// uuid-creator's UuidCreator.getTimeOrderedEpoch() is timed where its
// classes are on the class path (run builds them from the source it is
// given); otherwise its row says so. It measures; it asserts nothing.

import io.github.idforge.UuidV4;
import io.github.idforge.UuidV7;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.IntFunction;

public final class Bench {
    private Bench() {}

    /**
     * Where the timed calls' results go, so that they escape and the JIT
     * can neither drop nor scalar-replace them; nothing else is done with
     * them (a hash of each would time the hash).
     */
    static final Object[] SINK = new Object[1024];

    /** Read once at the end, so that SINK's stores are not dead. */
    static volatile int sink;

    /** uuid-creator's UuidCreator.getTimeOrderedEpoch(), or null where it is not on the class path. */
    static final MethodHandle CREATOR_V7 = creator();

    static MethodHandle creator() {
        try {
            Class<?> c = Class.forName("com.github.f4b6a3.uuid.UuidCreator");
            return MethodHandles.publicLookup().findStatic(c, "getTimeOrderedEpoch", MethodType.methodType(UUID.class));
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** One implementation of an operation: call i of a timing returns something to fold into sink. */
    record Impl(String name, IntFunction<Object> call) {}

    /** An operation, ours first, then the peers. */
    record Op(String name, String target, Impl ours, List<Impl> peers) {}

    /** Runs impl for ms milliseconds, in batches of 1024 calls, and returns its nanoseconds per call. */
    static double time(Impl impl, long ms) {
        long deadline = System.nanoTime() + ms * 1_000_000L;
        long calls = 0, start = System.nanoTime(), now;
        do {
            for (int i = 0; i < 1024; i++) {
                SINK[i] = impl.call.apply(i);
            }
            calls += 1024;
            now = System.nanoTime();
        } while (now < deadline);
        sink += SINK[(int) (calls & 1023)] == null ? 0 : 1;
        return (double) (now - start) / calls;
    }

    /**
     * Times the JDK's SecureRandom algorithms at what a generator asks of
     * its source, 4 KiB at a time (--random): the cost per byte of an ID's
     * random bits, whatever the generator does around them.
     */
    static void randomSources(int rounds, long ms) throws Exception {
        List<String> algs = new ArrayList<>(List.of("default"));
        for (String a : List.of("NativePRNG", "NativePRNGNonBlocking", "DRBG", "SHA1PRNG")) {
            try {
                java.security.SecureRandom.getInstance(a);
                algs.add(a);
            } catch (java.security.NoSuchAlgorithmException e) {
                System.out.println(a + ": none");
            }
        }
        System.out.println("| SecureRandom | ns per byte, 4 KiB a call | ns per 16 bytes, one call each |");
        System.out.println("|---|---:|---:|");
        for (String a : algs) {
            java.security.SecureRandom r = a.equals("default") ? new java.security.SecureRandom() : java.security.SecureRandom.getInstance(a);
            byte[] big = new byte[4096], small = new byte[16];
            List<Double> perByte = new ArrayList<>(), perID = new ArrayList<>();
            for (int k = 0; k < rounds + 3; k++) {
                double b = time(new Impl(a, i -> { r.nextBytes(big); return big[i & 4095]; }), ms) / 4096;
                double s16 = time(new Impl(a, i -> { r.nextBytes(small); return small[i & 15]; }), ms);
                if (k >= 3) {
                    perByte.add(b);
                    perID.add(s16);
                }
            }
            String name = a.equals("default") ? "new SecureRandom() (" + r.getAlgorithm() + ")" : a;
            System.out.printf(Locale.ROOT, "| %s | %.2f | %.1f |%n", name, median(perByte), median(perID));
        }
    }

    static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    public static void main(String[] args) throws Throwable {
        int rounds = 21, warm = 5;
        long ms = 100;
        boolean sources = false;
        String only = "";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--ms" -> ms = Long.parseLong(args[++i]);
                case "--warm" -> warm = Integer.parseInt(args[++i]);
                case "--random" -> sources = true;
                case "--only" -> only = args[++i];
                default -> throw new IllegalArgumentException("usage: Bench [--rounds N] [--ms MS] [--warm N] [--random] [--only TEXT]");
            }
        }
        if (sources) {
            randomSources(rounds, ms);
            return;
        }
        // The inputs: UUIDv7 text from our generator, read by both sides, a
        // call taking the next in turn so that none repeats the last's.
        String[] text = new String[1024];
        UuidV7[] ours = new UuidV7[1024];
        UUID[] jdk = new UUID[1024];
        for (int i = 0; i < 1024; i++) {
            ours[i] = UuidV7.newId();
            text[i] = ours[i].toString();
            jdk[i] = UUID.fromString(text[i]);
        }
        byte[] key = HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f");
        String[] masked = new String[1024];
        for (int i = 0; i < 1024; i++) {
            masked[i] = ours[i].mask(key);
        }
        List<Impl> creator = new ArrayList<>();
        if (CREATOR_V7 != null) {
            creator.add(new Impl("uuid-creator UuidCreator.getTimeOrderedEpoch()", i -> {
                try {
                    return (UUID) CREATOR_V7.invokeExact();
                } catch (Throwable t) {
                    throw new IllegalStateException(t);
                }
            }));
        }
        List<Op> ops = List.of(
                new Op("UUIDv4 new", ">= 2x", new Impl("UuidV4.newId()", i -> UuidV4.newId()),
                        List.of(new Impl("UUID.randomUUID()", i -> UUID.randomUUID()))),
                new Op("UUIDv4 new, as text", "", new Impl("UuidV4.newId().toString()", i -> UuidV4.newId().toString()),
                        List.of(new Impl("UUID.randomUUID().toString()", i -> UUID.randomUUID().toString()))),
                new Op("UUID parse", ">= 1x", new Impl("UuidV7.parse(s)", i -> UuidV7.parse(text[i])),
                        List.of(new Impl("UUID.fromString(s)", i -> UUID.fromString(text[i])))),
                new Op("UUID toString", ">= 1x", new Impl("id.toString()", i -> ours[i].toString()),
                        List.of(new Impl("uuid.toString()", i -> jdk[i].toString()))),
                new Op("UUID parse + toString", "", new Impl("UuidV7.parse(s).toString()", i -> UuidV7.parse(text[i]).toString()),
                        List.of(new Impl("UUID.fromString(s).toString()", i -> UUID.fromString(text[i]).toString()))),
                new Op("UUIDv7 new", ">= 2x", new Impl("UuidV7.newId()", i -> UuidV7.newId()), creator),
                new Op("UUIDv7 new, as java.util.UUID", "", new Impl("UuidV7.newId().toUUID()", i -> UuidV7.newId().toUUID()), creator),
                new Op("UUIDv7 mask (Private IDs)", "", new Impl("id.mask(key)", i -> ours[i].mask(key)), List.of()),
                new Op("UUIDv7 unmask", "", new Impl("UuidV7.unmask(text, key)", i -> UuidV7.unmask(masked[i], key)), List.of()));

        String filter = only;
        ops = ops.stream().filter(op -> op.name.contains(filter)).toList();
        for (int r = 0; r < warm; r++) {
            for (Op op : ops) {
                time(op.ours, ms);
                for (Impl p : op.peers) {
                    time(p, ms);
                }
            }
        }
        List<List<Double>> oursT = new ArrayList<>(), peerT = new ArrayList<>(), ratios = new ArrayList<>();
        for (Op op : ops) {
            oursT.add(new ArrayList<>());
            peerT.add(new ArrayList<>());
            ratios.add(new ArrayList<>());
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < ops.size(); k++) {
                Op op = ops.get(k);
                double o, p = 0;
                if (r % 2 == 0 || op.peers.isEmpty()) {
                    o = time(op.ours, ms);
                    for (Impl x : op.peers) {
                        p = time(x, ms);
                    }
                } else {
                    for (Impl x : op.peers) {
                        p = time(x, ms);
                    }
                    o = time(op.ours, ms);
                }
                oursT.get(k).add(o);
                if (!op.peers.isEmpty()) {
                    peerT.get(k).add(p);
                    ratios.get(k).add(p / o);
                }
            }
        }
        System.out.printf(Locale.ROOT, "Java %s (%s), %d cores, %d warm-up and %d timed rounds of %d ms per implementation%n",
                System.getProperty("java.version"), System.getProperty("java.vm.name"), Runtime.getRuntime().availableProcessors(), warm, rounds, ms);
        System.out.println();
        System.out.println("| operation | ours | peer | peer / ours (median of per-round ratios) | target |");
        System.out.println("|---|---:|---|---:|---|");
        for (int k = 0; k < ops.size(); k++) {
            Op op = ops.get(k);
            String peer = "", ratio = "";
            if (!op.peers.isEmpty()) {
                peer = String.format(Locale.ROOT, "%s %.1f ns", op.peers.get(0).name, median(peerT.get(k)));
                ratio = String.format(Locale.ROOT, "%.2fx", median(ratios.get(k)));
            } else if (op.name.startsWith("UUIDv7 new")) {
                peer = "uuid-creator not on the class path (bench/java/run UUID_CREATOR=DIR)";
            }
            System.out.printf(Locale.ROOT, "| %s (`%s`) | %.1f ns | %s | %s | %s |%n", op.name, op.ours.name, median(oursT.get(k)), peer, ratio, op.target);
        }
        if (sink == 42) {
            System.out.println(Arrays.toString(args)); // keeps sink alive
        }
    }
}
