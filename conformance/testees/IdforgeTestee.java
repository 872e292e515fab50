// A testee of idforge's conformance protocol (docs/conformance.md) over
// idforge's own Java package, the Maven project that
// go run ./gen/tools/packages -o DIR builds (DIR/java), compiled:
//
//   go run ./gen/tools/packages -o /tmp/idforge-packages
//   javac --release 17 -d /tmp/idforge-classes /tmp/idforge-packages/java/src/main/java/io/github/idforge/*.java
//   idforge conformance -testee 'java -cp /tmp/idforge-classes conformance/testees/IdforgeTestee.java'
//
// It reads requests, one JSON object a line, on standard input and writes
// one response a line, in order, on standard output. It claims every
// class of the package that has a LAYOUT constant (UuidV7Draft01's is
// "uuidv7-draft01"), found on the class path, so that a built-in layout
// added to the package is claimed without a change here.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class IdforgeTestee {
    private IdforgeTestee() {}

    /** The package of idforge's classes. */
    static final String PACKAGE = "io.github.idforge";

    /**
     * The layouts' classes in this build of the package, by the names the
     * corpus gives them: each class of the package, in a directory or a jar
     * on the class path, that has a static String LAYOUT.
     */
    static Map<String, Class<?>> layoutClasses() throws IOException {
        String dir = PACKAGE.replace('.', '/');
        TreeSet<String> names = new TreeSet<>();
        Enumeration<URL> urls = IdforgeTestee.class.getClassLoader().getResources(dir);
        while (urls.hasMoreElements()) {
            URL url = urls.nextElement();
            if (url.getProtocol().equals("jar")) {
                JarURLConnection c = (JarURLConnection) url.openConnection();
                try (JarFile jar = c.getJarFile()) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                        String n = e.nextElement().getName();
                        if (n.startsWith(dir + "/") && n.indexOf('/', dir.length() + 1) < 0) {
                            names.add(n.substring(dir.length() + 1));
                        }
                    }
                }
            } else if (url.getProtocol().equals("file")) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of(URI.create(url.toString())))) {
                    for (Path p : files) {
                        names.add(p.getFileName().toString());
                    }
                }
            }
        }
        Map<String, Class<?>> classes = new TreeMap<>();
        for (String n : names) {
            if (!n.endsWith(".class") || n.contains("$")) {
                continue;
            }
            try {
                Class<?> c = Class.forName(PACKAGE + "." + n.substring(0, n.length() - ".class".length()));
                java.lang.reflect.Field f = c.getField("LAYOUT");
                if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.get(null) instanceof String layout) {
                    classes.put(layout, c);
                }
            } catch (ReflectiveOperationException e) {
                // Not a layout's class.
            }
        }
        return classes;
    }

    public static void main(String[] args) throws IOException {
        Map<String, Class<?>> classes = layoutClasses();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        for (String line; (line = in.readLine()) != null; ) {
            Map<String, Object> res;
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> req = (Map<String, Object>) Json.parse(line);
                res = answer(req, classes);
            } catch (InvocationTargetException e) {
                res = refusal(e.getCause());
            } catch (Exception e) {
                res = refusal(e);
            }
            out.write(Json.write(res));
            out.write('\n');
            // Answered lines go out once no more input waits: the driver
            // waits for the first answer before it sends the rest.
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
    }

    /**
     * The spec's name of a Fields record's component, which is the spec's
     * snake_case name in camelCase: unixTsMs is unix_ts_ms, as the built-in
     * layouts' names all come back.
     */
    static String specName(String component) {
        StringBuilder b = new StringBuilder();
        for (char ch : component.toCharArray()) {
            if (Character.isUpperCase(ch)) {
                b.append('_').append(Character.toLowerCase(ch));
            } else {
                b.append(ch);
            }
        }
        return b.toString();
    }

    /** The response to an error: an IDException's or IDException.State's code, else ErrTestee and the message. */
    static Map<String, Object> refusal(Throwable e) {
        Map<String, Object> res = new LinkedHashMap<>();
        res.put("ok", false);
        if (e.getClass().getName().endsWith("IDException") || e.getClass().getName().endsWith("IDException$State")) {
            try {
                Object code = e.getClass().getMethod("code").invoke(e); // an enum: IDException.Code
                res.put("error", String.valueOf(code.getClass().getMethod("errorName").invoke(code)));
            } catch (ReflectiveOperationException r) {
                res.put("error", "ErrTestee");
            }
        } else {
            res.put("error", "ErrTestee");
            res.put("message", String.valueOf(e));
        }
        return res;
    }

    static Map<String, Object> answer(Map<String, Object> req, Map<String, Class<?>> classes) throws Exception {
        Map<String, Object> res = new LinkedHashMap<>();
        String op = (String) req.get("op");
        if (op.equals("capabilities")) {
            res.put("ok", true);
            res.put("name", "idforge (Java)");
            res.put("protocol", 1L);
            res.put("layouts", new ArrayList<>(classes.keySet()));
            res.put("ops", List.of("parse", "format", "fields", "time", "bounds", "name", "compare", "generate"));
            res.put("forms", List.of("text", "base62", "crockford", "hex", "bytes"));
            res.put("clock", true);
            return res;
        }
        Class<?> c = classes.get((String) req.get("layout"));
        if (c == null) {
            res.put("ok", false);
            res.put("error", "ErrNoLayout");
            return res;
        }
        Method fromBytes = c.getMethod("fromBytes", byte[].class);
        Object id = req.containsKey("hex") ? fromBytes.invoke(null, (Object) hex((String) req.get("hex"))) : null;
        res.put("ok", true);
        switch (op) {
            case "parse": {
                String form = (String) req.get("form");
                String text = (String) req.getOrDefault("text", "");
                Object got = form.equals("bytes") ? fromBytes.invoke(null, (Object) hex(text))
                        : c.getMethod(parser(form), String.class).invoke(null, text);
                res.put("hex", hexOf(got));
                break;
            }
            case "format": {
                String form = (String) req.get("form");
                res.put("text", form.equals("text") ? id.toString() : (String) c.getMethod(form).invoke(id));
                break;
            }
            case "fields": {
                Object fields = c.getMethod("fields").invoke(id);
                Map<String, Object> out = new LinkedHashMap<>();
                for (RecordComponent rc : fields.getClass().getRecordComponents()) {
                    Object v = rc.getAccessor().invoke(fields);
                    out.put(specName(rc.getName()), v instanceof Long ? Long.toUnsignedString((Long) v)
                            : v instanceof byte[] ? HexFormat.of().formatHex((byte[]) v) : v.toString());
                }
                res.put("fields", out);
                res.put("valid", c.getMethod("isValid").invoke(id));
                break;
            }
            case "time":
                // A layout without a time has no time(), and its IDs no time.
                if (hasMethod(c, "time")) {
                    Instant t = (Instant) c.getMethod("time").invoke(id);
                    res.put("unix_ns", nanosOf(t).toString());
                }
                break;
            case "bounds": {
                // Where no ID qualifies on one side (maxAt before the first
                // tick, minAt after the last), its error, with the other
                // side's ID.
                Instant at = instantOf(new BigInteger((String) req.get("at")));
                for (String side : List.of("min", "max")) {
                    try {
                        res.put(side, hexOf(c.getMethod(side + "At", Instant.class).invoke(null, at)));
                    } catch (InvocationTargetException e) {
                        Map<String, Object> refused = refusal(e.getCause());
                        res.put("ok", false);
                        res.putIfAbsent("error", refused.get("error"));
                    }
                }
                break;
            }
            case "name": {
                Object ns = fromBytes.invoke(null, (Object) hex((String) req.get("namespace")));
                res.put("hex", hexOf(c.getMethod("fromName", c, String.class).invoke(null, ns, req.getOrDefault("name", ""))));
                break;
            }
            case "compare": {
                @SuppressWarnings("unchecked")
                Comparable<Object> a = (Comparable<Object>) fromBytes.invoke(null, (Object) hex((String) req.get("a")));
                Object b = fromBytes.invoke(null, (Object) hex((String) req.get("b")));
                res.put("cmp", (long) Integer.signum(a.compareTo(b)));
                break;
            }
            case "generate":
                return generate(c, req);
            default:
                res.put("ok", false);
                res.put("error", "ErrOp");
        }
        return res;
    }

    static String parser(String form) {
        switch (form) {
            case "text":
                return "parse";
            case "base62":
                return "parseBase62";
            case "crockford":
                return "parseCrockford";
            case "hex":
                return "parseHex";
            default:
                throw new IllegalArgumentException("no form " + form);
        }
    }

    /**
     * Makes n IDs with one generator, whose clock reads clock[i] while it
     * makes the i-th: the constructor with the most parameters takes the
     * node, the clock and a source of randomness. An error ends them: the
     * refusal carries the IDs made.
     */
    static Map<String, Object> generate(Class<?> c, Map<String, Object> req) throws Exception {
        Class<?> g = null;
        for (Class<?> d : c.getClasses()) {
            if (d.getSimpleName().equals("Generator")) {
                g = d;
            }
        }
        Constructor<?> full = null;
        for (Constructor<?> k : g.getConstructors()) {
            if (full == null || k.getParameterCount() > full.getParameterCount()) {
                full = k;
            }
        }
        @SuppressWarnings("unchecked")
        List<Object> readings = (List<Object>) req.get("clock");
        ReadingClock clock = new ReadingClock(readings);
        long node = req.containsKey("node") ? ((Number) req.get("node")).longValue() : 1L;
        Class<?>[] types = full.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == long.class) {
                args[i] = node;
            } else if (types[i] == Clock.class) {
                args[i] = readings == null ? Clock.systemUTC() : clock;
            } else {
                args[i] = new SecureRandom();
            }
        }
        Object gen = full.newInstance(args);
        Method next = g.getMethod("next");
        long n = ((Number) req.get("n")).longValue();
        List<Object> ids = new ArrayList<>();
        Map<String, Object> res = new LinkedHashMap<>();
        try {
            for (; clock.i < n; clock.i++) {
                ids.add(hexOf(next.invoke(gen)));
            }
            res.put("ok", true);
        } catch (InvocationTargetException e) {
            res = refusal(e.getCause());
        }
        res.put("ids", ids);
        return res;
    }

    /** A clock that reads readings[i] (nanoseconds) while the i-th ID is made. */
    static final class ReadingClock extends Clock {
        final List<Object> readings;
        int i;

        ReadingClock(List<Object> readings) {
            this.readings = readings;
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
            return instantOf(new BigInteger((String) readings.get(Math.min(i, readings.size() - 1))));
        }
    }

    static boolean hasMethod(Class<?> c, String name) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == 0) {
                return true;
            }
        }
        return false;
    }

    static String hexOf(Object id) throws ReflectiveOperationException {
        return (String) id.getClass().getMethod("hex").invoke(id);
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    static final BigInteger BILLION = BigInteger.valueOf(1_000_000_000L);

    static BigInteger nanosOf(Instant t) {
        return BigInteger.valueOf(t.getEpochSecond()).multiply(BILLION).add(BigInteger.valueOf(t.getNano()));
    }

    static Instant instantOf(BigInteger ns) {
        BigInteger[] qr = ns.divideAndRemainder(BILLION);
        if (qr[1].signum() < 0) { // round towards the past
            qr[0] = qr[0].subtract(BigInteger.ONE);
            qr[1] = qr[1].add(BILLION);
        }
        return Instant.ofEpochSecond(qr[0].longValueExact(), qr[1].longValue());
    }

    /** JSON as the protocol uses it: objects, arrays, strings, integers, booleans and null. */
    static final class Json {
        private final String s;
        private int at;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String s) {
            Json j = new Json(s);
            Object v = j.value();
            j.skipSpace();
            if (j.at != s.length()) {
                throw new IllegalArgumentException("JSON: text after the value at " + j.at);
            }
            return v;
        }

        private void skipSpace() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }

        private void expect(char c) {
            skipSpace();
            if (at >= s.length() || s.charAt(at) != c) {
                throw new IllegalArgumentException("JSON: want '" + c + "' at " + at);
            }
            at++;
        }

        private boolean take(char c) {
            skipSpace();
            if (at < s.length() && s.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private Object value() {
            skipSpace();
            if (at >= s.length()) {
                throw new IllegalArgumentException("JSON: no value at " + at);
            }
            char c = s.charAt(at);
            if (c == '{') {
                at++;
                Map<String, Object> m = new LinkedHashMap<>();
                if (take('}')) {
                    return m;
                }
                do {
                    skipSpace();
                    String k = string();
                    expect(':');
                    m.put(k, value());
                } while (take(','));
                expect('}');
                return m;
            }
            if (c == '[') {
                at++;
                List<Object> l = new ArrayList<>();
                if (take(']')) {
                    return l;
                }
                do {
                    l.add(value());
                } while (take(','));
                expect(']');
                return l;
            }
            if (c == '"') {
                return string();
            }
            for (String word : new String[] {"true", "false", "null"}) {
                if (s.startsWith(word, at)) {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = at;
            while (at < s.length() && "-+0123456789.eE".indexOf(s.charAt(at)) >= 0) {
                at++;
            }
            if (start == at) {
                throw new IllegalArgumentException("JSON: unexpected '" + c + "' at " + at);
            }
            return Long.valueOf(s.substring(start, at));
        }

        private String string() {
            if (at >= s.length() || s.charAt(at) != '"') {
                throw new IllegalArgumentException("JSON: want a string at " + at);
            }
            at++;
            StringBuilder b = new StringBuilder();
            while (true) {
                char c = s.charAt(at++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                char e = s.charAt(at++);
                switch (e) {
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u':
                        b.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
                        at += 4;
                        break;
                    default: b.append(e); // '"', '\\' and '/'
                }
            }
        }

        /** Writes maps, lists, strings, numbers and booleans as JSON. */
        static String write(Object v) {
            StringBuilder b = new StringBuilder();
            write(b, v);
            return b.toString();
        }

        private static void write(StringBuilder b, Object v) {
            if (v == null) {
                b.append("null");
            } else if (v instanceof Map) {
                b.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    quote(b, (String) e.getKey());
                    b.append(':');
                    write(b, e.getValue());
                }
                b.append('}');
            } else if (v instanceof List) {
                b.append('[');
                boolean first = true;
                for (Object x : (List<?>) v) {
                    if (!first) {
                        b.append(',');
                    }
                    first = false;
                    write(b, x);
                }
                b.append(']');
            } else if (v instanceof String) {
                quote(b, (String) v);
            } else {
                b.append(v); // Boolean, Long
            }
        }

        private static void quote(StringBuilder b, String s) {
            b.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"' || c == '\\') {
                    b.append('\\').append(c);
                } else if (c < 0x20) {
                    b.append(String.format("\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
            b.append('"');
        }
    }
}
