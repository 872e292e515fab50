package java

import (
	"fmt"
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// storedProfiles are the storage profiles a layout fits, each with its
// arrangement (package storage's, which the class pastes as data), and the
// names of those it does not fit.
type storedProfiles struct {
	fit   []storage.Arrangement
	unfit []string
}

// arrangements returns the storage profiles of layout l.
func arrangements(l *resolved.Layout) storedProfiles {
	fit, unfit := storage.Fitting(l)
	return storedProfiles{fit, unfit}
}

// stored writes toStored and fromStored, and their data: for every
// storage profile the layout fits, the permutation of its bytes and the
// bits flipped after it (storage.Arrangement's Perm and Xor).
func (w *writer) stored() {
	fit, unfit := w.profiles.fit, w.profiles.unfit
	if len(fit) == 0 {
		return
	}
	var names, perms, xors, list []string
	sixteen := false
	for _, a := range fit {
		names = append(names, javaString(a.Profile))
		ps := make([]string, len(a.Perm))
		for i, p := range a.Perm {
			ps[i] = fmt.Sprint(p)
		}
		perms = append(perms, fmt.Sprintf("        {%s}, // %s", strings.Join(ps, ", "), a.Profile))
		xors = append(xors, fmt.Sprintf("        unhex(%s), // %s", hexBytes(a.Xor), a.Profile))
		sorts := "sorting in time order"
		if !a.Sorts {
			sorts = "<em>not</em> sorting in time order: " + html(strings.TrimSuffix(a.Why, "."))
		}
		item := fmt.Sprintf("<li>{@code %s}, %s: %d bytes, %s.", a.Profile, html(a.Title), a.Size, sorts)
		list = append(list, strings.ReplaceAll(portable.Fill(item, 68), "\n", "\n     *     "))
		sixteen = sixteen || a.Size == 16
	}
	unknown := `"no storage profile \"" + profile + "\""`
	if len(unfit) > 0 {
		unknown = fmt.Sprintf(`(STORAGE_UNFIT.contains(profile) ? "an ID of %d bytes does not fit storage profile " + profile : %s)`, w.p.Size, unknown)
	}
	w.t(`
    /**
     * The storage profiles an ID of this layout can be stored under, in
     * idforge's order (docs/databases.md): the names {@link
     * #toStored(String)} and {@link #fromStored(byte[], String)} take.
     */
    public static final List<String> STORAGE_PROFILES = List.of($NAMES$);
`, "NAMES", strings.Join(names, ", "))
	if len(unfit) > 0 {
		var quoted []string
		for _, n := range unfit {
			quoted = append(quoted, javaString(n))
		}
		w.t(`
    /** The storage profiles whose stored value is shorter than an ID. */
    private static final List<String> STORAGE_UNFIT = List.of($NAMES$);
`, "NAMES", strings.Join(quoted, ", "))
	}
	w.t(`
    /**
     * For each of STORAGE_PROFILES, the ID's byte each stored byte holds,
     * or -1 for zero padding.
     */
    private static final int[][] STORED_FROM = {
$PERMS$
    };

    /** For each of STORAGE_PROFILES, the bits flipped in the stored bytes. */
    private static final byte[][] STORED_XOR = {
$XORS$
    };

    /**
     * Returns the value to store for the ID under a storage profile: its
     * bytes arranged so that the store's own comparison puts IDs in the
     * layout's time order wherever the layout has one that can sort
     * there. A 16-byte stored value is in a UUID's text order, the bytes
     * of the text the store's own UUID input reads. The profiles:
     *
     * <ul>
$LIST$
     * </ul>
     *
     * @param profile a storage profile, one of {@link #STORAGE_PROFILES}
     * @return the stored value: a new array
     * @throws IllegalArgumentException for a profile that is none of
     *     {@link #STORAGE_PROFILES}
     */
    public byte[] toStored(String profile) {
        int p = storageProfile(profile);
        int[] from = STORED_FROM[p];
        byte[] xor = STORED_XOR[p];
        byte[] id = $BYTES$;
        byte[] s = new byte[from.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = (byte) ((from[i] < 0 ? 0 : id[from[i]]) ^ xor[i]);
        }
        return s;
    }

    /**
     * Returns the ID that a value stored under a storage profile holds: the
     * inverse of {@link #toStored(String)}.
     *
     * @param stored the stored value
     * @param profile a storage profile, one of {@link #STORAGE_PROFILES}
     * @return the ID
     * @throws IDException ErrStored for a value of the wrong length, or
     *     whose padding is not zero: no value toStored gives
     * @throws IllegalArgumentException for a profile that is none of
     *     {@link #STORAGE_PROFILES}
     */
    public static $T$ fromStored(byte[] stored, String profile) {
        Objects.requireNonNull(stored, "stored");
        int p = storageProfile(profile);
        int[] from = STORED_FROM[p];
        byte[] xor = STORED_XOR[p];
        if (stored.length != from.length) {
            throw new IDException(IDException.Code.ERR_STORED, LAYOUT + ": not a value stored under " + profile + ": length " + stored.length + ", want " + from.length + " bytes");
        }
        byte[] id = new byte[SIZE];
        for (int i = 0; i < from.length; i++) {
            byte v = (byte) (stored[i] ^ xor[i]);
            if (from[i] >= 0) {
                id[from[i]] = v;
            } else if (v != 0) {
                throw new IDException(IDException.Code.ERR_STORED, LAYOUT + ": not a value stored under " + profile + ": byte " + i + ", padding, is " + String.format("0x%02x", stored[i] & 0xff) + ", not zero");
            }
        }
        return of(id);
    }
`, "PERMS", strings.Join(perms, "\n"), "XORS", strings.Join(xors, "\n"), "LIST", "     * "+strings.Join(list, "\n     * "), "BYTES", w.bytesOfID(""))
	if sixteen {
		w.t(`
    /**
     * Returns the value to store for the ID under a storage profile of 16
     * bytes, as a UUID: {@link #toStored(String)}'s bytes, which are in a
     * UUID's text order, for a store or a driver that takes a UUID.
     *
     * @param profile a storage profile of 16 bytes, one of {@link #STORAGE_PROFILES}
     * @return the stored value as a UUID
     * @throws IllegalArgumentException for a profile that is none of
     *     {@link #STORAGE_PROFILES}, or whose stored value is not 16 bytes
     */
    public UUID toStoredUUID(String profile) {
        byte[] s = toStored(profile);
        if (s.length != 16) {
            throw new IllegalArgumentException(LAYOUT + ": storage profile " + profile + " stores " + s.length + " bytes, not a UUID's 16");
        }
        long msb = 0, lsb = 0;
        for (int i = 0; i < 8; i++) {
            msb = msb << 8 | (s[i] & 0xff);
            lsb = lsb << 8 | (s[i + 8] & 0xff);
        }
        return new UUID(msb, lsb);
    }

    /**
     * Returns the ID that a UUID stored under a storage profile holds: the
     * inverse of {@link #toStoredUUID(String)}.
     *
     * @param stored the stored value, as a UUID
     * @param profile a storage profile, one of {@link #STORAGE_PROFILES}
     * @return the ID
     * @throws IDException ErrStored for a UUID whose padding is not zero,
     *     or under a profile whose stored value is not 16 bytes
     * @throws IllegalArgumentException for a profile that is none of
     *     {@link #STORAGE_PROFILES}
     */
    public static $T$ fromStored(UUID stored, String profile) {
        Objects.requireNonNull(stored, "stored");
        byte[] s = new byte[16];
        long msb = stored.getMostSignificantBits(), lsb = stored.getLeastSignificantBits();
        for (int i = 7; i >= 0; i--) {
            s[i] = (byte) msb;
            s[i + 8] = (byte) lsb;
            msb >>>= 8;
            lsb >>>= 8;
        }
        return fromStored(s, profile);
    }
`)
	}
	w.t(`
    /** Returns the index of a storage profile in STORAGE_PROFILES. */
    private static int storageProfile(String profile) {
        Objects.requireNonNull(profile, "profile");
        int p = STORAGE_PROFILES.indexOf(profile);
        if (p < 0) {
            throw new IllegalArgumentException(LAYOUT + ": " + $UNKNOWN$ + "; want " + String.join(", ", STORAGE_PROFILES));
        }
        return p;
    }
`, "UNKNOWN", unknown)
}
