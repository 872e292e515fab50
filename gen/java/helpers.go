package java

import "strings"

// The helpers: the bit moves, the text forms' codecs, the UUID and decimal
// readers, the clock's arithmetic, the mask's Feistel network and the
// default source of random bits. Those that do not depend on one layout
// (shared writes them) are the same code in every class: a self-contained
// class holds the ones it uses as private static members, and the classes
// of the package io.github.idforge use IDRuntime's instead (Runtime writes
// it), which they import statically, so that a call reads the same in both.
// What a helper needs of its layout it takes as a parameter (the layout's
// name for its errors) or from a Form, which each class makes. The helpers
// that need the class itself, its constructor or its constants stay in
// the class (classHelpers).

// needs says which of the shared helpers a class uses, besides those every
// class uses (hex digits, bit moves, forms, text lengths and errors).
type needs struct {
	longs     bool // LONGS: an ID of one or two longs, read from whole bytes
	big       bool // getBig, unsigned, placeBig: runs of any width
	toBytes   bool // toBytes: a BigInteger's bytes
	check     bool // CHECK, mod37: a form with a check symbol
	uuid      bool // HEX_VALUES, hex4: the UUID reader's digits
	decimal   bool // parseDecimal: decimal text of 64 bits, unsigned
	decimal63 bool // parseNonNegativeDecimal: decimal text of 63 bits
	clock     bool // BILLION, nanos, floorDiv, ceilDiv: a layout with a time
	mask      bool // Masker, masker, gather, scatter, feistel, round
	random    bool // defaultRandom: a generator
}

// needs returns the shared helpers the class uses.
func (w *writer) needs() needs {
	p := w.p
	return needs{
		longs:     w.words() != nil && p.Size%8 == 0,
		big:       w.needsBig(),
		toBytes:   w.unalignedBytes() || w.shape != nil,
		check:     w.hasCheck(),
		uuid:      p.Text.Name == "uuid",
		decimal:   p.Text.Name == "decimal" && !p.Text.NonNegative,
		decimal63: p.Text.Name == "decimal" && p.Text.NonNegative,
		clock:     p.Clock != nil,
		mask:      w.shape != nil,
		random:    p.Generates,
	}
}

// or returns the helpers that n or m use.
func (n needs) or(m needs) needs {
	return needs{n.longs || m.longs, n.big || m.big, n.toBytes || m.toBytes, n.check || m.check, n.uuid || m.uuid,
		n.decimal || m.decimal, n.decimal63 || m.decimal63, n.clock || m.clock, n.mask || m.mask, n.random || m.random}
}

// covers reports whether n has every helper m uses.
func (n needs) covers(m needs) bool { return n.or(m) == n }

// helpers writes the class's private static helpers: the shared ones,
// unless the class uses a runtime's, then its own.
func (w *writer) helpers() {
	if !w.runtime {
		w.b.WriteString(shared(w.needs(), "private ", 4))
	}
	w.classHelpers()
}

// shared returns the helpers that do not depend on one layout that n says
// are used, each declared with the modifier private ("private " or "") and
// indented as a class's members are; maskers is the number of the mask's
// round functions kept.
func shared(n needs, private string, maskers int) string {
	var b strings.Builder
	t := func(template string) {
		b.WriteString(strings.NewReplacer("$P$", private, "$MASKERS$", itoa(maskers), "$CHECKDIGITS$", javaString(checkDigits)).Replace(template))
	}
	t(`
    /** Lower-case hex digits, by value. */
    $P$static final byte[] HEX_DIGITS = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);

    /**
     * Returns the bytes that hex digits spell, two digits a byte: for the
     * constants of a class.
     */
    $P$static byte[] unhex(String digits) {
        byte[] b = new byte[digits.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(digits, 2 * i, 2 * i + 2, 16);
        }
        return b;
    }

    /** The two lower-case hex digits of every byte value, the first in the high byte. */
    $P$static final short[] HEX_PAIRS = new short[256];

    static {
        for (int i = 0; i < 256; i++) {
            HEX_PAIRS[i] = (short) (HEX_DIGITS[i >>> 4] << 8 | HEX_DIGITS[i & 15]);
        }
    }

    /** Returns b in lower-case hex digits, two a byte. */
    $P$static String hexText(byte[] b) {
        byte[] out = new byte[2 * b.length];
        for (int i = 0; i < b.length; i++) {
            int pair = HEX_PAIRS[b[i] & 0xff];
            out[2 * i] = (byte) (pair >>> 8);
            out[2 * i + 1] = (byte) pair;
        }
        return new String(out, StandardCharsets.ISO_8859_1);
    }

    /**
     * Returns width bits (1 to 64) of b at shift, counted from the least
     * significant bit of b read as one big-endian number.
     */
    $P$static long get(byte[] b, int shift, int width) {
        long v = 0;
        int last = b.length - 1;
        for (int j = shift >>> 3, end = (shift + width - 1) >>> 3; j <= end; j++) {
            int at = (j << 3) - shift; // where byte j's bit 0 lands in v
            long x = b[last - j] & 0xffL;
            v |= at >= 0 ? x << at : x >>> -at;
        }
        return width == 64 ? v : v & (1L << width) - 1;
    }

    /**
     * ORs the low width bits (1 to 64) of v into b at shift, counted from
     * the least significant bit; the bits there are zero.
     */
    $P$static void place(byte[] b, int shift, int width, long v) {
        if (width < 64) {
            v &= (1L << width) - 1;
        }
        int last = b.length - 1;
        for (int j = shift >>> 3, end = (shift + width - 1) >>> 3; j <= end; j++) {
            int at = (j << 3) - shift;
            b[last - j] |= (byte) (at >= 0 ? v >>> at : v << -at);
        }
    }
`)
	if n.longs {
		t(`
    /** The bytes of a byte array read and written as big-endian longs, at any index. */
    $P$static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
`)
	}
	if n.big {
		t(`
    /** Returns width bits of b at shift, any number of them, as a BigInteger. */
    $P$static BigInteger getBig(byte[] b, int shift, int width) {
        BigInteger v = BigInteger.ZERO;
        for (int at = 0; at < width; at += 64) {
            long part = get(b, shift + at, Math.min(64, width - at));
            v = v.or(unsigned(part).shiftLeft(at));
        }
        return v;
    }

    /** Returns x, read unsigned, as a BigInteger. */
    $P$static BigInteger unsigned(long x) {
        BigInteger v = BigInteger.valueOf(x);
        return x >= 0 ? v : v.add(BigInteger.ONE.shiftLeft(64));
    }

    /** ORs the low width bits of v, any number of them, into b at shift. */
    $P$static void placeBig(byte[] b, int shift, int width, BigInteger v) {
        for (int at = 0; at < width; at += 64) {
            place(b, shift + at, Math.min(64, width - at), v.shiftRight(at).longValue());
        }
    }
`)
	}
	if n.toBytes {
		t(`
    /** Returns v as size bytes, big-endian; v fits. */
    $P$static byte[] toBytes(BigInteger v, int size) {
        byte[] out = new byte[size];
        byte[] in = v.toByteArray(); // may hold a leading sign byte
        int n = Math.min(in.length, size);
        System.arraycopy(in, in.length - n, out, size - n, n);
        return out;
    }
`)
	}
	t(`
    /**
     * A fixed-width text form of a layout's IDs (the layout named layout,
     * of bits bits, in size bytes): the ID as one number in the alphabet's
     * base, zero-padded to width digits, so that text sorts as the bytes do
     * where the digits ascend. pad is the number of zero bits below the ID
     * in the digits (a form that writes the bits from the top), check says
     * that a check symbol follows, and limbs is the number of 32-bit words
     * that hold any text's value.
     */
    $P$static final class Form {
        /** The layout's name, which the form's errors start with. */
        final String layout;
        /** The form's title, which its errors name. */
        final String title;
        /** The digits, by value. */
        final byte[] digits;
        /** The layout's size in bits and in bytes. */
        final int bits, size;
        /** The number of digits, the base, the zero bits below the ID and the words of a value. */
        final int width, base, pad, limbs;
        /** Whether a check symbol follows the digits. */
        final boolean check;
        /** The digits' values by character, -1 for none. */
        final byte[] table = new byte[128];

        /**
         * Returns the form of the arguments, which the fields name alike; fold makes the digits' other case read too,
         * and aliases are pairs of a character read though never written and the digit it reads as ("I1L1O0").
         */
        Form(String layout, int bits, String title, String digits, int width, boolean fold, int pad, boolean check, int limbs, String aliases) {
            this.layout = layout;
            this.bits = bits;
            this.size = (bits + 7) / 8;
            this.title = title;
            this.digits = digits.getBytes(StandardCharsets.ISO_8859_1);
            this.width = width;
            this.base = digits.length();
            this.pad = pad;
            this.check = check;
            this.limbs = limbs;
            Arrays.fill(table, (byte) -1);
            for (int i = 0; i < base + aliases.length() / 2; i++) {
                char c = i < base ? digits.charAt(i) : aliases.charAt(2 * (i - base));
                byte v = (byte) (i < base ? i : digits.indexOf(aliases.charAt(2 * (i - base) + 1)));
                table[c] = v;
                if (fold) {
                    table[Character.toLowerCase(c)] = v;
                    table[Character.toUpperCase(c)] = v;
                }
            }
        }
    }

    /**
     * Writes b, an ID of f's layout, in form f: f.width digits, most
     * significant first, and the check symbol if the form has one.
     */
    $P$static String encode(byte[] b, Form f) {
        int[] n = new int[f.limbs]; // b shifted left by f.pad, in 32-bit words, most significant first
        for (int i = b.length - 1, k = f.pad; i >= 0; i--, k += 8) {
            long x = (long) (b[i] & 0xff) << (k & 31);
            n[f.limbs - 1 - (k >>> 5)] |= (int) x;
            if ((k & 31) > 24) {
                n[f.limbs - 2 - (k >>> 5)] |= (int) (x >>> 32);
            }
        }
        byte[] out = new byte[f.check ? f.width + 1 : f.width];
        int top = 0; // the first word that is not zero
        for (int i = f.width - 1; i >= 0; i--) {
            while (top < n.length && n[top] == 0) {
                top++;
            }
            long r = 0;
            for (int j = top; j < n.length; j++) {
                long x = r << 32 | n[j] & 0xffffffffL;
                n[j] = (int) (x / f.base);
                r = x % f.base;
            }
            out[i] = f.digits[(int) r];
        }
`)
	if n.check {
		t(`        if (f.check) {
            out[f.width] = (byte) CHECK.charAt(mod37(b));
        }
`)
	}
	t(`        return new String(out, StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads text in form f, an ID of f's layout: exactly f.width digits,
     * and a check symbol if the form has one. Text above the largest ID is
     * ErrOverflow; a last digit with padding bits set, or a check symbol
     * that does not match, is ErrSyntax.
     */
    $P$static byte[] decode(String s, Form f) {
        Objects.requireNonNull(s, "s");
        checkLength(f.layout, f.title, s, f.check ? f.width + 1 : f.width);
        int[] n = new int[f.limbs];
        for (int i = 0; i < f.width; i++) {
            char c = s.charAt(i);
            int d = c < 128 ? f.table[c] : -1;
            if (d < 0) {
                throw syntaxError(f.layout, f.title, s, i);
            }
            long carry = d;
            for (int j = n.length - 1; j >= 0; j--) {
                long x = (n[j] & 0xffffffffL) * f.base + carry;
                n[j] = (int) x;
                carry = x >>> 32;
            }
        }
        int bits = f.bits + f.pad, top = n.length - 1 - (bits >>> 5);
        boolean over = top >= 0 && n[top] >>> (bits & 31) != 0;
        for (int j = 0; j < top; j++) {
            over |= n[j] != 0;
        }
        if (over) {
            throw new IDException(IDException.Code.ERR_OVERFLOW, f.layout + ": " + f.title + " text of length " + s.length() + " and a value above " + f.bits + " bits");
        }
        if ((n[n.length - 1] & (1 << f.pad) - 1) != 0) {
            throw syntaxError(f.layout, f.title, s, f.width - 1);
        }
        byte[] b = new byte[f.size];
        for (int i = f.size - 1, k = f.pad; i >= 0; i--, k += 8) {
            long x = n[n.length - 1 - (k >>> 5)] & 0xffffffffL;
            if ((k & 31) > 24) {
                x |= (n[n.length - 2 - (k >>> 5)] & 0xffffffffL) << 32;
            }
            b[i] = (byte) (x >>> (k & 31));
        }
`)
	if n.check {
		t(`        if (f.check && CHECK.indexOf(Character.toUpperCase(s.charAt(f.width))) != mod37(b)) {
            throw syntaxError(f.layout, f.title, s, f.width);
        }
`)
	}
	t(`        return b;
    }
`)
	if n.check {
		t(`
    /** Crockford's check symbols: the ID modulo 37 is the index of its symbol. */
    $P$static final String CHECK = $CHECKDIGITS$;

    /** Returns b, read as one big-endian number, modulo 37. */
    $P$static int mod37(byte[] b) {
        int r = 0;
        for (byte x : b) {
            r = (r * 256 + (x & 0xff)) % 37;
        }
        return r;
    }
`)
	}
	t(`
    /** Returns the length of s in bytes of UTF-8, as Go counts a string's. */
    $P$static int utf8Length(String s) {
        int n = s.length();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x800) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++; // a pair of chars, 4 bytes
                }
                n += 2;
            } else if (c >= 0x80) {
                n++;
            }
        }
        return n;
    }

    /**
     * Checks that s, text of layout's form title, is length bytes of UTF-8,
     * else ErrLength.
     */
    $P$static void checkLength(String layout, String title, String s, int length) {
        int n = utf8Length(s);
        if (n != length) {
            throw new IDException(IDException.Code.ERR_LENGTH, layout + ": " + title + " text of length " + n + ", want " + length);
        }
    }

    /**
     * Returns the ErrSyntax of the char at index i of s, text of layout's
     * form title, where every char before it is ASCII: its position in bytes
     * of UTF-8 is i.
     */
    $P$static IDException syntaxError(String layout, String title, String s, int i) {
        int c = s.codePointAt(i);
        String shown = c > ' ' && c < 0x7f ? "'" + (char) c + "'" : String.format("U+%04X", c);
        return new IDException(IDException.Code.ERR_SYNTAX,
                layout + ": invalid character " + shown + " at position " + i + " of " + title + " text of length " + utf8Length(s), i);
    }
`)
	if n.uuid {
		t(`
    /** Hex digits' values by character, in either case; -1 for others. */
    $P$static final byte[] HEX_VALUES = new byte[128];

    static {
        Arrays.fill(HEX_VALUES, (byte) -1);
        for (int i = 0; i < 16; i++) {
            HEX_VALUES[HEX_DIGITS[i]] = (byte) i;
            HEX_VALUES[Character.toUpperCase(HEX_DIGITS[i])] = (byte) i;
        }
    }

    /**
     * Returns the value of four hex digits of s from index at, or a negative
     * number if one is no hex digit (HEX_VALUES holds -1 for those, and any
     * char past 0x7f is refused first).
     */
    $P$static long hex4(String s, int at) {
        char c1 = s.charAt(at), c2 = s.charAt(at + 1), c3 = s.charAt(at + 2), c4 = s.charAt(at + 3);
        return (c1 | c2 | c3 | c4) > 0x7f ? -1 : HEX_VALUES[c1] << 12 | HEX_VALUES[c2] << 8 | HEX_VALUES[c3] << 4 | HEX_VALUES[c4];
    }
`)
	}
	if n.decimal63 {
		t(`
    /**
     * Reads decimal text of an ID of layout, whose top bit is a constant
     * zero, as its toString writes it and Go's generated parser of the
     * layout reads it: 1 to 19 digits (0-9) with no sign and no leading
     * zeros, whose value is at most 2^63-1. It checks the length (in bytes
     * of UTF-8), a leading zero, every character, then the value.
     */
    $P$static long parseNonNegativeDecimal(String layout, String s) {
        Objects.requireNonNull(s, "s");
        int n = utf8Length(s);
        if (n < 1 || n > 19) {
            throw new IDException(IDException.Code.ERR_LENGTH, layout + ": decimal text of length " + n + ", want 1 to 19");
        }
        if (s.charAt(0) == '0' && n > 1) {
            throw syntaxError(layout, "decimal", s, 0);
        }
        long v = 0;
        boolean over = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw syntaxError(layout, "decimal", s, i);
            }
            over |= v > (Long.MAX_VALUE - (c - '0')) / 10;
            v = v * 10 + (c - '0');
        }
        if (over) {
            throw new IDException(IDException.Code.ERR_OVERFLOW, layout + ": decimal text of length " + n + " and a value above 2^63-1");
        }
        return v;
    }
`)
	}
	if n.decimal {
		t(`
    /**
     * Reads decimal text of an ID of layout, whose top bit is not a
     * constant zero, as its toString writes it and Go's generated parser
     * of the layout reads it: 1 to 20 digits (0-9) with no sign and no
     * leading zeros, the unsigned number the ID's 64 bits hold, at most
     * 2^64-1, as Discord writes its IDs. It checks the length (in bytes of
     * UTF-8), a leading zero, every character, then the value, and returns
     * the bits.
     */
    $P$static long parseDecimal(String layout, String s) {
        Objects.requireNonNull(s, "s");
        int n = utf8Length(s);
        if (n < 1 || n > 20) {
            throw new IDException(IDException.Code.ERR_LENGTH, layout + ": decimal text of length " + n + ", want 1 to 20");
        }
        if (s.charAt(0) == '0' && n > 1) {
            throw syntaxError(layout, "decimal", s, 0);
        }
        long v = 0;
        boolean over = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw syntaxError(layout, "decimal", s, i);
            }
            over |= Long.compareUnsigned(v, Long.divideUnsigned(-1L - (c - '0'), 10)) > 0;
            v = v * 10 + (c - '0');
        }
        if (over) {
            throw new IDException(IDException.Code.ERR_OVERFLOW, layout + ": decimal text of length " + n + " and a value above 2^64-1");
        }
        return v;
    }
`)
	}
	if n.clock {
		t(`
    /** The nanoseconds of a second. */
    $P$static final BigInteger BILLION = BigInteger.valueOf(1_000_000_000L);

    /** Returns t in nanoseconds since the Unix epoch. */
    $P$static BigInteger nanos(Instant t) {
        return BigInteger.valueOf(t.getEpochSecond()).multiply(BILLION).add(BigInteger.valueOf(t.getNano()));
    }

    /** Returns a / b rounded down, for b above zero. */
    $P$static BigInteger floorDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    /** Returns a / b rounded up, for b above zero. */
    $P$static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        return floorDiv(a.negate(), b).negate();
    }
`)
	}
	if n.mask {
		t(maskShared)
	}
	if n.random {
		t(`
    /**
     * Returns the default source of a generator's random bits: the JDK's
     * DRBG (NIST SP 800-90A's Hash_DRBG with SHA-256, seeded and reseeded
     * from the system's entropy), which draws a buffer of bits three times
     * as fast as the default SecureRandom (NativePRNG, which mixes SHA1PRNG
     * into every read), or that where a JDK has no DRBG.
     */
    $P$static SecureRandom defaultRandom() {
        try {
            return SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            return new SecureRandom();
        }
    }
`)
	}
	return b.String()
}

// classHelpers writes the helpers that need the class, its constructor or
// its constants: a wide bytes field's writer, the UUID reader, the clock's
// clamp and the mask's constants.
func (w *writer) classHelpers() {
	p := w.p
	if w.unalignedBytes() {
		w.t(`
    /**
     * ORs a bytes field, v, into its runs of b (shift, width and where in
     * the value, a triple a run): v must have as many bits as the runs.
     */
    private static void placeBytes(byte[] b, String name, byte[] v, int[] runs) {
        int width = 0;
        for (int i = 0; i < runs.length; i += 3) {
            width += runs[i + 1];
        }
        if (v.length * 8 != width) {
            throw new IDException(IDException.Code.ERR_RANGE, LAYOUT + ": " + name + " must be " + width / 8 + " bytes, not " + v.length);
        }
        BigInteger x = new BigInteger(1, v);
        for (int i = 0; i < runs.length; i += 3) {
            placeBig(b, runs[i], runs[i + 1], x.shiftRight(runs[i + 2]));
        }
    }
`)
	}
	if p.Text.Name == "uuid" {
		w.uuidHelpers()
	}
	if p.Clock != nil {
		w.t(`
    /**
     * Returns minAt's tick, as a long's bits: the first tick before the
     * epoch; after the last tick's time, which no tick is at or after,
     * ErrTime.
     */
    private static long minTick(BigInteger tick) {
        if (tick.compareTo(MAX_TICK) > 0) {
            throw new IDException(IDException.Code.ERR_TIME, LAYOUT + ": no tick is at or after the time");
        }
        return tick.signum() < 0 ? 0 : tick.longValue();
    }

    /**
     * Returns maxAt's tick, as a long's bits: the last tick past the last;
     * before the epoch, which no tick is at or before, ErrTime.
     */
    private static long maxTick(BigInteger tick) {
        if (tick.signum() < 0) {
            throw new IDException(IDException.Code.ERR_TIME, LAYOUT + ": no tick is at or before the time");
        }
        return (tick.compareTo(MAX_TICK) > 0 ? MAX_TICK : tick).longValue();
    }
`)
	}
	if w.shape != nil {
		w.maskHelpers()
	}
}

func (w *writer) uuidHelpers() {
	w.t(`
    /**
     * Reads a UUID's 32 hex digits from s at index at, in the canonical form
     * (dashed: 8-4-4-4-12) or not, four at a time; returns null if they are
     * not there, for parseUUID to say why.
     */
    private static $T$ readUUID(String s, int at, boolean dashed) {
        int d = 0;
        if (dashed) {
            if (s.charAt(at + 8) != '-' || s.charAt(at + 13) != '-' || s.charAt(at + 18) != '-' || s.charAt(at + 23) != '-') {
                return null;
            }
            d = 1;
        }
        long h1 = hex4(s, at), h2 = hex4(s, at + 4), h3 = hex4(s, at + 8 + d), h4 = hex4(s, at + 12 + 2 * d);
        long l1 = hex4(s, at + 16 + 3 * d), l2 = hex4(s, at + 20 + 4 * d), l3 = hex4(s, at + 24 + 4 * d), l4 = hex4(s, at + 28 + 4 * d);
        if ((h1 | h2 | h3 | h4 | l1 | l2 | l3 | l4) < 0) {
            return null;
        }
        return new $T$(h1 << 48 | h2 << 32 | h3 << 16 | h4, l1 << 48 | l2 << 32 | l3 << 16 | l4);
    }

    /**
     * Reads a UUID in any of the forms RFC 9562 and common use give it, with
     * hex digits in either case: canonical (36 characters), 32 hex digits,
     * in braces, or as a URN (urn:uuid:, the prefix in either case). It is
     * parse's way for the forms it does not read itself, and for text that
     * is no UUID, where it finds what is wrong.
     */
    private static $T$ parseUUID(String s) {
        int n = s.length();
        int length = utf8Length(s);
        if (length == n) {
            switch (n) {
                case 36:
                    return checkUUID(s, 0);
                case 32:
                    return of(decode(s, HEX));
                case 38:
                    if (s.charAt(0) != '{') {
                        throw syntaxError(LAYOUT, "UUID", s, 0);
                    }
                    if (s.charAt(37) != '}') {
                        throw syntaxError(LAYOUT, "UUID", s, 37);
                    }
                    return checkUUID(s, 1);
                case 45:
                    for (int i = 0; i < 9; i++) {
                        if (Character.toLowerCase(s.charAt(i)) != "urn:uuid:".charAt(i)) {
                            throw syntaxError(LAYOUT, "UUID", s, i);
                        }
                    }
                    return checkUUID(s, 9);
                default:
                    break;
            }
        }
        throw new IDException(IDException.Code.ERR_LENGTH, LAYOUT + ": UUID text of length " + length + ", want 36, 32, 38 or 45");
    }

    /** Reads the canonical form from s at offset at, or finds what is wrong with it. */
    private static $T$ checkUUID(String s, int at) {
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(at + i);
            boolean ok = i == 8 || i == 13 || i == 18 || i == 23 ? c == '-' : c < 128 && HEX_VALUES[c] >= 0;
            if (!ok) {
                throw syntaxError(LAYOUT, "UUID", s, at + i);
            }
        }
        return readUUID(s, at, true);
    }
`)
}
