// The Java side of FuzzEmitters: a long-lived worker (java FuzzWorker.java)
// that reads one request a line on stdin, compiles the freshly generated
// class it names in-process (javax.tools, with every lint on and warnings
// as errors), loads it in a class loader of its own, runs the request
// against it and writes what the class says as one JSON line on stdout. It
// judges nothing: the Go test compares the answers with the interpreter.
//
// A request is {module, ids, bounds, bad, generate}: see fuzz_test.go. The
// module is DIR/ID.java, in package fuzz, with IDException.java beside it.

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public final class FuzzWorker {
    private FuzzWorker() {}

    // ---- a minimal JSON reader and writer ----

    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String s) {
            return new Json(s).value();
        }

        private void space() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
        }

        private Object value() {
            space();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                space();
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    space();
                    String k = string();
                    space();
                    i++; // ':'
                    m.put(k, value());
                    space();
                    if (s.charAt(i++) == '}') {
                        return m;
                    }
                }
            }
            if (c == '[') {
                List<Object> a = new ArrayList<>();
                i++;
                space();
                if (s.charAt(i) == ']') {
                    i++;
                    return a;
                }
                while (true) {
                    a.add(value());
                    space();
                    if (s.charAt(i++) == ']') {
                        return a;
                    }
                }
            }
            if (c == '"') {
                return string();
            }
            if (s.startsWith("true", i)) {
                i += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("false", i)) {
                i += 5;
                return Boolean.FALSE;
            }
            if (s.startsWith("null", i)) {
                i += 4;
                return null;
            }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            return new BigInteger(s.substring(start, i));
        }

        private String string() {
            i++; // '"'
            StringBuilder b = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u':
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                        break;
                    default: b.append(e);
                }
            }
        }

        static String write(Object v) {
            StringBuilder b = new StringBuilder();
            write(b, v);
            return b.toString();
        }

        @SuppressWarnings("unchecked")
        private static void write(StringBuilder b, Object v) {
            if (v == null) {
                b.append("null");
            } else if (v instanceof String) {
                b.append('"');
                for (char c : ((String) v).toCharArray()) {
                    if (c == '"' || c == '\\') {
                        b.append('\\').append(c);
                    } else if (c < 0x20 || c > 0x7e) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
                b.append('"');
            } else if (v instanceof Boolean) {
                b.append(v);
            } else if (v instanceof Map) {
                b.append('{');
                boolean first = true;
                for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    write(b, e.getKey());
                    b.append(':');
                    write(b, e.getValue());
                }
                b.append('}');
            } else if (v instanceof List) {
                b.append('[');
                boolean first = true;
                for (Object x : (List<Object>) v) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    write(b, x);
                }
                b.append(']');
            } else {
                write(b, v.toString());
            }
        }
    }

    // ---- calls into the class under test ----

    interface Call {
        Object run() throws Exception;
    }

    /** Runs fn and returns its result, or what it threw as {"error": code}. */
    static Object attempt(Call fn) {
        try {
            return fn.run();
        } catch (Exception e) {
            Throwable t = e instanceof InvocationTargetException ? e.getCause() : e;
            Map<String, Object> m = new LinkedHashMap<>();
            if (t.getClass().getSimpleName().equals("IDException")) {
                try {
                    Object code = t.getClass().getMethod("code").invoke(t);
                    m.put("error", code.getClass().getMethod("errorName").invoke(code));
                } catch (ReflectiveOperationException r) {
                    m.put("error", "IDException without code(): " + r);
                }
                if (!(t instanceof IllegalArgumentException)) {
                    m.put("error", "IDException is not an IllegalArgumentException");
                }
            } else {
                m.put("error", "not an IDException: " + t);
            }
            return m;
        }
    }

    static String hexOf(Object id) throws Exception {
        return (String) id.getClass().getMethod("hex").invoke(id);
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    /** The clock of a generator run: see fuzzGenerate in fuzz_test.go. */
    static final class TestClock extends Clock {
        final BigInteger start, step, back;
        final int backReadings;
        final List<BigInteger> readings = new ArrayList<>();

        TestClock(BigInteger start, BigInteger step, BigInteger back, int backReadings) {
            this.start = start;
            this.step = step;
            this.back = back;
            this.backReadings = backReadings;
        }

        BigInteger read() {
            int k = readings.size();
            BigInteger r = k < backReadings ? start.subtract(back.multiply(BigInteger.valueOf(k)))
                    : start.add(BigInteger.valueOf(k - backReadings + 1).multiply(step));
            readings.add(r);
            return r;
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
            BigInteger[] qr = read().divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
            if (qr[1].signum() < 0) {
                qr[0] = qr[0].subtract(BigInteger.ONE);
                qr[1] = qr[1].add(BigInteger.valueOf(1_000_000_000L));
            }
            return Instant.ofEpochSecond(qr[0].longValueExact(), qr[1].longValue());
        }

        @Override
        public long millis() {
            BigInteger[] qr = read().divideAndRemainder(BigInteger.valueOf(1_000_000L));
            BigInteger ms = qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
            return ms.longValueExact();
        }
    }

    // ---- compiling and loading the module ----

    static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

    static Class<?> load(Path module) throws Exception {
        Path dir = module.getParent();
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = JAVAC.run(null, out, out, "--release", "17", "-Xlint:all", "-Werror", "-d", classes.toString(),
                module.toString(), dir.resolve("IDException.java").toString());
        if (status != 0) {
            throw new IllegalStateException("javac failed:\n" + out.toString(StandardCharsets.UTF_8));
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, FuzzWorker.class.getClassLoader());
        return loader.loadClass("fuzz.ID");
    }

    // ---- answering ----

    @SuppressWarnings("unchecked")
    static Map<String, Object> answer(Map<String, Object> req) throws Exception {
        Class<?> c = load(Path.of((String) req.get("module")));
        Method fromBytes = c.getMethod("fromBytes", byte[].class);
        Method parse = c.getMethod("parse", String.class);
        Method parseHex = c.getMethod("parseHex", String.class);
        Method parseBase62 = c.getMethod("parseBase62", String.class);
        Method parseCrockford = c.getMethod("parseCrockford", String.class);
        boolean hasTime = hasMethod(c, "time");
        Class<?> fieldsClass = c.getMethod("fields").getReturnType();
        RecordComponent[] comps = fieldsClass.getRecordComponents();
        Class<?>[] types = new Class<?>[comps.length];
        for (int i = 0; i < comps.length; i++) {
            types[i] = comps[i].getType();
        }
        Constructor<?> makeFields = fieldsClass.getDeclaredConstructor(types);
        Method pack = c.getMethod("pack", fieldsClass);

        List<Object> ids = new ArrayList<>();
        for (Object o : (List<Object>) req.get("ids")) {
            Map<String, Object> r = (Map<String, Object>) o;
            ids.add(attempt(() -> {
                Object id = fromBytes.invoke(null, (Object) hex((String) r.get("hex")));
                Map<String, Object> a = new LinkedHashMap<>();
                a.put("hex", hexOf(id));
                a.put("base62", c.getMethod("base62").invoke(id));
                a.put("crockford", c.getMethod("crockford").invoke(id));
                a.put("text", id.toString());
                a.put("bytes", HexFormat.of().formatHex((byte[]) c.getMethod("bytes").invoke(id)));
                Object fields = c.getMethod("fields").invoke(id);
                Map<String, Object> fs = new LinkedHashMap<>();
                for (RecordComponent rc : comps) {
                    Object v = rc.getAccessor().invoke(fields);
                    fs.put(rc.getName(), v instanceof Long ? Long.toUnsignedString((Long) v)
                            : v instanceof byte[] ? HexFormat.of().formatHex((byte[]) v) : v.toString());
                }
                a.put("fields", fs);
                a.put("valid", c.getMethod("isValid").invoke(id));
                a.put("unix_ns", hasTime ? c.getMethod("unixNanos").invoke(id).toString() : null);
                a.put("time_ns", hasTime ? attempt(() -> {
                    Instant t = (Instant) c.getMethod("time").invoke(id);
                    return BigInteger.valueOf(t.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L)).add(BigInteger.valueOf(t.getNano())).toString();
                }) : null);
                String h = (String) r.get("hex");
                String b62 = (String) a.get("base62"), crock = (String) a.get("crockford");
                Object[][] texts = {{parseHex, h}, {parseHex, h.toUpperCase(Locale.ROOT)}, {parseBase62, b62},
                        {parseCrockford, crock}, {parseCrockford, crock.toLowerCase(Locale.ROOT)}, {parse, id.toString()}};
                List<Object> parsed = new ArrayList<>();
                for (Object[] t : texts) {
                    parsed.add(attempt(() -> hexOf(((Method) t[0]).invoke(null, t[1]))));
                }
                a.put("parsed", parsed);
                a.put("packed", null);
                Map<String, Object> wide = new LinkedHashMap<>();
                Map<String, Object> packValues = (Map<String, Object>) r.get("pack");
                if (packValues != null) {
                    List<Object> packBytes = (List<Object>) r.get("packBytes");
                    a.put("packed", attempt(() -> hexOf(pack.invoke(null, fieldsOf(makeFields, comps, packValues, packBytes, null, null)))));
                    for (Map.Entry<String, Object> e : ((Map<String, Object>) r.get("wide")).entrySet()) {
                        Class<?> type = null;
                        for (RecordComponent rc : comps) {
                            if (rc.getName().equals(componentName(e.getKey()))) {
                                type = rc.getType();
                            }
                        }
                        BigInteger w = new BigInteger((String) e.getValue());
                        if (type == long.class && w.bitLength() > 64) {
                            continue; // a long holds no value of 65 bits: the Go test knows
                        }
                        wide.put(e.getKey(), attempt(() -> hexOf(pack.invoke(null, fieldsOf(makeFields, comps, packValues, packBytes, e.getKey(), w)))));
                    }
                }
                a.put("wide", wide);
                return a;
            }));
        }

        List<Object> bounds = new ArrayList<>();
        for (Object at : (List<Object>) req.get("bounds")) {
            bounds.add(attempt(() -> {
                BigInteger ns = new BigInteger((String) at);
                BigInteger[] qr = ns.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
                if (qr[1].signum() < 0) {
                    qr[0] = qr[0].subtract(BigInteger.ONE);
                    qr[1] = qr[1].add(BigInteger.valueOf(1_000_000_000L));
                }
                Instant t = Instant.ofEpochSecond(qr[0].longValueExact(), qr[1].longValue());
                // Each side on its own: where no ID qualifies (maxAt before
                // the first tick, minAt after the last), that side is
                // ErrTime, the other an ID.
                Map<String, Object> b = new LinkedHashMap<>();
                b.put("error", "");
                for (String side : List.of("min", "max")) {
                    Object x = attempt(() -> hexOf(c.getMethod(side + "At", Instant.class).invoke(null, t)));
                    if (x instanceof Map<?, ?> e) {
                        if (b.get("error").equals("")) {
                            b.put("error", e.get("error"));
                        }
                    } else {
                        b.put(side, x);
                    }
                }
                return b;
            }));
        }

        List<Object> bad = new ArrayList<>();
        for (Object o : (List<Object>) req.get("bad")) {
            Map<String, Object> r = (Map<String, Object>) o;
            String s = (String) r.getOrDefault("input", "");
            String form = (String) r.get("form");
            Method m = switch (form) {
                case "base62" -> parseBase62;
                case "crockford" -> parseCrockford;
                case "hex" -> parseHex;
                case "text" -> parse;
                default -> fromBytes;
            };
            Object arg = form.equals("bytes") ? hex(s) : s;
            Object got = attempt(() -> hexOf(m.invoke(null, arg)));
            bad.add(got instanceof Map ? ((Map<String, Object>) got).get("error") : "no error: " + got);
        }

        List<Object> generated = new ArrayList<>();
        Class<?> gen = null;
        for (Class<?> d : c.getClasses()) {
            if (d.getSimpleName().equals("Generator")) {
                gen = d;
            }
        }
        for (Object o : (List<Object>) req.get("generate")) {
            Map<String, Object> g = (Map<String, Object>) o;
            Class<?> gc = gen;
            generated.add(attempt(() -> run(gc, g)));
        }

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ids", ids);
        out.put("bounds", bounds);
        out.put("bad", bad);
        out.put("generated", generated);
        return out;
    }

    static boolean hasMethod(Class<?> c, String name) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Returns the Fields record of the given values, one of them (name) replaced by v. */
    /** Returns a spec's field name as the record's component: unix_ms is unixMs (gen/java's ComponentName). */
    static String componentName(String field) {
        StringBuilder b = new StringBuilder();
        for (String w : field.split("[-_]")) {
            if (!w.isEmpty()) {
                b.append(b.length() == 0 ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1));
            }
        }
        return b.length() == 0 ? field : b.toString();
    }

    static Object fieldsOf(Constructor<?> make, RecordComponent[] comps, Map<String, Object> values, List<Object> bytesFields,
            String name, BigInteger v) throws Exception {
        Map<String, String> spec = new LinkedHashMap<>(); // the components' names, the spec's: unixMs, unix_ms
        for (String k : values.keySet()) {
            spec.put(componentName(k), k);
        }
        Object[] args = new Object[comps.length];
        for (int i = 0; i < comps.length; i++) {
            String k = spec.getOrDefault(comps[i].getName(), comps[i].getName());
            String s = (String) values.get(k);
            if (bytesFields.contains(k)) {
                args[i] = hex(s);
                continue;
            }
            BigInteger x = k.equals(name) ? v : new BigInteger(s);
            args[i] = comps[i].getType() == long.class ? (Object) x.longValue() : x;
        }
        return make.newInstance(args);
    }

    /** Runs a generator on a test clock: see fuzzGenerate. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> run(Class<?> gen, Map<String, Object> g) throws Exception {
        TestClock clock = new TestClock(new BigInteger((String) g.get("start")), new BigInteger((String) g.get("step")),
                new BigInteger((String) g.get("back")), ((BigInteger) g.get("backReadings")).intValue());
        Constructor<?> full = null;
        for (Constructor<?> k : gen.getConstructors()) {
            if (full == null || k.getParameterCount() > full.getParameterCount()) {
                full = k;
            }
        }
        String node = (String) g.get("node");
        Method withRandomNode = null; // a node left out: the generator's own, random
        for (Method m : gen.getMethods()) {
            if (m.getName().equals("withRandomNode") && m.getParameterCount() == 2) {
                withRandomNode = m;
            }
        }
        Class<?>[] types = full.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == long.class) {
                args[i] = node == null ? 0L : Long.parseUnsignedLong(node);
            } else if (types[i] == Clock.class) {
                args[i] = clock;
            } else {
                args[i] = new SecureRandom();
            }
        }
        Object generator = node == null && withRandomNode != null
                ? withRandomNode.invoke(null, clock, new SecureRandom())
                : full.newInstance(args);
        Method next = gen.getMethod("next");
        List<Object> ids = new ArrayList<>();
        int n = ((BigInteger) g.get("n")).intValue();
        Object stopped = attempt(() -> {
            for (int i = 0; i < n; i++) {
                ids.add(hexOf(next.invoke(generator)));
            }
            return null;
        });
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ids", ids);
        BigInteger min = null, max = null;
        for (BigInteger r : clock.readings) {
            min = min == null || r.compareTo(min) < 0 ? r : min;
            max = max == null || r.compareTo(max) > 0 ? r : max;
        }
        out.put("min", String.valueOf(min));
        out.put("max", String.valueOf(max));
        out.put("stopped", stopped == null ? null : ((Map<String, Object>) stopped).get("error"));
        return out;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        for (String line; (line = in.readLine()) != null;) {
            Map<String, Object> a;
            try {
                a = answer((Map<String, Object>) Json.parse(line));
            } catch (Throwable t) {
                StringWriter w = new StringWriter();
                t.printStackTrace(new java.io.PrintWriter(w));
                a = new LinkedHashMap<>();
                a.put("failed", w.toString());
            }
            out.println(Json.write(a));
        }
    }

}
