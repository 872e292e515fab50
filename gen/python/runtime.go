package python

import (
	"fmt"

	"regexp"
	"slices"
	"strings"

	"github.com/idforge/idforge/encodings"
	"github.com/idforge/idforge/gen/internal/portable"
)

// The runtime: the code that is the same for every layout, which a
// self-contained module holds and the package idforge's modules import from
// its module _runtime (Runtime writes it).
//
// The runtime is written once, in pieces, with the names a module uses:
// private ones (_encode, _Form), as a self-contained module defines them.
// _runtime.py defines them without the underscore, so that a module's
// import of them (from ._runtime import encode as _encode) is no use of
// another module's private names; state that only the runtime touches
// (_pool, _maskers) keeps its underscore there too.

// piece is one part of the runtime.
type piece struct {
	// names are what the piece defines for modules to use, as a module
	// names them.
	names []string
	// std are the standard library's modules the piece imports, as
	// imports has them ("uuid as _uuid"); typing the names it takes from
	// typing.
	std, typing []string
	// datetime says whether the piece needs datetime, timedelta and
	// timezone.
	datetime bool
	code     string
}

const idErrorDoc = `The error of every bad input, a ValueError. Its code says what was wrong:
ErrLength (text or bytes of a length the form never has), ErrSyntax (a
character the form does not allow; position says where), ErrOverflow (text
above the largest ID), ErrRange (a field or node that does not fit), ErrTime
(a time outside the layout's range, or a clock that reads no time), ErrType
(a value of a type that holds no ID), ErrClockBackwards and ErrClockStalled
(a generator that cannot go on), ErrRandom (a generator's source of random
bytes that gave no bytes of the length asked), ErrNoGenerator (new_id before set_node, for
a layout whose generator needs its node, in a forked child too), ErrKey (a
mask key under 16 bytes, all zero, or not bytes), ErrInvalid (an ID given to
mask whose constant bits are not the layout's), ErrNotMasked (text given
to unmask whose constant bits no public form has) and ErrStored (a value
given to from_stored that is not stored under its profile){{COMPAT}}. The codes are
the same in every language idforge writes.`

// compatCodes is what IDError's doc says of the package's conversions and
// lease client, which a self-contained module does not have.
const compatCodes = `; from the conversions of idforge.compat, ErrNoTime, ErrNotUUID,
ErrNotV7 and ErrNotEmbedded; and, from the lease client idforge.lease and
a Generator made from a lease, ErrLeaseLost (the lease lost, or taken by
a process before it forked), ErrFull (every node held), ErrClockBehind (a
clock behind the node's last holder), ErrOption (a bad argument) and
ErrOrdinal (a StatefulSet ordinal that does not parse or fit the space)`

var pieces = []piece{{
	typing: []string{"Optional"},
	code: `

class IDError(ValueError):
    """%[1]s

    Its args are (code, message, position), so that it pickles and copies
    whole: it crosses process boundaries (multiprocessing,
    concurrent.futures) as it is.
    """

    def __init__(self, code: str, message: str, position: Optional[int] = None) -> None:
        super().__init__(code, message, position)
        self.code = code
        self.message = message
        self.position = position

    def __str__(self) -> str:
        return self.message
`,
}, {
	names:  []string{"_Form", "_encode", "_digit_pairs", "_decode", "_byte_length", "_syntax_error", "_check_text", "_CHECK"},
	typing: []string{"Dict", "List", "Optional", "Tuple"},
	code: `

class _Form:
    """A fixed-width text form of one layout: the ID as one number in the
    alphabet's base, zero-padded to width digits, so that text sorts as the
    bytes do where the digits ascend. Every form is data: its digits, its
    width, whether its decoder folds case, the zero bits below the ID in
    the digits (pad, for a form that writes the bits from the top), whether
    a check symbol follows (the ID modulo 37, in _CHECK) and its aliases:
    pairs of a character the decoder reads though the encoder never writes
    it and the digit it reads as (Crockford's "I1L1O0": I and L as 1, O as
    0).
    """

    __slots__ = ("layout", "bits", "max", "title", "digits", "width", "base", "table", "pad", "check", "pairs", "shifts", "top")

    def __init__(self, layout: str, bits: int, title: str, digits: str, width: int, fold_case: bool, pad: int = 0, check: bool = False, aliases: str = "") -> None:
        self.layout, self.bits, self.max = layout, bits, (1 << bits) - 1
        self.title, self.digits, self.width, self.base = title, digits, width, len(digits)
        self.pad, self.check = pad, check
        self.table: Dict[str, int] = {}
        read = [(c, i) for i, c in enumerate(digits)]
        read += [(aliases[j], digits.index(aliases[j + 1])) for j in range(0, len(aliases), 2)]
        for c, i in read:
            self.table[c] = i
            if fold_case:
                self.table[c.lower()] = i
                self.table[c.upper()] = i
        # A base that is a power of two has digits of k bits, which the
        # writer takes two at a time from a table of every pair of digits
        # (shared by the forms of one alphabet): the shifts of the pairs,
        # most significant first, and the shift of a single top digit if
        # the width is odd (else -1).
        self.pairs: Optional[List[str]] = None
        self.shifts: Tuple[int, ...] = ()
        k = self.base.bit_length() - 1
        self.top = k * (width - 1) if width & 1 else -1
        if self.base == 1 << k:
            self.pairs = _PAIRS.get(digits)
            if self.pairs is None:
                self.pairs = _PAIRS[digits] = [a + b for a in digits for b in digits]
            self.shifts = tuple(range(2 * k * (width // 2 - 1), -1, -2 * k))


# The tables of pairs of digits, by alphabet.
_PAIRS: Dict[str, List[str]] = {}


def _digit_pairs(f: _Form) -> List[str]:
    """Returns the table of every pair of form f's digits, the pair of
    digits of each 2k-bit number, for a form whose base is a power of two
    (2 to the k): the table a module's own writer of the form reads."""
    if f.pairs is None:
        raise ValueError(f"{f.title}: a base of {f.base} is no power of two")
    return f.pairs


_CHECK = %[2]s  # Crockford's check symbols


def _encode(n: int, f: _Form) -> str:
    """Writes n in form f: f.width digits, most significant first, and its
    check symbol if the form has one."""
    v = n << f.pad
    if f.pairs is not None:
        pairs, ones = f.pairs, len(f.pairs) - 1
        s = "".join([pairs[v >> k & ones] for k in f.shifts])
        if f.top >= 0:
            s = f.digits[v >> f.top & f.base - 1] + s
    else:
        out: List[str] = []
        digits, base = f.digits, f.base
        for _ in range(f.width):
            v, d = divmod(v, base)
            out.append(digits[d])
        s = "".join(reversed(out))
    return s + _CHECK[n % 37] if f.check else s


def _byte_length(s: str) -> int:
    """Returns s's length in bytes of UTF-8, the length the error messages give."""
    return len(s) if s.isascii() else len(s.encode("utf-8", "surrogatepass"))


def _syntax_error(layout: str, title: str, s: str, i: int) -> IDError:
    """Returns the IDError for s's character at index i, its position counted
    in bytes of UTF-8."""
    pos = _byte_length(s[:i])
    c = s[i]
    shown = repr(c) if " " < c < "\x7f" else "U+%%04X" %% ord(c)
    return IDError("ErrSyntax", f"{layout}: invalid character {shown} at position {pos} of {title} text of length {_byte_length(s)}", pos)


def _check_text(layout: str, s: object, title: str, width: int) -> None:
    """Checks that s is a string of the form's width."""
    if not isinstance(s, str):
        raise IDError("ErrType", f"{layout}: {title} text must be a str, not {type(s).__name__}")
    n = _byte_length(s)
    if n != width:
        raise IDError("ErrLength", f"{layout}: {title} text of length {n}, want {width}")


def _decode(s: str, f: _Form) -> int:
    """Reads text in form f: exactly f.width digits, and a check symbol if
    the form has one. Text above the layout's largest ID is ErrOverflow; a
    last digit with padding bits set, or a check symbol that does not
    match, is ErrSyntax."""
    _check_text(f.layout, s, f.title, f.width + f.check)
    n = 0
    table, base = f.table, f.base
    for i, c in enumerate(s[: f.width]):
        d = table.get(c)
        if d is None:
            raise _syntax_error(f.layout, f.title, s, i)
        n = n * base + d
    if n >> f.pad > f.max:
        raise IDError("ErrOverflow", f"{f.layout}: {f.title} text of length {len(s)} and a value above {f.bits} bits")
    if n & ((1 << f.pad) - 1):
        raise _syntax_error(f.layout, f.title, s, f.width - 1)
    n >>= f.pad
    if f.check and _CHECK.find(s[f.width].upper()) != n %% 37:
        raise _syntax_error(f.layout, f.title, s, f.width)
    return n
`,
}, {
	names: []string{"_parse_uint63"},
	code: `

def _parse_uint63(layout: str, s: object) -> int:
    """Reads the decimal text of a 64-bit layout whose top bit is a constant
    zero: 1 to 19 digits (0-9) with no sign and no leading zeros (only zero
    itself starts with a zero), whose value is at most 2^63-1. A "-" is no
    sign here but a character that is not a digit. It checks the length (in
    bytes of UTF-8), a leading zero, every character, then the value, in
    that order, and returns the ID's bits."""
    if not isinstance(s, str):
        raise IDError("ErrType", f"{layout}: decimal text must be a str, not {type(s).__name__}")
    n = _byte_length(s)
    if not 1 <= n <= 19:
        raise IDError("ErrLength", f"{layout}: decimal text of length {n}, want 1 to 19")
    if s[0] == "0" and n > 1:
        raise _syntax_error(layout, "decimal", s, 0)
    if not (s.isascii() and s.isdigit()):  # isdigit alone takes every script's digits
        for i, c in enumerate(s):
            if not "0" <= c <= "9":
                raise _syntax_error(layout, "decimal", s, i)
    v = int(s)
    if v >= 1 << 63:
        raise IDError("ErrOverflow", f"{layout}: decimal text of length {n} and a value above 2^63-1")
    return v
`,
}, {
	names: []string{"_parse_uint64"},
	code: `

def _parse_uint64(layout: str, s: object) -> int:
    """Reads the decimal text of a 64-bit layout whose top bit is not a
    constant zero: 1 to 20 digits (0-9) with no sign and no leading zeros
    (only zero itself starts with a zero), the unsigned number the ID's
    bits hold, at most 2^64-1, as Discord writes its IDs. A "-" is no sign
    but a character that is not a digit. It checks the length (in bytes of
    UTF-8), a leading zero, every character, then the value, in that
    order, and returns the ID's bits."""
    if not isinstance(s, str):
        raise IDError("ErrType", f"{layout}: decimal text must be a str, not {type(s).__name__}")
    n = _byte_length(s)
    if not 1 <= n <= 20:
        raise IDError("ErrLength", f"{layout}: decimal text of length {n}, want 1 to 20")
    if s[0] == "0" and n > 1:
        raise _syntax_error(layout, "decimal", s, 0)
    if not (s.isascii() and s.isdigit()):  # isdigit alone takes every script's digits
        for i, c in enumerate(s):
            if not "0" <= c <= "9":
                raise _syntax_error(layout, "decimal", s, i)
    v = int(s)
    if v >= 1 << 64:
        raise IDError("ErrOverflow", f"{layout}: decimal text of length {n} and a value above 2^64-1")
    return v
`,
}, {
	names: []string{"_parse_uuid"},
	std:   []string{"re", "uuid as _uuid"},
	code: `

# The canonical form, in either case: the common one, read by one match and
# int() before the character-by-character reader that finds what is wrong.
_CANONICAL = re.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _decode_uuid(s: str, at: int, f: _Form) -> int:
    """Reads the canonical 36-character form, in either case, from s at
    offset at, with the digits of f, the layout's hex form."""
    n = 0
    table = f.table
    for i in range(36):
        c = s[at + i]
        if i in (8, 13, 18, 23):
            if c != "-":
                raise _syntax_error(f.layout, "UUID", s, at + i)
            continue
        d = table.get(c)
        if d is None:
            raise _syntax_error(f.layout, "UUID", s, at + i)
        n = n << 4 | d
    return n


def _parse_uuid(s: object, f: _Form) -> int:
    """Reads a UUID in any of the forms RFC 9562 and common use give it, with
    hex digits in either case: canonical (36 characters), 32 hex digits, in
    braces, or as a URN (urn:uuid:, the prefix in either case), or a
    uuid.UUID. Nothing else. f is the layout's hex form.
    """
    if type(s) is str and _CANONICAL.fullmatch(s):
        return int(s.replace("-", ""), 16)
    if isinstance(s, _uuid.UUID):
        return s.int
    if not isinstance(s, str):
        raise IDError("ErrType", f"{f.layout}: UUID text must be a str or a uuid.UUID, not {type(s).__name__}")
    n = _byte_length(s)
    if n == len(s):
        if n == 36:
            return _decode_uuid(s, 0, f)
        if n == 32:
            return _decode(s, f)
        if n == 38:
            if s[0] != "{":
                raise _syntax_error(f.layout, "UUID", s, 0)
            if s[37] != "}":
                raise _syntax_error(f.layout, "UUID", s, 37)
            return _decode_uuid(s, 1, f)
        if n == 45:
            for i in range(9):
                if s[i].lower() != "urn:uuid:"[i]:
                    raise _syntax_error(f.layout, "UUID", s, i)
            return _decode_uuid(s, 9, f)
    raise IDError("ErrLength", f"{f.layout}: UUID text of length {n}, want 36, 32, 38 or 45")
`,
}, {
	// A piece of its own: a layout whose fields are all bytes packs none
	// of them with it, and a strict checker refuses an unused function.
	names: []string{"_integer"},
	code: `

def _integer(layout: str, name: str, x: object, width: int) -> int:
    """Returns a field's int value, checked to fit width bits."""
    if not isinstance(x, int) or isinstance(x, bool):
        raise IDError("ErrRange", f"{layout}: {name} must be an int, not {type(x).__name__}")
    if x < 0 or x >> width:
        raise IDError("ErrRange", f"{layout}: {name} {x} does not fit in {width} bits")
    return x
`,
}, {
	names: []string{"_from_bytes"},
	code: `

def _from_bytes(layout: str, b: object, size: int) -> int:
    """Returns the bits of the ID whose bytes are b, checked to be size bytes."""
    if isinstance(b, memoryview):
        b = b.tobytes()
    if not isinstance(b, (bytes, bytearray)):
        raise IDError("ErrType", f"{layout}: bytes must be bytes, a bytearray or a memoryview, not {type(b).__name__}")
    if len(b) != size:
        raise IDError("ErrLength", f"{layout}: binary form of length {len(b)}, want {size} bytes")
    return int.from_bytes(b, "big")
`,
}, {
	names: []string{"_bytes_field"},
	code: `

def _bytes_field(layout: str, name: str, x: object, size: int) -> int:
    """Returns a bytes field's value as an int, checked to be size bytes."""
    if isinstance(x, memoryview):
        x = x.tobytes()
    if not isinstance(x, (bytes, bytearray)) or len(x) != size:
        raise IDError("ErrRange", f"{layout}: {name} must be {size} bytes")
    return int.from_bytes(x, "big")
`,
}, {
	names:    []string{"_UNIX", "_since_unix"},
	datetime: true,
	code: `

_UNIX = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _since_unix(layout: str, t: object) -> int:
    """Returns a time (an aware datetime, or an int of nanoseconds since the
    Unix epoch) as nanoseconds since the Unix epoch."""
    if isinstance(t, datetime):
        if t.tzinfo is None or t.utcoffset() is None:
            raise IDError("ErrTime", f"{layout}: a naive datetime has no zone; give an aware one")
        return (t - _UNIX) // timedelta(microseconds=1) * 1000
    if isinstance(t, int) and not isinstance(t, bool):
        return t
    raise IDError("ErrType", f"{layout}: a time is an aware datetime or an int of nanoseconds since the Unix epoch")
`,
}, {
	names: []string{"_random"},
	std:   []string{"os", "threading"},
	code: `

# Random bytes from os.urandom, drawn 1024 at a time, and the lock that
# guards them. A forked child drops what it inherited (_drop_pool).
_pool = b""
_pool_at = 0
_pool_lock = threading.Lock()


def _random(size: int) -> int:
    """Returns size fresh random bytes as one big-endian int."""
    global _pool, _pool_at
    with _pool_lock:
        if _pool_at + size > len(_pool):
            _pool, _pool_at = os.urandom(1024), 0
        b = _pool[_pool_at : _pool_at + size]
        _pool_at += size
    return int.from_bytes(b, "big")


def _drop_pool() -> None:
    """Runs in a forked child: drops the random bytes inherited from the
    parent, which the parent goes on using."""
    global _pool, _pool_at, _pool_lock
    _pool, _pool_at, _pool_lock = b"", 0, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_pool)
`,
}, {
	names:  []string{"_SharedCount"},
	std:    []string{"mmap", "os", "tempfile", "threading"},
	typing: []string{"Optional", "Tuple"},
	code: `

class _SharedCount:
    """The last tick and counter that a layout's generators on the system
    clock share, in one process and, once it forks, in every process it
    forks: for a layout whose IDs hold neither a node nor enough random bits
    to keep two generators' IDs apart (Mastodon's), so that no two of them,
    forked workers included, count from the same tick, as a database
    sequence would keep them apart.

    A thread lock guards the count. Until the process forks it is two ints;
    from just before, it is two numbers of size bytes each (an ID's size
    holds either) in a file that the process and those it forks map, an
    anonymous one (memfd_create), else a temporary file, unlinked, and an
    fcntl lock guards it between the processes too, which the kernel drops
    if a process dies holding it."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._last = -1  # before the process forks: the last tick, or -1 before the first
        self._counter = 0
        self._fd = -1  # from the first fork on: the file, and its map
        self._map: Optional[mmap.mmap] = None
        self._lock = threading.Lock()

    def take(self) -> Tuple[int, int]:
        """Locks the count and returns it: the last tick a generator used (-1
        before the first), and its counter. put stores the next and unlocks
        it."""
        self._lock.acquire()
        if self._map is None:
            return self._last, self._counter
        import fcntl

        try:
            fcntl.lockf(self._fd, fcntl.LOCK_EX)
        except BaseException:
            self._lock.release()
            raise
        m, k = self._map, self._size
        return int.from_bytes(m[:k], "big") - 1, int.from_bytes(m[k:], "big")

    def put(self, last: int, counter: int) -> None:
        """Stores the count, the last tick and its counter, and unlocks it, as
        take locked it."""
        if self._map is None:
            self._last, self._counter = last, counter
            self._lock.release()
            return
        import fcntl

        try:
            self._write(self._map, last, counter)
        finally:
            try:
                fcntl.lockf(self._fd, fcntl.LOCK_UN)
            finally:
                self._lock.release()

    def before_fork(self) -> None:
        """In a process about to fork: waits for a thread that is counting,
        holds the count through the fork (after_fork_in_parent lets it go)
        and, the first time, moves it into the file the child will share."""
        self._lock.acquire()
        if self._map is None:
            try:
                fd = _shared_file()
                os.ftruncate(fd, 2 * self._size)
                self._map = mmap.mmap(fd, 2 * self._size)
            except BaseException:
                self._lock.release()
                raise
            self._fd = fd
            self._write(self._map, self._last, self._counter)

    def _write(self, m: mmap.mmap, last: int, counter: int) -> None:
        """Writes the count into m, the file's map: the last tick plus one (so
        that -1 is 0), then the counter, each big-endian in size bytes."""
        m[:] = (last + 1).to_bytes(self._size, "big") + counter.to_bytes(self._size, "big")

    def after_fork_in_parent(self) -> None:
        """In the parent, once it has forked: lets the count go."""
        self._lock.release()

    def after_fork_in_child(self) -> None:
        """In a forked child: a thread lock of its own, the parent's being
        held through the fork."""
        self._lock = threading.Lock()


def _shared_file() -> int:
    """Returns the descriptor of a new file of no name, open for reading and
    writing, that a forked child shares: an anonymous memory file where the
    system has them (Linux), else a temporary file, unlinked. It stays open
    for the life of the process."""
    if hasattr(os, "memfd_create"):
        return os.memfd_create("idforge", getattr(os, "MFD_CLOEXEC", 0))
    fd, name = tempfile.mkstemp(prefix="idforge-")
    os.unlink(name)
    return fd
`,
}, {
	names: []string{"_read_random"},
	code: `

def _read_random(layout: str, source: Callable[[int], object], n: int) -> bytes:
    """Returns n random bytes from source, a generator's own source of them,
    checked: anything but bytes (or a bytearray) of length n is ErrRandom."""
    b = source(n)
    if not isinstance(b, (bytes, bytearray)) or len(b) != n:
        what = f"{len(b)} bytes" if isinstance(b, (bytes, bytearray)) else type(b).__name__
        raise IDError("ErrRandom", f"{layout}: the source of random bytes gave {what}, not {n} bytes")
    return bytes(b)
`,
	typing: []string{"Callable"},
}, {
	names:  []string{"_MaskShape", "_masker"},
	std:    []string{"hashlib as _hashlib", "hmac as _hmac", "os", "threading"},
	typing: []string{"Dict", "List", "Optional", "Tuple"},
	code: `

def _runs(mask: int, bits: int) -> List[Tuple[int, int, int]]:
    """The runs of the zero bits of mask (bits wide), most significant first,
    as (shift, width, all ones of width): a run's bits are
    (n >> shift) & ones."""
    out: List[Tuple[int, int, int]] = []
    p = bits - 1
    while p >= 0:
        if mask >> p & 1:
            p -= 1
            continue
        q = p
        while q >= 0 and not mask >> q & 1:
            q -= 1
        out.append((q + 1, p - q, (1 << (p - q)) - 1))
        p = q
    return out


class _MaskShape:
    """What a layout's mask needs of it: its name, the constant bits of an
    ID (id_mask, and their values id_bits) and of its public form (pub_mask,
    pub_bits), and the runs of the free bits of each."""

    __slots__ = ("layout", "id_mask", "id_bits", "pub_mask", "pub_bits", "free", "pub", "n", "pad")

    def __init__(self, layout: str, bits: int, id_mask: int, id_bits: int, pub_mask: int, pub_bits: int) -> None:
        self.layout = layout
        self.id_mask, self.id_bits, self.pub_mask, self.pub_bits = id_mask, id_bits, pub_mask, pub_bits
        self.free = _runs(id_mask, bits)
        self.pub = _runs(pub_mask, bits)
        self.n = sum(w for _, w, _ in self.pub)
        self.pad = self.n - sum(w for _, w, _ in self.free)


class _Mask:
    """The mask of a layout under one key and tweak: FFX over the public
    form's free bits, the same in every language idforge writes. Ten
    Feistel rounds: the left half takes the first n // 2 bits, and each
    round xors into one half the first bits of
    HMAC-SHA-256([n]2 [i]1 other half) under the subkey
    HMAC-SHA-256(key, b"idforge/mask/v1" 0 layout 0 tweak)."""

    __slots__ = ("_s", "_u", "_v", "_inner", "_outer", "_pre", "_widths")

    def __init__(self, s: _MaskShape, key: bytes, tweak: bytes) -> None:
        self._s = s
        self._u = s.n // 2
        self._v = s.n - self._u
        sub = _hmac.new(key, b"idforge/mask/v1\x00" + s.layout.encode() + b"\x00" + tweak, _hashlib.sha256).digest()
        block = sub.ljust(64, b"\x00")
        self._inner = _hashlib.sha256(bytes(b ^ 0x36 for b in block))
        self._outer = _hashlib.sha256(bytes(b ^ 0x5C for b in block))
        # Each round's input starts [n]2 [i]1; the halves' widths in bytes
        # and their masks, the left half's first.
        self._pre = [s.n.to_bytes(2, "big") + bytes((i,)) for i in range(10)]
        self._widths = ((self._u + 7) >> 3, (1 << self._u) - 1, (self._v + 7) >> 3, (1 << self._v) - 1)

    def _feistel(self, x: int, forward: bool) -> int:
        """The ten rounds on x, forward (mask) or back (unmask). Round i xors
        into one half F(i, other half): the first bits of
        HMAC-SHA-256([n]2 [i]1 other half), from the prepared pads' states,
        written out here rather than called, as the rounds are most of a
        mask's time."""
        inner, outer, pre = self._inner.copy, self._outer.copy, self._pre
        v = self._v
        a, b = x >> v, x & ((1 << v) - 1)
        la, ma, lb, mb = self._widths
        if forward:
            for p in pre:
                h = inner()
                h.update(p + b.to_bytes(lb, "big"))
                o = outer()
                o.update(h.digest())
                a, b = b, a ^ (int.from_bytes(o.digest()[:la], "big") & ma)
                la, ma, lb, mb = lb, mb, la, ma
        else:
            for p in reversed(pre):
                la, ma, lb, mb = lb, mb, la, ma
                h = inner()
                h.update(p + a.to_bytes(lb, "big"))
                o = outer()
                o.update(h.digest())
                a, b = b ^ (int.from_bytes(o.digest()[:la], "big") & ma), a
        return a << v | b

    def mask(self, n: int) -> int:
        """The bits of the public form of the ID whose bits are n."""
        s = self._s
        x = 0
        for shift, width, ones in s.free:
            x = x << width | n >> shift & ones
        return _scatter(self._feistel(x, True), s.n, s.pub, s.pub_bits)

    def unmask(self, n: int) -> Optional[int]:
        """The bits of the ID whose public form's bits are n, or None when n is
        no public form."""
        s = self._s
        if n & s.pub_mask != s.pub_bits:
            return None
        x = 0
        for shift, width, ones in s.pub:
            x = x << width | n >> shift & ones
        y = self._feistel(x, False)
        f = s.n - s.pad
        if y >> f:
            return None
        return _scatter(y, f, s.free, s.id_bits)


def _scatter(y: int, width: int, runs: List[Tuple[int, int, int]], out: int) -> int:
    """out with the runs filled from y, width bits, most significant first."""
    for shift, w, ones in runs:
        width -= w
        out |= (y >> width & ones) << shift
    return out


def _key_bytes(layout: str, b: object, what: str) -> bytes:
    """A key or tweak as bytes (a tweak may be text, as UTF-8), else ErrKey."""
    if isinstance(b, str) and what == "tweak":
        return b.encode()
    if isinstance(b, memoryview):
        b = b.tobytes()
    if not isinstance(b, (bytes, bytearray)):
        raise IDError("ErrKey", f"{layout}: a mask {what} must be bytes, not {type(b).__name__}")
    return bytes(b)


_maskers: Dict[Tuple[_MaskShape, bytes, bytes], _Mask] = {}
_maskers_lock = threading.Lock()


def _new_maskers_lock() -> None:
    """Runs in a forked child: a lock of the child's own, as another thread
    of the parent may have held the parent's at the fork."""
    global _maskers_lock
    _maskers_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_maskers_lock)


def _masker(s: _MaskShape, key: object, tweak: object) -> _Mask:
    """The mask of layout s under key and tweak, kept for the next call (a
    few keys at most). A key under 16 bytes, or all zero, is ErrKey; the
    key is never in an error."""
    k, t = _key_bytes(s.layout, key, "key"), _key_bytes(s.layout, tweak, "tweak")
    m = _maskers.get((s, k, t))
    if m is None:
        if len(k) < 16 or not any(k):
            what = f"not {len(k)} bytes" if len(k) < 16 else "not all zero bytes"
            raise IDError("ErrKey", f"{s.layout}: a mask key must be at least 16 bytes (128 bits) and not all zero, such as ` + "`idforge key`" + ` makes, {what}")
        m = _Mask(s, k, t)
        with _maskers_lock:
            if len(_maskers) >= 8:
                _maskers.clear()
            _maskers[(s, k, t)] = m
    return m
`,
}, {
	names:  []string{"_Leased"},
	typing: []string{"Callable", "Protocol", "Tuple"},
	code: `

class _Leased(Protocol):
    """What Generator.from_lease needs of a lease (idforge.lease.Lease): the
    node it holds, and bind, which ties the lease to the generator of a
    layout's space and returns the clock the generator reads, a clock that
    raises IDError ErrLeaseLost once the lease is lost or may be about to
    end, and reads no earlier than the tick after the node's previous
    holder's high-water tick."""

    @property
    def node(self) -> int:
        """The node number held."""
        ...

    def bind(self, space: Tuple[str, int, int, int, int], clock: Callable[[], int]) -> Callable[[], int]:
        """Ties the lease to the generator of space (a layout's LEASE_SPACE)
        that reads clock (nanoseconds since the Unix epoch), and returns the
        clock the generator reads instead."""
        ...
`,
}}

// text returns a piece's code, formatted (the %% of its Python as %), for
// the package's runtime if pkg, else for a self-contained module.
func (pc piece) text(pkg bool) string {
	compat := ""
	if pkg {
		compat = compatCodes
	}
	doc := strings.Replace(idErrorDoc, "{{COMPAT}}", compat, 1)
	doc = strings.ReplaceAll(portable.Fill(strings.Join(strings.Fields(doc), " "), 72), "\n", "\n    ")
	return strings.NewReplacer("%[1]s", doc, "%[2]s", pyString(encodings.CheckDigits), "%%", "%").Replace(pc.code)
}

// public returns the runtime's code with the names modules import made
// public: _encode as encode.
func public(code string) string {
	var names []string
	for _, pc := range pieces {
		names = append(names, pc.names...)
	}
	re := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
	return re.ReplaceAllStringFunc(code, func(s string) string { return s[1:] })
}

// used returns the pieces that body (a module's own code) uses, directly
// or through another piece, in the runtime's order; the first, IDError,
// always.
func used(body string) []piece {
	in := make([]bool, len(pieces))
	in[0] = true
	text := body
	for changed := true; changed; {
		changed = false
		for i, pc := range pieces {
			if in[i] {
				continue
			}
			for _, n := range pc.names {
				if regexp.MustCompile(`\b` + n + `\b`).MatchString(text) {
					in[i], changed = true, true
					text += pc.code
					break
				}
			}
		}
	}
	var out []piece
	for i, pc := range pieces {
		if in[i] {
			out = append(out, pc)
		}
	}
	return out
}

// Runtime returns the module _runtime.py of the Python package idforge: the
// runtime every one of its modules imports, and the package's one IDError.
func Runtime() []byte {
	var b strings.Builder
	b.WriteString("# Code generated by idforge gen -lang python. DO NOT EDIT.\n")
	b.WriteString(`"""The runtime of the package idforge: what every layout's module shares,
and the package's one error class, IDError (idforge.IDError), which every
module raises. The modules import from here; a program imports the
modules, or IDError from the package.

A module that idforge gen -lang python writes for a layout of one's own
holds this code itself, under private names, with its own IDError: it is
one file that needs nothing else.
"""

from __future__ import annotations

`)
	var std, typing, dt []string
	for _, pc := range pieces {
		std = append(std, pc.std...)
		typing = append(typing, pc.typing...)
		if pc.datetime {
			dt = append(dt, "datetime", "timedelta", "timezone")
		}
	}
	b.WriteString(importLines(std, typing, dt))
	var code strings.Builder
	for _, pc := range pieces {
		code.WriteString(pc.text(true))
	}
	fmt.Fprintf(&b, "\n__all__ = [%q]\n", "IDError")
	b.WriteString(public(code.String()))
	return []byte(b.String())
}

// importLines returns import statements: of std's modules, datetime's
// names dt, and typing's names.
func importLines(std, typing, dt []string) string {
	std = slices.Clone(std)
	slices.SortFunc(std, func(a, b string) int { return strings.Compare(strings.Fields(a)[0], strings.Fields(b)[0]) })
	std = slices.Compact(std)
	typing = slices.Clone(typing)
	slices.Sort(typing)
	typing = slices.Compact(typing)
	var b strings.Builder
	for _, m := range std {
		b.WriteString("import " + m + "\n")
	}
	if len(dt) > 0 {
		order := []string{"datetime", "timedelta", "timezone"}
		dt = slices.DeleteFunc(order, func(d string) bool { return !slices.Contains(dt, d) })
		b.WriteString("from datetime import " + strings.Join(dt, ", ") + "\n")
	}
	if len(typing) > 0 {
		b.WriteString("from typing import " + strings.Join(typing, ", ") + "\n")
	}
	return b.String()
}
