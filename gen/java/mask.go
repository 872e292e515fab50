package java

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// zeroRuns returns the runs of zero bits of mask, an ID's width, most
// significant first, as Java int pairs: shift (from the least significant
// bit) and width.
func zeroRuns(mask []byte) (pairs []string, total int) {
	bits := len(mask) * 8
	bit := func(i int) bool { return mask[len(mask)-1-i/8]>>(i%8)&1 == 1 } // i from the least significant bit
	for hi := bits - 1; hi >= 0; {
		if bit(hi) {
			hi--
			continue
		}
		lo := hi
		for lo > 0 && !bit(lo-1) {
			lo--
		}
		pairs = append(pairs, fmt.Sprintf("%d, %d", lo, hi-lo+1))
		total += hi - lo + 1
		hi = lo - 1
	}
	return pairs, total
}

// mask writes mask and unmask, where the layout can be masked.
func (w *writer) mask() {
	if w.shape == nil {
		return
	}
	p := w.p
	unmaskDoc := portable.Fill("Returns the ID whose public form's text is text under key and tweak, the inverse of mask. Text whose constant bits no public form has ("+html(portable.NotMaskedDoc(p.L))+") is ErrNotMasked. Any other public form unmasks with no error, and one made under another key, tweak or layout gives some other ID: a permutation cannot tell, so look the ID up before trusting it.", 70)
	w.t(`
    /**
     * Returns the text of the ID's public form under key, with no tweak:
     * {@link #mask(byte[], byte[])}.
     *
     * @param key the key: at least 16 bytes, not all zero
     * @return the public form's text
     * @throws IDException ErrKey for a bad key, ErrInvalid for an ID whose
     *     constant bits are not the layout's
     */
    public String mask(byte[] key) {
        return mask(key, new byte[0]);
    }

    /**
     * Returns the text of the ID's public form under key and tweak (its
     * UTF-8): {@link #mask(byte[], byte[])}.
     *
     * @param key the key: at least 16 bytes, not all zero
     * @param tweak the tweak
     * @return the public form's text
     * @throws IDException ErrKey for a bad key, ErrInvalid for an ID whose
     *     constant bits are not the layout's
     */
    public String mask(byte[] key, String tweak) {
        return mask(key, Objects.requireNonNull(tweak, "tweak").getBytes(StandardCharsets.UTF_8));
    }

$MASKDOC$    public String mask(byte[] key, byte[] tweak) {
        byte[] id = $BYTES$;
        for (int i = 0; i < SIZE; i++) {
            if ((id[i] & MASK_ID[i]) != MASK_ID_BITS[i]) {
                throw new IDException(IDException.Code.ERR_INVALID, LAYOUT + ": mask: the ID's constant bits are not the layout's");
            }
        }
        Masker m = masker(LAYOUT, key, tweak);
        byte[] out = MASK_PUB_BITS.clone();
        scatter(feistel(m, MASK_N, gather(id, MASK_FREE), true), MASK_N, MASK_PUBLIC, out);
        return of(out).toString();
    }

    /**
     * Returns the ID whose public form's text is text under key, with no
     * tweak: {@link #unmask(String, byte[], byte[])}.
     *
     * @param text the public form's text
     * @param key the key
     * @return the ID
     * @throws IDException ErrKey for a bad key, the errors of
     *     {@link #parse(String)}, or ErrNotMasked
     */
    public static $T$ unmask(String text, byte[] key) {
        return unmask(text, key, new byte[0]);
    }

    /**
     * Returns the ID whose public form's text is text under key and tweak
     * (its UTF-8): {@link #unmask(String, byte[], byte[])}.
     *
     * @param text the public form's text
     * @param key the key
     * @param tweak the tweak
     * @return the ID
     * @throws IDException ErrKey for a bad key, the errors of
     *     {@link #parse(String)}, or ErrNotMasked
     */
    public static $T$ unmask(String text, byte[] key, String tweak) {
        return unmask(text, key, Objects.requireNonNull(tweak, "tweak").getBytes(StandardCharsets.UTF_8));
    }

    /**
$UNMASKDOC$
     *
     * @param text the public form's text
     * @param key the key
     * @param tweak the tweak
     * @return the ID
     * @throws IDException ErrKey for a bad key, the errors of
     *     {@link #parse(String)}, or ErrNotMasked
     */
    public static $T$ unmask(String text, byte[] key, byte[] tweak) {
        Objects.requireNonNull(text, "text");
        Masker m = masker(LAYOUT, key, tweak);
        byte[] pub = $PUBBYTES$;
        for (int i = 0; i < SIZE; i++) {
            if ((pub[i] & MASK_PUB[i]) != MASK_PUB_BITS[i]) {
                throw new IDException(IDException.Code.ERR_NOT_MASKED, LAYOUT + ": unmask: the text's constant bits are no public form's");
            }
        }
        BigInteger y = feistel(m, MASK_N, gather(pub, MASK_PUBLIC), false);
        if (y.bitLength() > MASK_N - MASK_PAD) {
            throw new IDException(IDException.Code.ERR_NOT_MASKED, LAYOUT + ": unmask: the text is no public form's");
        }
        byte[] out = MASK_ID_BITS.clone();
        scatter(y, MASK_N - MASK_PAD, MASK_FREE, out);
        return of(out);
    }
`, "MASKDOC", doc("    ", "Returns the text of the ID's public form under key and tweak: Private IDs, as idforge's Go, SQL, JavaScript and Python compute them. The public form is "+html(portable.PublicFormDoc(p.L, "an ID of the same layout"))+". The same ID, key and tweak always give the same public form, and unmask gives the ID back. Mask on a server, never in code shipped to users: the key would go with it.\n\n@param key the key: at least 16 bytes, not all zero, as {@code idforge key} makes\n@param tweak the tweak, which may be empty\n@return the public form's text\n@throws IDException ErrInvalid for an ID whose constant bits are not the layout's, ErrKey for a bad key"), "UNMASKDOC", "     * "+strings.ReplaceAll(unmaskDoc, "\n", "\n     * "),
		"BYTES", w.bytesOfID(""), "PUBBYTES", w.bytesOfID("parse(text)"))
}

// maskHelpers writes the mask's constants: its runs and widths.
func (w *writer) maskHelpers() {
	s := w.shape
	free, freeBits := zeroRuns(s.IDMask)
	pub, n := zeroRuns(s.PubMask)
	w.t(`
    /**
     * Private IDs: the constant bits of an ID and of its public form, in
     * place, and their values.
     */
    private static final byte[] MASK_ID = unhex($IDMASK$), MASK_ID_BITS = unhex($IDBITS$),
            MASK_PUB = unhex($PUBMASK$), MASK_PUB_BITS = unhex($PUBBITS$);

    /**
     * The runs of an ID's free bits and of its public form's, most
     * significant first: shift and width pairs.
     */
    private static final int[] MASK_FREE = {$FREE$}, MASK_PUBLIC = {$PUB$};

    /**
     * The number of bits the mask permutes, the public form's free bits,
     * and how many more they are than an ID's.
     */
    private static final int MASK_N = $N$, MASK_PAD = $PAD$;
`, "IDMASK", hexBytes(s.IDMask), "IDBITS", hexBytes(s.IDBits), "PUBMASK", hexBytes(s.PubMask), "PUBBITS", hexBytes(s.PubBits),
		"FREE", strings.Join(free, ", "), "PUB", strings.Join(pub, ", "), "N", fmt.Sprint(n), "PAD", fmt.Sprint(n-freeBits))
}

// maskShared is the mask's round function, its keys' cache and its Feistel
// network, which do not depend on one layout: shared writes them.
const maskShared = `
    /**
     * The mask's round function under one layout, key and tweak (the
     * caller's, copied): HMAC-SHA-256 under their subkey, held as the
     * SHA-256 states after the subkey's inner and outer pads, which a round
     * clones rather than hash the pads again (as a Mac would: four blocks a
     * round, not two). They are never updated, only cloned, so threads
     * share them.
     */
    $P$record Masker(String layout, byte[] key, byte[] tweak, MessageDigest inner, MessageDigest outer) {
        /** Returns HMAC-SHA-256 under the subkey of head followed by body. */
        byte[] hmac(byte[] head, byte[] body) {
            try {
                MessageDigest in = (MessageDigest) inner.clone();
                in.update(head);
                in.update(body);
                MessageDigest out = (MessageDigest) outer.clone();
                out.update(in.digest());
                return out.digest();
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException("the JDK's SHA-256 cannot be cloned", e);
            }
        }
    }

    /**
     * The Maskers of the last few layouts, keys and tweaks used, the latest
     * first, so that no more keys than these are kept. Guarded by itself.
     */
    private static final Masker[] MASKERS = new Masker[$MASKERS$];

    /**
     * Returns the round function of layout's mask under key and tweak: the
     * subkey is HMAC-SHA-256(key, "idforge/mask/v1" 0 layout 0 tweak), and
     * MASKERS may hold it already. A key under 16 bytes, or all zero, is
     * ErrKey; the key is never in an error.
     */
    $P$static Masker masker(String layout, byte[] key, byte[] tweak) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(tweak, "tweak");
        boolean zero = true;
        for (byte x : key) {
            zero &= x == 0;
        }
        if (key.length < 16 || zero) {
            String what = key.length < 16 ? "not " + key.length + " bytes" : "not all zero bytes";
            throw new IDException(IDException.Code.ERR_KEY, layout
                    + ": a mask key must be at least 16 bytes (128 bits) and not all zero, such as idforge key makes, " + what);
        }
        synchronized (MASKERS) {
            for (int i = 0; i < MASKERS.length && MASKERS[i] != null; i++) {
                Masker m = MASKERS[i];
                if (m.layout.equals(layout) && MessageDigest.isEqual(m.key, key) && Arrays.equals(m.tweak, tweak)) {
                    System.arraycopy(MASKERS, 0, MASKERS, 1, i);
                    MASKERS[0] = m;
                    return m;
                }
            }
        }
        Masker m;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update("idforge/mask/v1\0".getBytes(StandardCharsets.UTF_8));
            mac.update(layout.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            mac.update(tweak);
            byte[] subkey = mac.doFinal(); // 32 bytes: HMAC pads it to SHA-256's block of 64 with zeros
            byte[] ipad = new byte[64], opad = new byte[64];
            for (int i = 0; i < 64; i++) {
                byte k = i < subkey.length ? subkey[i] : 0;
                ipad[i] = (byte) (k ^ 0x36);
                opad[i] = (byte) (k ^ 0x5c);
            }
            MessageDigest inner = MessageDigest.getInstance("SHA-256"), outer = MessageDigest.getInstance("SHA-256");
            inner.update(ipad);
            outer.update(opad);
            m = new Masker(layout, key.clone(), tweak.clone(), inner, outer);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no HmacSHA256 or SHA-256, which every JDK must have", e);
        }
        synchronized (MASKERS) {
            System.arraycopy(MASKERS, 0, MASKERS, 1, MASKERS.length - 1);
            MASKERS[0] = m;
        }
        return m;
    }

    /** Returns the bits of b's runs (shift and width pairs), one after another. */
    $P$static BigInteger gather(byte[] b, int[] runs) {
        BigInteger x = BigInteger.ZERO;
        for (int i = 0; i < runs.length; i += 2) {
            x = x.shiftLeft(runs[i + 1]).or(getBig(b, runs[i], runs[i + 1]));
        }
        return x;
    }

    /** ORs y, width bits, into the runs of out, most significant first. */
    $P$static void scatter(BigInteger y, int width, int[] runs, byte[] out) {
        for (int i = 0; i < runs.length; i += 2) {
            width -= runs[i + 1];
            placeBig(out, runs[i], runs[i + 1], y.shiftRight(width));
        }
    }

    /**
     * The ten Feistel rounds of FFX on x, n bits, forward (mask) or back
     * (unmask), as idforge's Go package idrt defines them: the left half
     * takes the first n / 2 bits, and round i XORs into one half the first
     * bits of HMAC-SHA-256([n]2 [i]1 other half).
     */
    $P$static BigInteger feistel(Masker m, int n, BigInteger x, boolean forward) {
        int wa = n / 2, wb = n - wa; // the widths of the halves a and c
        BigInteger a = x.shiftRight(wb), c = x.and(BigInteger.ONE.shiftLeft(wb).subtract(BigInteger.ONE));
        for (int r = 0; r < 10; r++) {
            int i = forward ? r : 9 - r;
            if (!forward) {
                int t = wa;
                wa = wb;
                wb = t;
            }
            BigInteger f = round(m, n, i, forward ? c : a, wb, wa);
            if (forward) {
                BigInteger t = a.xor(f);
                a = c;
                c = t;
                int tw = wa;
                wa = wb;
                wb = tw;
            } else {
                BigInteger t = c.xor(f);
                c = a;
                a = t;
            }
        }
        return a.shiftLeft(n - n / 2).or(c);
    }

    /**
     * Returns round i's function of half, of width bits, in the Feistel
     * network of n bits: out bits of the HMAC.
     */
    $P$static BigInteger round(Masker m, int n, int i, BigInteger half, int width, int out) {
        byte[] head = {(byte) (n >>> 8), (byte) n, (byte) i};
        byte[] d = Arrays.copyOf(m.hmac(head, toBytes(half, (width + 7) / 8)), (out + 7) / 8);
        return new BigInteger(1, d).and(BigInteger.ONE.shiftLeft(out).subtract(BigInteger.ONE));
    }
`
