package java

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// class writes the class: its doc, constants, readers, writers, the Fields
// record, the generator and the private helpers.
func (w *writer) class() {
	p := w.p
	w.classDoc()
	w.t(`public final class $T$ implements Comparable<$T$>, Serializable {
    private static final long serialVersionUID = 1L;

    /** The layout's name, which every error message starts with. */
    public static final String LAYOUT = $LAYOUT$;

    /** The size of an ID in bytes. */
    public static final int SIZE = $SIZE$;

    /** The size of an ID in bits. */
    public static final int BITS = $BITS$;
`)
	if p.ConstMask.Sign() != 0 && (w.words() == nil || p.Hash != nil) {
		// isValid of an ID held in an array reads CONST_MASK, as fromName does.
		w.t(`
    /** The constant bits (versions, variants), in place. */
    private static final byte[] CONST_MASK = unhex($MASK$);
`, "MASK", hexBytes(w.bytesOf(p.ConstMask)))
	}
	if p.ConstMask.Sign() != 0 {
		w.t(`
    /** The constant bits' values, in place. */
    private static final byte[] CONST_VALUE = unhex($VALUE$);
`, "VALUE", hexBytes(w.bytesOf(p.ConstValue)))
	}
	w.formConstants()
	if p.Clock != nil {
		w.clockConstants()
	}
	w.t(`
    /** The ID with every bit zero. */
    public static final $T$ NIL = $NIL$;

    /** The ID with every bit one. */
    public static final $T$ MAX = $MAX$;
`, "NIL", w.newID(new(big.Int)), "MAX", w.newID(p.Max))
	w.representation()
	if p.Hash != nil && p.UUID {
		w.namespaces()
	}
	w.parsers()
	w.pack()
	if p.Clock != nil {
		w.bounds()
	}
	if p.Hash != nil {
		w.fromName()
	}
	w.writers()
	w.readers()
	w.mask()
	w.stored()
	w.objectMethods()
	w.fieldsRecord()
	if p.Generates {
		w.generator()
	}
	w.helpers()
	w.t("}\n")
}

// representation writes the fields that hold an ID's bits, its
// constructor, of (the ID of an array of bytes) and bytes (the array of an
// ID): an ID of at most 128 bits holds them in one or two longs, a wider
// one in an array.
func (w *writer) representation() {
	ws := w.words()
	if ws == nil {
		w.t(`
    /** The ID's bytes, big-endian: this array is never shared, so never changes. */
    private final byte[] b;

    /** Returns the ID of b, which the caller has made and gives up. */
    private $T$(byte[] b) {
        this.b = b;
    }

    /** Returns the ID of b, which the caller has made and gives up: $SIZE$ bytes, big-endian. */
    private static $T$ of(byte[] b) {
        return new $T$(b);
    }

    /**
     * Returns the ID's $SIZE$ bytes, big-endian: a new array.
     *
     * @return the bytes
     */
    public byte[] bytes() {
        return b.clone();
    }
`)
		return
	}
	var params, sets, reads, writes []string
	for i, name := range ws {
		shift := 64 * (len(ws) - 1 - i) // where the word's bit 0 is in the ID
		width := min(64, w.p.Bits-shift)
		params = append(params, "long "+name)
		sets = append(sets, fmt.Sprintf("        this.%s = %s;\n", name, name))
		if w.p.Size%8 == 0 {
			at := w.p.Size - shift/8 - 8
			reads = append(reads, fmt.Sprintf("(long) LONGS.get(b, %d)", at))
			writes = append(writes, fmt.Sprintf("        LONGS.set(b, %d, %s);\n", at, name))
		} else {
			reads = append(reads, fmt.Sprintf("get(b, %d, %d)", shift, width))
			writes = append(writes, fmt.Sprintf("        place(b, %d, %d, %s);\n", shift, width, name))
		}
	}
	what := "The ID's bits, as a long."
	if len(ws) == 2 {
		what = "The ID's bits: hi the " + fmt.Sprint(w.p.Bits-64) + " above lo's 64."
	}
	w.t(`
    /** $WHAT$ */
    private final long $NAMES$;

    /** Returns the ID of the bits given. */
    private $T$($PARAMS$) {
$SETS$    }

    /** Returns the ID of b: $SIZE$ bytes, big-endian. */
    private static $T$ of(byte[] b) {
        return new $T$($READS$);
    }

    /**
     * Returns the ID's $SIZE$ bytes, big-endian: a new array.
     *
     * @return the bytes
     */
    public byte[] bytes() {
        byte[] b = new byte[SIZE];
$WRITES$        return b;
    }
`, "WHAT", what, "NAMES", strings.Join(ws, ", "), "PARAMS", strings.Join(params, ", "), "SETS", strings.Join(sets, ""),
		"READS", strings.Join(reads, ", "), "WRITES", strings.Join(writes, ""))
}

func (w *writer) classDoc() {
	p := w.p
	var b strings.Builder
	b.WriteString("/**\n")
	line := func(s string) {
		if s == "" {
			b.WriteString(" *\n")
		} else {
			b.WriteString(" * " + s + "\n")
		}
	}
	para := func(s string) {
		for _, l := range strings.Split(portable.Fill(s, 74), "\n") {
			line(l)
		}
	}
	para(fmt.Sprintf("An ID of layout {@code %s}: %d bits, immutable, ordered as its bytes are (unsigned), and serializable.", html(p.L.Name), p.Bits))
	if p.L.Doc != "" {
		line("")
		line("<pre>")
		for _, l := range portable.Lines(p.L.Doc) {
			line(html(l))
		}
		line("</pre>")
	}
	line("")
	line(fmt.Sprintf("<p>The layout, %d bits, most significant first:", p.Bits))
	line("")
	line("<pre>")
	for _, l := range portable.Lines(p.L.Diagram()) {
		line(html(l))
	}
	line("</pre>")
	line("")
	text := "{@link #toString()} writes " + html(p.Text.Describe())
	switch p.Text.Name {
	case "uuid":
		text = "{@link #toString()} writes the canonical UUID form, 8-4-4-4-12 lower-case hex digits, and {@link #parse(String)} reads every UUID form"
	case "decimal":
		text = "{@link #toString()} writes " + html(p.Text.DecimalDoc())
	}
	para("<p>" + text + "; {@link #base62()}, {@link #crockford()} and {@link #hex()} write the fixed-width forms, which sort as the bytes do. Every bad input throws {@link IDException}, whose code names the kind of error; null arguments throw NullPointerException, as the JDK's classes do.")
	if p.Generates {
		line("")
		node := ""
		if p.NeedsNode {
			node = " (after {@link #setNode(long)}: the layout's generator needs its node)"
		}
		para(fmt.Sprintf("<p>{@link #newId()}%s returns the next ID of one process-wide generator; {@link Generator} makes a generator of your own.", node))
	}
	b.WriteString(" */\n")
	w.b.WriteString(b.String())
}

func (w *writer) formConstants() {
	w.t(`
    /** The fixed-width text forms: their titles, digits, widths and rules. */
`)
	for _, f := range w.forms() {
		w.t(`    private static final Form $NAME$ = new Form(LAYOUT, BITS, $TITLE$, $DIGITS$, $WIDTH$, $FOLD$, $PAD$, $CHECK$, $LIMBS$, $ALIASES$);
`, "NAME", formConst(f), "TITLE", javaString(f.Title), "DIGITS", javaString(f.Alphabet), "WIDTH", fmt.Sprint(f.Width),
			"FOLD", fmt.Sprint(f.FoldCase), "PAD", fmt.Sprint(f.Pad), "CHECK", fmt.Sprint(f.Check), "LIMBS", fmt.Sprint(w.limbs(f)),
			"ALIASES", javaString(f.Aliases))
	}
}

func (w *writer) clockConstants() {
	c := w.p.Clock
	w.t(`
    /**
     * The layout's clock: ticks of $UNIT$ since $EPOCH$, a tick being
     * TICK_NUM / TICK_DEN nanoseconds. EPOCH_NS is the epoch in nanoseconds
     * since the Unix epoch.
     */
    private static final BigInteger EPOCH_NS = new BigInteger("$EPOCHNS$"),
            TICK_NUM = new BigInteger("$NUM$"), TICK_DEN = new BigInteger("$DEN$"),
            MAX_TICK = new BigInteger("$MAXTICK$");
`, "UNIT", html(c.Unit), "EPOCH", html(c.Epoch), "EPOCHNS", c.EpochNs.String(), "NUM", c.TickNum.String(),
		"DEN", c.TickDen.String(), "MAXTICK", c.MaxTick.String())
}

func (w *writer) namespaces() {
	w.t(`
    /** The name space of fully qualified domain names (RFC 9562, section 6.6). */
    public static final $T$ NAMESPACE_DNS = new $T$(0x6ba7b8109dad11d1L, 0x80b400c04fd430c8L);

    /** The name space of URLs (RFC 9562, section 6.6). */
    public static final $T$ NAMESPACE_URL = new $T$(0x6ba7b8119dad11d1L, 0x80b400c04fd430c8L);

    /** The name space of ISO OIDs (RFC 9562, section 6.6). */
    public static final $T$ NAMESPACE_OID = new $T$(0x6ba7b8129dad11d1L, 0x80b400c04fd430c8L);

    /** The name space of X.500 distinguished names (RFC 9562, section 6.6). */
    public static final $T$ NAMESPACE_X500 = new $T$(0x6ba7b8149dad11d1L, 0x80b400c04fd430c8L);
`)
}

func (w *writer) parsers() {
	p := w.p
	switch p.Text.Name {
	case "uuid":
		w.t(`
    /**
     * Reads a UUID in any of its forms: canonical 8-4-4-4-12, 32 hex digits,
     * {canonical} or urn:uuid:canonical, hex digits in either case.
     *
     * @param s the text
     * @return the ID
     * @throws IDException ErrLength or ErrSyntax for text that is no UUID
     */
    public static $T$ parse(String s) {
        int n = Objects.requireNonNull(s, "s").length();
        if (n == 36) {
            $T$ id = readUUID(s, 0, true);
            if (id != null) {
                return id;
            }
        } else if (n == 32) {
            $T$ id = readUUID(s, 0, false);
            if (id != null) {
                return id;
            }
        }
        return parseUUID(s);
    }
`)
	case "decimal":
		w.b.WriteString("\n" + doc("    ", "Reads the text {@link #toString()} writes: the unsigned number the ID's 64 bits hold, in decimal, "+html(p.Text.DecimalSyntax())+".\n\n@param s the text\n@return the ID\n@throws IDException ErrLength, ErrSyntax or ErrOverflow for other text"))
		parser := "parseDecimal"
		if p.Text.NonNegative {
			parser = "parseNonNegativeDecimal"
		}
		w.t(`    public static $T$ parse(String s) {
        return new $T$($PARSER$(LAYOUT, s));
    }
`, "PARSER", parser)
	default:
		w.t(`
    /**
     * $READS$
     *
     * @param s the text
     * @return the ID
     * @throws IDException ErrLength, ErrSyntax or ErrOverflow for other text
     */
    public static $T$ parse(String s) {
        return of(decode(s, $FORM$));
    }
`, "READS", javadocLines(fmt.Sprintf("Reads the text {@link #toString()} writes: exactly %s%s.", html(p.Text.Describe()), p.Text.CaseNote())), "FORM", formConst(p.Text))
	}
	for _, f := range append(slices.Clip(p.Forms), w.declared...) {
		over := ""
		if f.Overflows {
			over = "\n     * Text above {@code " + html(f.Max) + "} is ErrOverflow."
		}
		w.t(`
    /**
     * $READS$$OVER$
     *
     * @param s the text
     * @return the ID
     * @throws IDException ErrLength, ErrSyntax or ErrOverflow for other text
     */
    public static $T$ parse$NAME$(String s) {
        return of(decode(s, $FORM$));
    }
`, "READS", javadocLines(fmt.Sprintf("Reads the %s form: exactly %d digits%s.", html(f.Title), f.Width, f.CaseNote())), "OVER", over, "NAME", camel(f.Ident()), "FORM", formConst(f))
	}
	if p.Text.Own() {
		// The layout's own form has parse; a method named after it too, as
		// the other forms have.
		f := p.Text
		w.t(`
    /**
     * Reads the $TITLE$ form, as {@link #parse(String)} does.
     *
     * @param s the text
     * @return the ID
     * @throws IDException ErrLength, ErrSyntax or ErrOverflow for other text
     */
    public static $T$ parse$NAME$(String s) {
        return parse(s);
    }
`, "TITLE", html(f.Title), "NAME", camel(f.Ident()))
	}
	w.t(`
    /**
     * Returns the ID whose bytes are b: exactly $SIZE$ of them, big-endian.
     * The array is copied.
     *
     * @param b the bytes
     * @return the ID
     * @throws IDException ErrLength for another number of bytes
     */
    public static $T$ fromBytes(byte[] b) {
        Objects.requireNonNull(b, "b");
        if (b.length != SIZE) {
            throw new IDException(IDException.Code.ERR_LENGTH, LAYOUT + ": binary form of length " + b.length + ", want $SIZE$ bytes");
        }
        return $OF$;
    }
`, "OF", w.ofCopy("b"))
	if p.Bits == 64 {
		w.t(`
    /**
     * Returns the ID whose 64 bits are v's, as {@link #toLong()} gives them.
     *
     * @param v the ID's bits
     * @return the ID
     */
    public static $T$ fromLong(long v) {
        return new $T$(v);
    }
`)
	}
	if p.Bits == 128 {
		w.t(`
    /**
     * Returns the ID of the 128 bits of u.
     *
     * @param u a UUID
     * @return the ID
     */
    public static $T$ fromUUID(UUID u) {
        Objects.requireNonNull(u, "u");
        return new $T$(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }
`)
	}
}

func (w *writer) pack() {
	p := w.p
	start := "new byte[SIZE]"
	if p.ConstMask.Sign() != 0 {
		start = "CONST_VALUE.clone()"
	}
	var body strings.Builder
	for _, f := range p.Fields {
		switch {
		case f.Bytes:
			fmt.Fprintf(&body, "        Objects.requireNonNull(f.%[1]s(), %[1]q);\n", f.Name)
			if from, to, ok := w.alignedBytes(f); ok {
				fmt.Fprintf(&body, "        if (f.%[1]s().length != %[2]d) {\n            throw new IDException(IDException.Code.ERR_RANGE, LAYOUT + \": %[1]s must be %[2]d bytes, not \" + f.%[1]s().length);\n        }\n", f.Name, to-from)
				fmt.Fprintf(&body, "        System.arraycopy(f.%s(), 0, b, %d, %d);\n", f.Name, from, to-from)
				continue
			}
			fmt.Fprintf(&body, "        placeBytes(b, %q, f.%s(), %s);\n", f.Name, f.Name, runsArray(f.Runs))
		default:
			if f.Width < 64 {
				fmt.Fprintf(&body, "        if (f.%s() >>> %d != 0) {\n            throw new IDException(IDException.Code.ERR_RANGE, LAYOUT + \": %s \" + f.%s() + \" does not fit in %d bits\");\n        }\n", f.Name, f.Width, f.Name, f.Name, f.Width)
			}
			body.WriteString(place("        ", "b", "f."+f.Name+"()", f.Runs))
		}
	}
	w.t(`
    /**
     * Builds an ID from its fields, with the layout's constant bits. A value
     * that does not fit its field is ErrRange: nothing is masked off.
     *
     * @param f the fields
     * @return the ID
     * @throws IDException ErrRange for a field that does not fit
     */
    public static $T$ pack(Fields f) {
        Objects.requireNonNull(f, "f");
        byte[] b = $START$;
$BODY$        return of(b);
    }
`, "START", start, "BODY", body.String())
}

// runsArray returns runs as a Java int array of shift, width, lo triples.
func runsArray(runs []portable.Run) string {
	var parts []string
	for _, r := range runs {
		parts = append(parts, fmt.Sprintf("%d, %d, %d", r.Shift, r.Width, r.Lo))
	}
	return "new int[] {" + strings.Join(parts, ", ") + "}"
}

func (w *writer) bounds() {
	p := w.p
	start := "new byte[SIZE]"
	if p.ConstMask.Sign() != 0 {
		start = "CONST_VALUE.clone()"
	}
	others := p.Untimed()
	others.Or(others, p.ConstValue)
	w.t(`
    /**
     * Returns the smallest ID whose time is at or after t: the first tick at
     * or after t, with every other bit that is not a constant 0. Before the
     * epoch it gives the first tick.
     *
     * @param t an instant
     * @return the smallest ID at or after t
     * @throws IDException ErrTime after the last tick's time, which no ID is at or after
     */
    public static $T$ minAt(Instant t) {
        Objects.requireNonNull(t, "t");
        BigInteger since = nanos(t).subtract(EPOCH_NS);
        long tick = minTick(ceilDiv(since.multiply(TICK_DEN), TICK_NUM));
        byte[] b = $START$;
$PLACE$        return of(b);
    }

    /**
     * Returns the largest ID whose time is at or before t: the last tick
     * whose time (rounded down to the nanosecond) is at or before t, with
     * every other bit that is not a constant 1. Past the last tick it gives
     * the last.
     *
     * @param t an instant
     * @return the largest ID at or before t
     * @throws IDException ErrTime before the epoch, which no ID is at or before
     */
    public static $T$ maxAt(Instant t) {
        Objects.requireNonNull(t, "t");
        BigInteger since = nanos(t).subtract(EPOCH_NS).add(BigInteger.ONE);
        long tick = maxTick(ceilDiv(since.multiply(TICK_DEN), TICK_NUM).subtract(BigInteger.ONE));
        byte[] b = UNTIMED.clone();
$PLACE$        return of(b);
    }


    /** The bits of maxAt's IDs besides the time: every bit that is not a constant 0. */
    private static final byte[] UNTIMED = unhex($OTHERS$);
`, "START", start, "PLACE", place("        ", "b", "tick", p.Time.Runs), "OTHERS", hexBytes(w.bytesOf(others)))
}

func (w *writer) fromName() {
	p := w.p
	alg := map[string]string{"md5": "MD5", "sha1": "SHA-1", "sha256": "SHA-256"}[p.Hash.V.Algorithm]
	overlay := ""
	if p.ConstMask.Sign() != 0 {
		overlay = `        for (int i = 0; i < SIZE; i++) {
            b[i] = (byte) (b[i] & ~CONST_MASK[i] | CONST_VALUE[i]);
        }
`
	}
	uuid := ""
	if p.UUID {
		uuid = `
    /**
     * Returns the ID of a name in a name space given as a
     * {@link java.util.UUID}, as {@link #fromName($T$, String)} does.
     *
     * @param namespace the name space, such as a {@code UUID} another
     *     library names
     * @param name the name, which must be valid Unicode
     * @return the ID
     * @throws IDException ErrType for a name with a lone surrogate
     */
    public static $T$ fromName(UUID namespace, String name) {
        return fromName(fromUUID(Objects.requireNonNull(namespace, "namespace")), name);
    }

    /**
     * Returns the ID of a name, given as its bytes, in a name space given
     * as a {@link java.util.UUID}, as {@link #fromName($T$, byte[])} does.
     *
     * @param namespace the name space
     * @param name the name's bytes
     * @return the ID
     */
    public static $T$ fromName(UUID namespace, byte[] name) {
        return fromName(fromUUID(Objects.requireNonNull(namespace, "namespace")), name);
    }
`
	}
	w.t(`
    /**
     * Returns the ID of a name in a name space: the $ALG$ digest of the name
     * space's bytes followed by the name's UTF-8, with the constant bits
     * written over it. The same name space and name always give the same ID,
     * in every language idforge writes. A name that is not valid Unicode (a
     * lone surrogate, which has no UTF-8) is refused, never hashed as
     * {@code String.getBytes} would write it, with a '?' in its place.
     *
     * @param namespace the name space
     * @param name the name, which must be valid Unicode
     * @return the ID
     * @throws IDException ErrType for a name with a lone surrogate
     */
    public static $T$ fromName($T$ namespace, String name) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new IDException(IDException.Code.ERR_TYPE,
                        LAYOUT + ": the name is not valid Unicode: a lone surrogate at index " + i);
            }
        }
        return hashName($NSBYTES$, name.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Returns the ID of a name, given as its bytes, in a name space: the
     * $ALG$ digest of the name space's bytes followed by the name's, with
     * the constant bits written over it.
     *
     * @param namespace the name space
     * @param name the name's bytes
     * @return the ID
     */
    public static $T$ fromName($T$ namespace, byte[] name) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        return hashName($NSBYTES$, name);
    }
`+uuid+`
    /**
     * Returns the ID of the digest of a name space's bytes and a name's.
     *
     * @param namespace the name space's bytes
     * @param name the name's bytes
     * @return the ID
     */
    private static $T$ hashName(byte[] namespace, byte[] name) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("$ALG$");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no $ALG$, which every JDK must have", e);
        }
        md.update(namespace);
        md.update(name);
        byte[] b = Arrays.copyOf(md.digest(), SIZE);
$OVERLAY$        return of(b);
    }
`, "ALG", alg, "OVERLAY", overlay, "NSBYTES", w.bytesOfID("namespace"))
}

// writers writes toString and the other text forms, bytes and toUUID.
func (w *writer) writers() {
	p := w.p
	switch p.Text.Name {
	case "uuid":
		w.t(`
    /**
     * Returns the canonical UUID form: 8-4-4-4-12 lower-case hex digits, as
     * java.util.UUID writes them. (UUID's own writer writes them: it makes
     * its String without the copy of the digits that any other code must
     * make, which costs more than a writer of our own saves; the UUID never
     * leaves this method, so the JIT need not make it at all.)
     *
     * @return the text
     */
    @Override
    public String toString() {
        return new UUID(hi, lo).toString();
    }
`)
	case "decimal":
		w.b.WriteString("\n" + doc("    ", "Returns the ID's text: "+html(p.Text.DecimalDoc())+".\n\n@return the text"))
		w.t(`    @Override
    public String toString() {
        return Long.toUnsignedString(v);
    }
`)
	default:
		as := ""
		if !p.Text.Own() {
			as = fmt.Sprintf(", as {@link #%s()} writes them", lowerCamel(p.Text.Ident()))
		}
		w.b.WriteString("\n" + doc("    ", "Returns the ID's text: "+html(p.Text.Describe())+as+".\n\n@return the text"))
		w.t(`    @Override
    public String toString() {
        return encode($B$, $FORM$);
    }
`, "FORM", formConst(p.Text), "B", w.bytesOfID(""))
	}
	for _, f := range w.forms() {
		body := fmt.Sprintf("encode(%s, %s)", w.bytesOfID(""), formConst(f))
		if f.Name == "hex" {
			body = "hexText(" + w.bytesOfID("") + ")"
		}
		w.t(`
    /**
     * Returns the $TITLE$ form: $DESC$, zero-padded, sorting as the bytes do.
     *
     * @return the text
     */
    public String $NAME$() {
        return $BODY$;
    }
`, "TITLE", html(f.Title), "DESC", html(f.Describe()), "NAME", lowerCamel(f.Ident()), "BODY", body)
	}
	if p.Bits == 64 {
		w.t(`
    /**
     * Returns the ID's 64 bits as a long, as Go's int64 of it holds them
     * (negative where the top bit is set).
     *
     * @return the ID's bits
     */
    public long toLong() {
        return v;
    }
`)
	}
	if p.Bits == 128 {
		w.t(`
    /**
     * Returns the ID as a UUID of its 128 bits.
     *
     * @return the UUID
     */
    public UUID toUUID() {
        return new UUID(hi, lo);
    }
`)
	}
}

// readers writes fields, time, isValid (of an ID, and of text) and isZero.
func (w *writer) readers() {
	example := ""
	if w.p.UUID && w.p.ConstMask.Sign() != 0 {
		example = ": the text of a UUID of another version parses, but is not valid"
	}
	p := w.p
	var args []string
	for _, f := range p.Fields {
		switch {
		case f.Bytes:
			if from, to, ok := w.alignedBytes(f); ok {
				args = append(args, fmt.Sprintf("Arrays.copyOfRange(b, %d, %d)", from, to))
				continue
			}
			args = append(args, fmt.Sprintf("toBytes(%s, %d)", readBig("b", f.Runs), f.Width/8))
		default:
			args = append(args, w.readID(f.Runs))
		}
	}
	local := ""
	if w.hasBytes() && w.words() != nil {
		local = "        byte[] b = bytes();\n"
	}
	w.t(`
    /**
     * Returns the ID's fields, keyed by the spec's names.
     *
     * @return the fields
     */
    public Fields fields() {
$LOCAL$        return new Fields(
                $ARGS$);
    }
`, "ARGS", strings.Join(args, ",\n                "), "LOCAL", local)
	if p.Clock != nil {
		w.t(`
    /**
     * Returns the ID's time in nanoseconds since the Unix epoch, exactly
     * (rounded down to the nanosecond for a tick that is no whole number of
     * them), whatever the range of the layout's time.
     *
     * @return the time in nanoseconds since the Unix epoch
     */
    public BigInteger unixNanos() {
        BigInteger tick = $TICK$;
        return EPOCH_NS.add(floorDiv(tick.multiply(TICK_NUM), TICK_DEN));
    }

    /**
     * Returns the ID's time, exactly: an Instant holds nanoseconds.
     *
     * @return the time
     * @throws IDException ErrTime for a time past what an Instant holds,
     *     some billion years from now; {@link #unixNanos()} has it
     */
    public Instant time() {
        BigInteger[] qr = unixNanos().divideAndRemainder(BILLION);
        if (qr[1].signum() < 0) {
            qr[0] = qr[0].subtract(BigInteger.ONE);
            qr[1] = qr[1].add(BILLION);
        }
        try {
            return Instant.ofEpochSecond(qr[0].longValueExact(), qr[1].longValue());
        } catch (ArithmeticException | DateTimeException e) {
            throw new IDException(IDException.Code.ERR_TIME, LAYOUT + ": the time is past what an Instant holds; unixNanos has it");
        }
    }
`, "TICK", tickBig(w.readID(p.Time.Runs), p.Time.Width))
	}
	if p.ConstMask.Sign() != 0 {
		body := `        for (int i = 0; i < SIZE; i++) {
            if ((b[i] & CONST_MASK[i]) != CONST_VALUE[i]) {
                return false;
            }
        }
        return true;
`
		if ws := w.words(); ws != nil {
			var conds []string
			masks, values := w.wordValues(p.ConstMask), w.wordValues(p.ConstValue)
			for i, name := range ws {
				if masks[i] != "0L" {
					conds = append(conds, fmt.Sprintf("(%s & %s) == %s", name, masks[i], values[i]))
				}
			}
			body = "        return " + strings.Join(conds, "\n                && ") + ";\n"
		}
		w.t(`
    /**
     * Reports whether the ID's constant bits (versions, variants) are those
     * of layout $NAME$. The parsers check the form only, as Go's do.
     *
     * @return whether the ID is one of the layout
     */
    public boolean isValid() {
$BODY$    }
`, "NAME", html(p.L.Name), "BODY", body)
	} else {
		w.t(`
    /**
     * Reports whether the ID is one of layout $NAME$: always, as it has no
     * constant bits.
     *
     * @return true
     */
    public boolean isValid() {
        return true;
    }
`, "NAME", html(p.L.Name))
	}
	w.b.WriteString("\n" + doc("    ", fmt.Sprintf("Reports whether text is an ID of layout %s: whether {@link #parse(String)} reads it and the ID it reads {@link #isValid() is valid}, its constant bits (versions, variants) the layout's. It has this one meaning in every language idforge writes%s. It never throws: null, and any text parse refuses, is false.\n\n@param text the text, or null\n@return whether text is an ID of the layout", html(p.L.Name), example)))
	w.t(`    public static boolean isValid(String text) {
        if (text == null) {
            return false;
        }
        try {
            return parse(text).isValid();
        } catch (IDException e) {
            return false;
        }
    }
`)
	w.t(`
    /**
     * Reports whether every bit of the ID is zero.
     *
     * @return whether the ID is NIL
     */
    public boolean isZero() {
$BODY$    }
`, "BODY", w.isZeroBody())
}

func (w *writer) isZeroBody() string {
	switch ws := w.words(); len(ws) {
	case 1:
		return "        return v == 0;\n"
	case 2:
		return "        return (hi | lo) == 0;\n"
	}
	return `        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
`
}

func (w *writer) objectMethods() {
	uuidNote := "."
	if w.p.UUID {
		uuidNote = `, as
     * every language idforge writes compares IDs, and as PostgreSQL orders
     * its uuid type. This differs from {@link java.util.UUID#compareTo},
     * which compares the two halves as signed longs, so that a UUID whose
     * first hex digit is 8 to f sorts before one whose first digit is 0 to
     * 7: for IDs that sort by time, only unsigned order is the order they
     * were made in. Sort {@link #toUUID()}'s results with
     * {@code Comparator.comparing(` + w.p.Type + `::fromUUID)} to keep it.`
	}
	compare := "        return Arrays.compareUnsigned(b, o.b);\n"
	equals := "o instanceof $T$ && Arrays.equals(b, (($T$) o).b)"
	hash := "Arrays.hashCode(b)"
	switch len(w.words()) {
	case 1:
		compare = "        return Long.compareUnsigned(v, o.v);\n"
		equals = "o instanceof $T$ other && v == other.v"
		hash = "Long.hashCode(v)"
	case 2:
		compare = "        int c = Long.compareUnsigned(hi, o.hi);\n        return c != 0 ? c : Long.compareUnsigned(lo, o.lo);\n"
		equals = "o instanceof $T$ other && hi == other.hi && lo == other.lo"
		hash = "Long.hashCode(hi ^ lo)"
	}
	w.t(strings.NewReplacer("$COMPARE$", compare, "$EQUALS$", equals, "$HASH$", hash).Replace(`
    /**
     * Compares the IDs' bytes, unsigned, as their fixed-width text sorts$UUIDNOTE$
     *
     * @param o another ID
     * @return a negative number, zero or a positive number as this ID is
     *     less than, equal to or greater than o
     */
    @Override
    public int compareTo($T$ o) {
$COMPARE$    }

    /**
     * Reports whether o is a $T$ of the same bytes.
     *
     * @param o an object
     * @return whether o is the same ID
     */
    @Override
    public boolean equals(Object o) {
        return $EQUALS$;
    }

    /**
     * Returns a hash code of the ID's bytes.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return $HASH$;
    }

    /**
     * Serializes the ID as its bytes, which the proxy checks when read back.
     *
     * @return the ID's serialized form
     */
    private Object writeReplace() {
        return new Ser($BYTES$);
    }

    /**
     * Refuses a stream that holds the class's fields itself: IDs are written
     * through their proxy.
     *
     * @param in the stream
     * @throws InvalidObjectException always
     */
    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException(LAYOUT + ": an ID is read through its proxy");
    }

    /**
     * The serialized form of an ID: its bytes alone, written as raw data
     * after a class descriptor with no fields, so that a stream holds little
     * more than the ID (as the JDK's own proxies, named Ser, do).
     */
    private static final class Ser implements Serializable {
        private static final long serialVersionUID = 1L;

        /** The ID's bytes, written by writeObject, not as a field. */
        private transient byte[] bytes;

        Ser(byte[] bytes) {
            this.bytes = bytes;
        }

        /**
         * Writes the ID's bytes.
         *
         * @param out the stream
         * @throws IOException if the stream fails
         */
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.write(bytes);
        }

        /**
         * Reads the ID's bytes: exactly SIZE of them.
         *
         * @param in the stream
         * @throws IOException if the stream fails or holds another number of bytes
         * @throws ClassNotFoundException never: the form names no class
         */
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            byte[] b = new byte[SIZE];
            in.readFully(b);
            if (in.read() != -1) {
                throw new InvalidObjectException(LAYOUT + ": a serialized ID of the wrong size");
            }
            bytes = b;
        }

        /**
         * Returns the ID of the bytes read.
         *
         * @return the ID
         * @throws ObjectStreamException for a proxy that read no bytes
         */
        private Object readResolve() throws ObjectStreamException {
            if (bytes == null || bytes.length != SIZE) {
                throw new InvalidObjectException(LAYOUT + ": a serialized ID of the wrong size");
            }
            return $OF$;
        }
    }
`), "BYTES", w.bytesOfID(""), "OF", w.ofCopy("bytes"), "UUIDNOTE", uuidNote)
}

func (w *writer) fieldsRecord() {
	p := w.p
	var params, comps []string
	for _, f := range p.Fields {
		params = append(params, fmt.Sprintf("@param %s %s", f.Name, html(f.What)))
		comps = append(comps, fmt.Sprintf("%s %s", fieldType(f), f.Name))
	}
	extra := ""
	if w.hasBytes() {
		extra = "; a bytes field is compared by content"
	}
	w.b.WriteString("\n    /**\n")
	for _, l := range strings.Split(portable.Fill(fmt.Sprintf("The fields of an ID of layout %s, keyed by the spec's names, as {@link #fields()} returns them and {@link #pack(Fields)} takes them: a long for an integer field, which the spec language holds to 64 bits (one of 64 holds its bits, read unsigned), and a byte[] for a bytes field%s.", html(p.L.Name), extra), 70), "\n") {
		w.b.WriteString("     * " + l + "\n")
	}
	w.b.WriteString("     *\n")
	for _, s := range params {
		w.b.WriteString("     * " + s + "\n")
	}
	w.b.WriteString("     */\n")
	if !w.hasBytes() {
		w.t("    public record Fields($COMPS$) {}\n", "COMPS", strings.Join(comps, ", "))
		return
	}
	var eq, hash, str []string
	for _, f := range p.Fields {
		switch fieldType(f) {
		case "byte[]":
			eq = append(eq, fmt.Sprintf("Arrays.equals(%s, otherFields.%s)", f.Name, f.Name))
			hash = append(hash, fmt.Sprintf("Arrays.hashCode(%s)", f.Name))
			str = append(str, fmt.Sprintf("%s=\" + hexText(%s)", f.Name, f.Name))
		default:
			eq = append(eq, fmt.Sprintf("%s == otherFields.%s", f.Name, f.Name))
			hash = append(hash, fmt.Sprintf("Long.hashCode(%s)", f.Name))
			str = append(str, fmt.Sprintf("%s=\" + Long.toUnsignedString(%s)", f.Name, f.Name))
		}
	}
	w.t(`    public record Fields($COMPS$) {
        /**
         * Reports whether o holds the same fields, bytes fields by content.
         *
         * @param o an object
         * @return whether o holds the same fields
         */
        @Override
        public boolean equals(Object o) {
            // (A spec's names are lower case: otherFields is none of them.)
            return o instanceof Fields otherFields && $EQ$;
        }

        /**
         * Returns a hash code of the fields, bytes fields by content.
         *
         * @return the hash code
         */
        @Override
        public int hashCode() {
            return Arrays.hashCode(new int[] {$HASH$});
        }

        /**
         * Returns the fields as text, bytes fields in hex.
         *
         * @return the text
         */
        @Override
        public String toString() {
            return "Fields[$STR$ + "]";
        }
    }
`, "COMPS", strings.Join(comps, ", "), "EQ", strings.Join(eq, "\n                    && "),
		"HASH", strings.Join(hash, ", "), "STR", strings.Join(str, " + \", "))
}

// ofCopy returns the expression of the ID of the caller's array b, which
// of keeps for an ID held in an array, so gets a copy of.
func (w *writer) ofCopy(b string) string {
	if w.words() == nil {
		return "of(" + b + ".clone())"
	}
	return "of(" + b + ")"
}

// tickBig returns the expression of a tick, read as expr, as a BigInteger:
// one of 64 bits is read unsigned.
func tickBig(expr string, width int) string {
	if width < 64 {
		return "BigInteger.valueOf(" + expr + ")"
	}
	return "new BigInteger(Long.toUnsignedString(" + expr + "))"
}

// javadocLines fills text to the width of a member's Javadoc, its lines
// after the first starting "     * ", for a template line "     * $X$".
func javadocLines(text string) string {
	return strings.ReplaceAll(portable.Fill(text, 72), "\n", "\n     * ")
}
