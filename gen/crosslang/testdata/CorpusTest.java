// Runs the conformance corpus against the Java classes generated for its
// layouts: java -cp CLASSES CorpusTest.java CORPUS PACKAGE, the classes of
// every layout compiled into CLASSES, in package PACKAGE, each named after
// its layout as gen -lang java names it (m3-epoch: M3Epoch). The Go test
// TestJava does all of it. It prints a line a layout and exits 1 on the
// first layout that fails, with every failure of that layout.

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

public final class CorpusTest {
    private CorpusTest() {}

    /** A minimal JSON reader: objects, arrays, strings, numbers, booleans, null. */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String s) {
            Json j = new Json(s);
            Object v = j.value();
            j.space();
            if (j.i != s.length()) {
                throw new IllegalArgumentException("JSON: trailing text at " + j.i);
            }
            return v;
        }

        private void space() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
        }

        private Object value() {
            space();
            char c = s.charAt(i);
            switch (c) {
                case '{': {
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
                        expect(':');
                        m.put(k, value());
                        space();
                        if (s.charAt(i) == ',') {
                            i++;
                            continue;
                        }
                        expect('}');
                        return m;
                    }
                }
                case '[': {
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
                        if (s.charAt(i) == ',') {
                            i++;
                            continue;
                        }
                        expect(']');
                        return a;
                    }
                }
                case '"':
                    return string();
                case 't':
                    i += 4;
                    return Boolean.TRUE;
                case 'f':
                    i += 5;
                    return Boolean.FALSE;
                case 'n':
                    i += 4;
                    return null;
                default: {
                    int start = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    return new BigInteger(s.substring(start, i));
                }
            }
        }

        private void expect(char c) {
            if (s.charAt(i) != c) {
                throw new IllegalArgumentException("JSON: want " + c + " at " + i);
            }
            i++;
        }

        private String string() {
            expect('"');
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
    }

    /** A clock that a test moves: it reads what now holds. */
    static final class TestClock extends Clock {
        long nanos;
        long step; // added before each reading

        TestClock(long nanos, long step) {
            this.nanos = nanos;
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
            nanos += step;
            return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        }
    }

    static final List<String> failures = new ArrayList<>();

    static void check(boolean ok, String what) {
        if (!ok) {
            failures.add(what);
        }
    }

    static void equal(Object got, Object want, String what) {
        if (!Objects.equals(got, want)) {
            failures.add(what + ": got " + got + ", want " + want);
        }
    }

    /** A call that may throw IDException: the class under test's methods. */
    interface Call {
        Object run() throws Exception;
    }

    /** Runs c, unwrapping reflection's wrapper around what it throws. */
    static Object call(Call c) throws Exception {
        try {
            return c.run();
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            if (t instanceof Exception) {
                throw (Exception) t;
            }
            throw e;
        }
    }

    /** Checks that c throws IDException of the code want, and returns its message. */
    static String throwsCode(Call c, String want, String what, String layout) {
        try {
            Object v = call(c);
            failures.add(what + ": no error but " + v + ", want " + want);
        } catch (Exception e) {
            if (!e.getClass().getSimpleName().equals("IDException")) {
                failures.add(what + ": " + e + ", want IDException " + want);
                return "";
            }
            equal(codeOf(e), want, what + ": code");
            check(e.getMessage().startsWith(layout + ": "), what + ": message " + e.getMessage());
            check(e instanceof IllegalArgumentException, what + ": not an IllegalArgumentException");
            return e.getMessage();
        }
        return "";
    }

    /**
     * Returns the name of the kind of an IDException, as the corpus names
     * it: code(), an enum, and its errorName().
     */
    static String codeOf(Throwable e) {
        try {
            Object code = e.getClass().getMethod("code").invoke(e);
            check(code instanceof Enum, "IDException.code() is no enum: " + code);
            return (String) code.getClass().getMethod("errorName").invoke(code);
        } catch (ReflectiveOperationException r) {
            throw new AssertionError(r);
        }
    }

    /**
     * Returns the class name gen -lang java gives a layout (gen/java's
     * ClassName): uuidv7-draft01 is UuidV7Draft01, objectid ObjectId.
     */
    static String className(String layout) {
        StringBuilder b = new StringBuilder();
        for (String w : layout.split("[-_]")) {
            if (w.equalsIgnoreCase("objectid")) {
                b.append("ObjectId");
                continue;
            }
            for (int i = 0; i < w.length(); i++) {
                char r = w.charAt(i);
                boolean first = i == 0
                        || Character.isDigit(w.charAt(i - 1)) && !Character.isDigit(r)
                        || (r == 'v' || r == 'V') && i + 1 < w.length() && Character.isDigit(w.charAt(i + 1)) && !Character.isDigit(w.charAt(i - 1));
                b.append(first ? Character.toUpperCase(r) : r);
            }
        }
        return b.toString();
    }

    /** Returns a spec's field name as the record's component: unix_ms is unixMs. */
    static String componentName(String field) {
        StringBuilder b = new StringBuilder();
        for (String w : field.split("[-_]")) {
            if (!w.isEmpty()) {
                b.append(b.length() == 0 ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1));
            }
        }
        return b.length() == 0 ? field : b.toString();
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    static Instant instantOf(BigInteger ns) {
        BigInteger[] qr = ns.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
        if (qr[1].signum() < 0) {
            qr[0] = qr[0].subtract(BigInteger.ONE);
            qr[1] = qr[1].add(BigInteger.valueOf(1_000_000_000L));
        }
        return Instant.ofEpochSecond(qr[0].longValueExact(), qr[1].longValue());
    }

    static BigInteger nanosOf(Instant t) {
        return BigInteger.valueOf(t.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L)).add(BigInteger.valueOf(t.getNano()));
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        List<Map<String, Object>> records = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                records.add((Map<String, Object>) Json.parse(line));
            }
        }
        Map<String, List<Map<String, Object>>> byLayout = new LinkedHashMap<>();
        for (Map<String, Object> r : records) {
            byLayout.computeIfAbsent((String) r.get("layout"), k -> new ArrayList<>()).add(r);
        }
        int layouts = 0, checked = 0;
        for (Map.Entry<String, List<Map<String, Object>>> e : byLayout.entrySet()) {
            Class<?> c = Class.forName(args[1] + "." + className(e.getKey()));
            checkLayout(c, e.getKey(), e.getValue());
            layouts++;
            checked += e.getValue().size();
            if (!failures.isEmpty()) {
                System.out.println("FAIL " + e.getKey() + ": " + failures.size() + " failures");
                for (String f : failures.subList(0, Math.min(40, failures.size()))) {
                    System.out.println("  " + f);
                }
                System.exit(1);
            }
            System.out.println("ok   " + e.getKey() + " (" + e.getValue().size() + " records)");
        }
        if (args.length > 2) {
            checkVectors(args[1], Path.of(args[2]));
        }
        System.out.println("PASS: " + layouts + " layouts, " + checked + " records");
    }

    /**
     * Checks the published known-answer vectors of Private IDs
     * (mask/testdata/vectors.json): each ID masks to its public form under
     * its key and tweak (text, as UTF-8), and the public form unmasks to it.
     */
    @SuppressWarnings("unchecked")
    static void checkVectors(String pkg, Path file) throws Exception {
        List<Object> vectors = (List<Object>) Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        for (Object o : vectors) {
            Map<String, Object> v = (Map<String, Object>) o;
            Class<?> c = Class.forName(pkg + "." + className((String) v.get("layout")));
            Method fromBytes = c.getMethod("fromBytes", byte[].class);
            Object id = fromBytes.invoke(null, (Object) hex((String) v.get("id")));
            Object pub = fromBytes.invoke(null, (Object) hex((String) v.get("public")));
            byte[] key = hex((String) v.get("key"));
            String tweak = (String) v.get("tweak");
            String what = v.get("layout") + " " + v.get("id") + " tweak " + tweak;
            equal(call(() -> c.getMethod("mask", byte[].class, String.class).invoke(id, key, tweak)), pub.toString(), "mask " + what);
            equal(call(() -> c.getMethod("unmask", String.class, byte[].class, String.class).invoke(null, pub.toString(), key, tweak)), id, "unmask " + what);
        }
        if (!failures.isEmpty()) {
            System.out.println("FAIL vectors.json: " + failures.size() + " failures");
            for (String f : failures.subList(0, Math.min(40, failures.size()))) {
                System.out.println("  " + f);
            }
            System.exit(1);
        }
        System.out.println("ok   mask/testdata/vectors.json (" + vectors.size() + " vectors)");
    }

    static void checkLayout(Class<?> c, String layout, List<Map<String, Object>> rs) throws Exception {
        Method fromBytes = c.getMethod("fromBytes", byte[].class);
        Method parse = c.getMethod("parse", String.class);
        Method parseHex = c.getMethod("parseHex", String.class);
        Method parseBase62 = c.getMethod("parseBase62", String.class);
        Method parseCrockford = c.getMethod("parseCrockford", String.class);
        Map<String, Object> head = rs.get(0);
        // Decimal text is the unsigned number an ID's bits hold. A layout whose top bit is a constant zero reads no more
        // than 2^63-1, as Go's package of it does: the corpus has 2^63 among its bad texts, and the text of an ID with
        // the top bit set (an invalid one) reads as bad text, too long or too large.
        boolean narrow = "decimal".equals(head.get("text")) && rs.stream().anyMatch(b -> "bad".equals(b.get("kind")) && "text".equals(b.get("form")) && "9223372036854775808".equals(b.get("input")));
        boolean hasTime = hasMethod(c, "time");
        boolean stored = false;
        for (Map<String, Object> r : rs) {
            String kind = (String) r.get("kind");
            switch (kind) {
                case "layout":
                    break;
                case "id":
                    checkID(c, layout, r, narrow, hasTime, fromBytes, parse, parseHex, parseBase62, parseCrockford);
                    break;
                case "bound": {
                    Instant at;
                    try {
                        at = instantOf(new BigInteger((String) r.get("at")));
                    } catch (ArithmeticException | java.time.DateTimeException x) {
                        break; // past what an Instant holds
                    }
                    // A side with no ID (no tick qualifies) is the record's error.
                    for (String side : List.of("min", "max")) {
                        Call f = () -> c.getMethod(side + "At", Instant.class).invoke(null, at);
                        if (r.containsKey(side)) {
                            equal(hexOf(call(f)), r.get(side), side + "At " + r.get("at"));
                        } else {
                            throwsCode(f, (String) r.get("error"), side + "At " + r.get("at"), layout);
                        }
                    }
                    break;
                }
                case "bad": {
                    String s = (String) r.getOrDefault("input", "");
                    String form = (String) r.get("form");
                    Method m = switch (form) {
                        case "bytes" -> fromBytes;
                        case "base62" -> parseBase62;
                        case "crockford" -> parseCrockford;
                        case "hex" -> parseHex;
                        default -> parse;
                    };
                    Object arg = form.equals("bytes") ? hex(s) : s;
                    String msg = throwsCode(() -> m.invoke(null, arg), (String) r.get("error"), "bad " + form + " " + s, layout);
                    // The message names the input's length in bytes and, for a bad
                    // character, its position (0-based, in bytes), as Go's does.
                    int n = form.equals("bytes") ? s.length() / 2 : s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                    check(msg.contains("length " + n), "bad " + form + " " + s + ": the message " + msg + " does not name the length " + n);
                    if (r.get("pos") instanceof Number pos) {
                        check(msg.contains("position " + pos.intValue()), "bad " + form + " " + s + ": the message " + msg + " does not name the position " + pos);
                    }
                    if (m == parse) {
                        equal(c.getMethod("isValid", String.class).invoke(null, s), false, "isValid(" + s + "), which parse refuses");
                    }
                    break;
                }
                case "alias": {
                    // Text the form reads though its writer never writes it (Crockford's I, L and O, and lower case):
                    // the ID, written back canonical.
                    String s = (String) r.get("input");
                    boolean text = "text".equals(r.get("form"));
                    Object id = call(() -> (text ? parse : parseCrockford).invoke(null, s));
                    equal(hexOf(id), r.get("hex"), "alias " + s);
                    equal(text ? id.toString() : c.getMethod("crockford").invoke(id), r.get("text"), "alias " + s + " written back");
                    break;
                }
                case "mask":
                    checkMask(c, layout, r, narrow, fromBytes);
                    break;
                case "name": {
                    Object ns = fromBytes.invoke(null, (Object) hex((String) r.get("namespace")));
                    String name = (String) r.get("name");
                    if (r.get("error") != null) {
                        // A name that is not valid Unicode (a lone surrogate): refused, never hashed.
                        throwsCode(() -> c.getMethod("fromName", c, String.class).invoke(null, ns, name), (String) r.get("error"), "fromName of a name not valid Unicode", layout);
                        break;
                    }
                    Object id = call(() -> c.getMethod("fromName", c, String.class).invoke(null, ns, name));
                    equal(hexOf(id), r.get("hex"), "fromName " + name);
                    byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
                    equal(hexOf(call(() -> c.getMethod("fromName", c, byte[].class).invoke(null, ns, utf8))), r.get("hex"), "fromName of the bytes of " + name);
                    if (hasMethod(c, "toUUID")) {
                        Object u = c.getMethod("toUUID").invoke(ns);
                        equal(hexOf(call(() -> c.getMethod("fromName", java.util.UUID.class, String.class).invoke(null, u, name))), r.get("hex"), "fromName of a UUID name space, " + name);
                    }
                    break;
                }
                case "order": {
                    // compareTo puts the IDs in unsigned byte order.
                    @SuppressWarnings("unchecked")
                    List<Object> ids = (List<Object>) r.get("ids");
                    Object prev = null;
                    for (Object h : ids) {
                        @SuppressWarnings("unchecked")
                        Comparable<Object> id = (Comparable<Object>) fromBytes.invoke(null, (Object) hex((String) h));
                        if (prev != null) {
                            check(id.compareTo(prev) > 0 && ((Comparable<Object>) prev).compareTo(id) < 0, "order: " + hexOf(prev) + " before " + h);
                        }
                        check(id.compareTo(id) == 0, "order: " + h + " equals itself");
                        prev = id;
                    }
                    break;
                }
                case "sequence":
                    // A generator under an injected clock: idforge conformance
                    // runs these through conformance/testees/IdforgeTestee.java.
                    break;
                case "valid":
                    checkValid(c, layout, r, parse);
                    break;
                case "bad-name":
                    checkBadName(c, layout, r, fromBytes);
                    break;
                case "stored":
                    checkStored(c, layout, r, fromBytes);
                    stored = true;
                    break;
                default:
                    // A kind this reader does not know: the corpus's format
                    // gains kinds, which readers ignore (docs/conformance.md).
                    break;
            }
        }
        if (stored) {
            checkProfileNames(c, layout);
        }
        if (Boolean.TRUE.equals(head.get("generates"))) {
            checkGenerator(c, head);
        } else {
            check(!hasClass(c, "Generator"), "a name-based layout has no Generator");
        }
    }

    /** Returns c's public method name whose parameters are of the types given, or null. */
    static Method method(Class<?> c, String name, Class<?>... params) {
        try {
            return c.getMethod(name, params);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /**
     * Checks a "valid" record: the static isValid(String) is true when parse reads the text and the ID has the
     * layout's constant bits, and never throws; where parse refuses the text, the record names the error kind.
     */
    static void checkValid(Class<?> c, String layout, Map<String, Object> r, Method parse) throws Exception {
        String s = (String) r.getOrDefault("input", "");
        boolean want = Boolean.TRUE.equals(r.get("valid"));
        String what = "valid " + layout + " \"" + s + "\"";
        if (r.get("error") != null) {
            throwsCode(() -> parse.invoke(null, s), (String) r.get("error"), what + " parse", layout);
        } else {
            Object id = call(() -> parse.invoke(null, s));
            Method own = method(c, "isValid");
            if (own != null && !java.lang.reflect.Modifier.isStatic(own.getModifiers())) {
                equal(own.invoke(id), want, what + " parse(s).isValid()");
            }
        }
        Method isValid = method(c, "isValid", String.class);
        if (isValid == null || !java.lang.reflect.Modifier.isStatic(isValid.getModifiers())) {
            failures.add(what + ": no static isValid(String)");
            return;
        }
        try {
            equal(call(() -> isValid.invoke(null, s)), want, what + " isValid");
        } catch (Exception e) {
            failures.add(what + ": isValid threw " + e);
        }
    }

    /**
     * Checks a "bad-name" record: fromName refuses a name of text that is not valid Unicode (a lone surrogate,
     * which String.getBytes would write as '?') with ErrType, and hashes the name's bytes, given as bytes, as they
     * are; the name space an ID of the layout and, for a 128-bit layout, a java.util.UUID, as fromName takes both.
     */
    static void checkBadName(Class<?> c, String layout, Map<String, Object> r, Method fromBytes) throws Exception {
        byte[] nsBytes = hex((String) r.get("namespace"));
        @SuppressWarnings("unchecked")
        List<Object> units = (List<Object>) r.get("utf16");
        char[] cs = new char[units.size()];
        for (int i = 0; i < cs.length; i++) {
            cs[i] = (char) ((BigInteger) units.get(i)).intValue();
        }
        String name = new String(cs);
        String what = "fromName " + layout + " " + units;
        List<Object> namespaces = new ArrayList<>(List.of(fromBytes.invoke(null, (Object) nsBytes)));
        if (nsBytes.length == 16) {
            namespaces.add(uuidOf(nsBytes));
        }
        for (Object space : namespaces) {
            String of = what + " in a " + space.getClass().getSimpleName() + " name space";
            Method text = method(c, "fromName", space.getClass(), String.class);
            Method bytes = method(c, "fromName", space.getClass(), byte[].class);
            if (text == null || bytes == null) {
                failures.add(of + ": no fromName(namespace, String) or fromName(namespace, byte[])");
                continue;
            }
            throwsCode(() -> text.invoke(null, space, name), (String) r.get("error"), of, layout);
            equal(hexOf(call(() -> bytes.invoke(null, space, (Object) hex((String) r.get("input"))))), r.get("hex"), of + " as bytes");
        }
    }

    static java.util.UUID uuidOf(byte[] b) {
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(b);
        return new java.util.UUID(bb.getLong(), bb.getLong());
    }

    static boolean hasMethod(Class<?> c, String name) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    static boolean hasClass(Class<?> c, String name) {
        for (Class<?> d : c.getClasses()) {
            if (d.getSimpleName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks a "stored" record: toStored gives the stored value under the
     * profile and fromStored the ID back, as bytes and, for 16 bytes, as a
     * UUID; a record with an error is a value fromStored refuses
     * (ErrStored, naming the profile and the padding byte), as it refuses
     * the value a byte longer (naming the length).
     */
    static void checkStored(Class<?> c, String layout, Map<String, Object> r, Method fromBytes) throws Exception {
        String profile = (String) r.get("profile");
        Method fromStored = c.getMethod("fromStored", byte[].class, String.class);
        if (r.get("error") != null) {
            String in = (String) r.get("input");
            String what = "fromStored(" + in + ", " + profile + ")";
            String msg = throwsCode(() -> fromStored.invoke(null, hex(in), profile), (String) r.get("error"), what, layout);
            check(msg.contains(profile) && msg.contains("byte "), what + ": the message " + msg + " names no profile or byte");
            msg = throwsCode(() -> fromStored.invoke(null, hex(in + "00"), profile), (String) r.get("error"), what + " a byte longer", layout);
            check(msg.contains(profile) && msg.contains("length " + (in.length() / 2 + 1)), what + " a byte longer: the message " + msg + " names no profile or length");
            return;
        }
        String h = (String) r.get("hex"), want = (String) r.get("stored");
        Object id = fromBytes.invoke(null, (Object) hex(h));
        String what = layout + " " + h + " under " + profile;
        byte[] got = (byte[]) call(() -> c.getMethod("toStored", String.class).invoke(id, profile));
        equal(HexFormat.of().formatHex(got), want, "toStored of " + what);
        equal(hexOf(call(() -> fromStored.invoke(null, hex(want), profile))), h, "fromStored of " + what);
        if (want.length() == 32) {
            java.util.UUID u = (java.util.UUID) call(() -> c.getMethod("toStoredUUID", String.class).invoke(id, profile));
            equal(u.toString().replace("-", ""), want, "toStoredUUID of " + what);
            equal(hexOf(call(() -> c.getMethod("fromStored", java.util.UUID.class, String.class).invoke(null, u, profile))), h, "fromStored of the UUID of " + what);
        }
    }

    /**
     * Checks that a profile the layout does not take (no profile, or one
     * whose stored value is shorter than the ID) is an
     * IllegalArgumentException, not an IDException, whose message names
     * every profile the layout takes.
     */
    @SuppressWarnings("unchecked")
    static void checkProfileNames(Class<?> c, String layout) throws Exception {
        List<String> names = (List<String>) c.getField("STORAGE_PROFILES").get(null);
        Object id = c.getField("NIL").get(null);
        List<String> refused = new ArrayList<>(List.of("sqlservr", ""));
        for (String p : List.of("bytes", "pg-uuid", "sqlserver", "dotnet-bytes", "mysql-swap", "mariadb-uuid", "clickhouse", "java-uuid")) {
            if (!names.contains(p)) {
                refused.add(p); // one it does not fit: KSUID's 20 bytes in a UUID
            }
        }
        for (String p : refused) {
            try {
                call(() -> c.getMethod("toStored", String.class).invoke(id, p));
                failures.add(layout + ": toStored(\"" + p + "\") did not throw");
            } catch (IllegalArgumentException e) {
                check(!e.getClass().getSimpleName().equals("IDException"), layout + ": toStored(\"" + p + "\") threw IDException, want a plain IllegalArgumentException");
                check(e.getMessage().startsWith(layout + ": "), layout + ": toStored(\"" + p + "\"): message " + e.getMessage());
                for (String n : names) {
                    check(e.getMessage().contains(n), layout + ": toStored(\"" + p + "\"): the message " + e.getMessage() + " does not name " + n);
                }
            }
        }
    }

    static String hexOf(Object id) throws Exception {
        return (String) id.getClass().getMethod("hex").invoke(id);
    }

    /** Reports whether text is decimal above 2^63-1, which a narrow layout (top bit a constant zero) does not read. */
    static boolean unreadable(boolean narrow, String text) {
        return narrow && text.chars().allMatch(Character::isDigit) && new BigInteger(text).bitLength() > 63;
    }

    static void checkID(Class<?> c, String layout, Map<String, Object> r, boolean narrow, boolean hasTime,
            Method fromBytes, Method parse, Method parseHex, Method parseBase62, Method parseCrockford) throws Exception {
        String h = (String) r.get("hex");
        Object id = fromBytes.invoke(null, (Object) hex(h));
        equal(hexOf(id), h, "hex");
        equal(c.getMethod("base62").invoke(id), r.get("base62"), "base62 " + h);
        equal(c.getMethod("crockford").invoke(id), r.get("crockford"), "crockford " + h);
        String text = (String) r.get("text");
        equal(id.toString(), text, "toString " + h);
        // isValid(text): parse reads it, and the ID's constant bits are the layout's.
        if (!unreadable(narrow, text)) {
            equal(c.getMethod("isValid", String.class).invoke(null, text), r.get("valid"), "isValid(\"" + text + "\")");
        }
        equal(c.getMethod("isValid", String.class).invoke(null, (Object) null), false, "isValid(null)");
        List<Object[]> texts = new ArrayList<>(List.of(
                new Object[] {parseHex, h}, new Object[] {parseHex, h.toUpperCase(Locale.ROOT)},
                new Object[] {parseBase62, r.get("base62")}, new Object[] {parseCrockford, r.get("crockford")},
                new Object[] {parseCrockford, ((String) r.get("crockford")).toLowerCase(Locale.ROOT)}));
        if (unreadable(narrow, text)) {
            throwsCode(() -> parse.invoke(null, text), text.length() > 19 ? "ErrLength" : "ErrOverflow", "parse " + text, layout);
        } else {
            texts.add(new Object[] {parse, text});
        }
        for (Object[] t : texts) {
            Object got = call(() -> ((Method) t[0]).invoke(null, t[1]));
            equal(got, id, ((Method) t[0]).getName() + " " + t[1]);
        }
        check(java.util.Arrays.equals((byte[]) c.getMethod("bytes").invoke(id), hex(h)), "bytes " + h);
        equal(c.getMethod("isValid").invoke(id), r.get("valid"), "isValid " + h);
        equal(c.getMethod("isZero").invoke(id), new BigInteger(h, 16).signum() == 0, "isZero " + h);
        equal(id.hashCode(), parseHex.invoke(null, h).hashCode(), "hashCode " + h);
        Object fields = c.getMethod("fields").invoke(id);
        Map<String, Object> want = new HashMap<>();
        ((Map<String, Object>) r.get("fields")).forEach((k, v) -> want.put(componentName(k), v));
        for (RecordComponent rc : fields.getClass().getRecordComponents()) {
            Object v = rc.getAccessor().invoke(fields);
            String got = v instanceof Long ? Long.toUnsignedString((Long) v)
                    : v instanceof byte[] ? HexFormat.of().formatHex((byte[]) v) : v.toString();
            equal(got, want.get(rc.getName()), "field " + rc.getName() + " of " + h);
        }
        check(fields.getClass().getRecordComponents().length == want.size(), "fields of " + h);
        if (Boolean.TRUE.equals(r.get("valid"))) {
            Object packed = call(() -> c.getMethod("pack", fields.getClass()).invoke(null, fields));
            equal(packed, id, "pack " + h);
        }
        String ns = (String) r.get("unix_ns");
        if (ns != null && !ns.isEmpty()) {
            try {
                Instant t = (Instant) call(() -> c.getMethod("time").invoke(id));
                equal(nanosOf(t).toString(), ns, "time " + h);
                if (Boolean.TRUE.equals(r.get("valid"))) {
                    Object min = call(() -> c.getMethod("minAt", Instant.class).invoke(null, t));
                    Object max = call(() -> c.getMethod("maxAt", Instant.class).invoke(null, t));
                    check(((Comparable<Object>) min).compareTo(id) <= 0, "minAt(time()) above the ID " + h);
                    check(((Comparable<Object>) max).compareTo(id) >= 0, "maxAt(time()) below the ID " + h);
                }
            } catch (Exception e) {
                if (!e.getClass().getSimpleName().equals("IDException")) {
                    throw e;
                }
                // An Instant holds some 10^9 years either side: past that, ErrTime.
                check(new BigInteger(ns).abs().compareTo(new BigInteger("31556889864403199000000000")) > 0, "time " + h + ": " + e);
            }
        } else {
            check(!hasTime, "a layout without a time has no time()");
        }
    }

    static void checkMask(Class<?> c, String layout, Map<String, Object> r, boolean narrow, Method fromBytes) throws Exception {
        byte[] key = hex((String) r.get("key"));
        byte[] tweak = hex((String) r.getOrDefault("tweak", ""));
        Method mask = c.getMethod("mask", byte[].class, byte[].class);
        Method unmask = c.getMethod("unmask", String.class, byte[].class, byte[].class);
        Object id = r.containsKey("hex") ? fromBytes.invoke(null, (Object) hex((String) r.get("hex"))) : null;
        Object pub = r.containsKey("public") ? fromBytes.invoke(null, (Object) hex((String) r.get("public"))) : null;
        String err = (String) r.get("error");
        if (err == null) {
            equal(call(() -> mask.invoke(id, key, tweak)), pub.toString(), "mask " + r.get("hex"));
            equal(call(() -> unmask.invoke(null, pub.toString(), key, tweak)), id, "unmask " + r.get("public"));
        } else if (err.equals("ErrInvalid") || err.equals("ErrKey")) {
            check(pub == null, "a refusal of mask has no public form");
            equal(c.getMethod("isValid").invoke(id), err.equals("ErrKey"), "isValid " + r.get("hex"));
            String msg = throwsCode(() -> mask.invoke(id, key, tweak), err, "mask " + r.get("hex"), layout);
            check(!msg.contains((String) r.get("key")), "the key in an error");
        } else if (err.equals("ErrNotMasked")) {
            String want = "ErrNotMasked";
            String text = pub.toString();
            if (unreadable(narrow, text)) {
                want = text.length() > 19 ? "ErrLength" : "ErrOverflow";
            }
            throwsCode(() -> unmask.invoke(null, text, key, tweak), want, "unmask " + text, layout);
        } else {
            failures.add("a mask record of error " + err);
        }
    }

    @SuppressWarnings("unchecked")
    static void checkGenerator(Class<?> c, Map<String, Object> head) throws Exception {
        Class<?> g = null;
        for (Class<?> d : c.getClasses()) {
            if (d.getSimpleName().equals("Generator")) {
                g = d;
            }
        }
        check(g != null, "no Generator");
        if (g == null) {
            return;
        }
        boolean node = head.get("node") != null;
        Object real = node ? g.getConstructor(long.class).newInstance(1L) : g.getConstructor().newInstance();
        Method next = g.getMethod("next");
        Method isValid = c.getMethod("isValid");
        check((Boolean) isValid.invoke(next.invoke(real)) && (Boolean) isValid.invoke(next.invoke(real)), "generated IDs are valid");
        java.lang.reflect.Constructor<?> full = null;
        for (java.lang.reflect.Constructor<?> k : g.getConstructors()) {
            if (full == null || k.getParameterCount() > full.getParameterCount()) {
                full = k;
            }
        }
        boolean hasClock = false;
        for (Class<?> p : full.getParameterTypes()) {
            hasClock |= p == Clock.class;
        }
        if (!hasClock) {
            return;
        }
        boolean monotonic = Boolean.TRUE.equals(head.get("monotonic"));
        Method parse = c.getMethod("parse", String.class);
        // A clock that moves on a second at every reading: the test never waits.
        Object gen = newGenerator(g, full, node, new TestClock(1_800_000_000_000_000_000L, 1_000_000_000L));
        Comparable<Object> prev = null;
        for (int i = 0; i < 3000; i++) {
            Object id = next.invoke(gen);
            check((Boolean) isValid.invoke(id), "generated ID " + id + " is valid");
            equal(parse.invoke(null, id.toString()), id, "parse of generated " + id);
            if (prev != null && monotonic) {
                check(prev.compareTo(id) < 0, "generated " + id + " after " + prev);
            }
            prev = (Comparable<Object>) id;
        }
        if (!monotonic) {
            return;
        }
        // A clock that stands still, then goes back.
        TestClock back = new TestClock(1_800_000_000_000_000_000L, 0);
        Object still = newGenerator(g, full, node, back);
        prev = (Comparable<Object>) next.invoke(still);
        for (int i = 0; i < 50; i++) {
            back.nanos -= (i % 3) * 7_000_000_000L;
            Object id;
            try {
                id = call(() -> next.invoke(still));
            } catch (Exception e) {
                String code = codeOf(e);
                check(code.equals("ErrClockBackwards") || code.equals("ErrClockStalled"), "clock back: " + e);
                break;
            }
            check(prev.compareTo(id) < 0, "generated " + id + " after " + prev + " with the clock going back");
            prev = (Comparable<Object>) id;
        }
    }

    /**
     * Makes a generator with the full constructor: node 1, clock, a
     * SecureRandom; where the node is optional and the corpus gives none,
     * with withRandomNode(clock, random).
     */
    static Object newGenerator(Class<?> g, java.lang.reflect.Constructor<?> full, boolean node, Clock clock) throws Exception {
        if (!node) {
            for (Method m : g.getMethods()) {
                if (m.getName().equals("withRandomNode") && m.getParameterCount() == 2) {
                    return m.invoke(null, clock, new java.security.SecureRandom());
                }
            }
        }
        Class<?>[] types = full.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == long.class) {
                args[i] = 1L;
            } else if (types[i] == Clock.class) {
                args[i] = clock;
            } else {
                args[i] = new java.security.SecureRandom();
            }
        }
        return full.newInstance(args);
    }
}
