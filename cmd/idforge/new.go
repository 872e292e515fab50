package main

import (
	"cmp"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/store"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
)

const newUsage = `usage: idforge new [-layout NAME | -spec FILE] [-enc ENCODING | -profile NAME] [-n N]
                   [-ns NAMESPACE -name NAME] [-node N] [-prefix P]
                   [-store FILE [-max-ahead D]]
                   [-lease postgres://…|etcd://…|k8s://… [-lease-ttl D] [-lease-wait D] [-lease-insecure]]
       idforge new [-layout NAME | -spec FILE] -at TIME [-n N] [-node N] [-enc ENCODING]
       idforge new [-layout NAME | -spec FILE] [-min-at TIME] [-max-at TIME] [-enc ENCODING]

Makes N new IDs, one a line; with -at, IDs of a given time (a backfill);
with -min-at and -max-at, the bounds of a time range. Each ID goes out
with its newline in one write, so a run that is killed leaves whole lines;
a reader of output that may have been cut short drops a final line that
has no newline (it could be a shorter, valid ID). A spec of yours (-spec) one of whose
generators would repeat its own IDs at full speed (10^8 IDs a second: a
time but no counter, say) gets a warning on standard error first, naming
the remedy; see 'idforge layouts -spec FILE' for how soon. (The built-in
layouts' warnings, which you cannot act on, are shown only when you ask:
'idforge layouts NAME'.)

  -layout   v1, v3, v4, v5, v6, v7, v8, ksuid, ulid, snowflake, or any layout
            'idforge layouts' lists (default v7)
  -spec     a layout spec file of your own, run through the interpreter
  -enc      canonical (default), uuid, decimal, typeid (for UUID layouts,
            with -prefix), or an encoding 'idforge layouts' lists: base62,
            crockford, hex, base58, base58flickr, base36, base32hex,
            zbase32, crockford-check or firebase;
            canonical is the layout's usual form, and for a spec the default
            text of the package 'idforge gen' makes: the UUID form for a
            UUID layout, Base62 otherwise
  -profile  write each ID's stored value under this storage profile
            instead of the ID (see below)
  -n        how many (default 1)
  -ns       for v3, v5 and uuidv8-sha256: dns, url, oid, x500 or a UUID
  -name     for v3, v5 and uuidv8-sha256: the name
  -node     the node id: required for layouts with a node field
            (snowflake, sonyflake, instagram, your own), so that two
            generators never share one; optional for v1 and v6, whose node
            is otherwise random with the multicast bit set (RFC 9562 section
            6.10); an error for layouts without a node
  -prefix   for -enc typeid: the type prefix (a-z and _, at most 63)
  -store    for v1, v6, v7, ksuid, snowflake and ulid: a state file that keeps the
            generator's time high-water mark across runs, so that IDs made
            by the next run, even with the clock set back, come after these
            ('idforge store' checks and repairs it); a mark further
            ahead of the clock than -max-ahead is an error
  -max-ahead  with -store: how far ahead of the clock the store's marks
              may be (default 24h; see 'idforge help store')
  -lease    instead of -node, lease a free node from PostgreSQL, etcd or
            Kubernetes (see docs/leases.md); a lost lease stops with an
            error. etcd://[USER@]HOST:PORT is etcd over HTTPS, with its
            CA's file in ?ca-file=PATH (else the system's roots), a client
            certificate in ?cert-file=PATH&key-file=PATH, and USER's
            password in $IDFORGE_ETCD_PASSWORD (or ?password-file=PATH).
            k8s:// in a pod uses its service account;
            k8s://HOST:PORT/NAMESPACE an API server over HTTPS, with the
            token in $IDFORGE_KUBE_TOKEN (or ?token-file=PATH) and its CA's
            file in $IDFORGE_KUBE_CA (or ?ca-file=PATH). Neither follows a
            redirect
  -lease-insecure  speak plain HTTP to etcd:// or k8s://HOST:PORT: every
            request, a password or token included, travels in clear, and
            anyone on the path can forge the answers; for a test server on
            this machine only
  -lease-ttl   the lease's time to live (default 10s)
  -lease-wait  how long to wait for a free node (beyond 5s for the engine
               to answer), and for this clock to catch up with the node's
               last use (default 0)
  -at       make the IDs of this time, not now, for a layout with a time:
            -n of them, distinct and strictly increasing, each with the
            time to the layout's tick (a Snowflake's millisecond), made as a
            generator whose clock stands still makes them (a counter counts
            up, random bits are fresh); more than one tick holds (4096 for
            a Snowflake) is an error. No -store or -lease.
  -min-at   print the smallest ID whose time is at or after TIME (every
            other bit 0), the lower bound of a range scan or partition
  -max-at   print the largest ID whose time is at or before TIME (every
            other bit 1), the upper bound; with both, the -min-at bound
            comes first. They bound a range only of layouts whose IDs sort
            by time (a warning says so of others); a partition for [A, B)
            is -min-at A to -min-at B, exclusive
  TIME      RFC 3339 (2024-05-01T12:00:00Z, any fraction and offset), a
            date (2024-05-01, midnight UTC), or Unix time as an integer:
            seconds if it has up to 11 digits (up to the year 5138),
            milliseconds if it has 12 or more (1973 on), or either with a
            suffix that says which: 1714564800s, 1714564800250ms. A time
            outside the layout's range (before its epoch, after its last
            tick) is an error that gives the range, but for -min-at before
            it (the first ID) and -max-at after it (the last).

` + profileHelp + `
Examples:
  idforge new -layout v7 -enc base62 -n 5
  idforge new -layout snowflake -node 42
  idforge new -layout snowflake -lease 'etcd://ids@10.0.0.5:2379?ca-file=ca.crt' -n 1000
  idforge new -layout snowflake -lease k8s:// -n 1000
  idforge new -layout v5 -ns dns -name www.example.com
  idforge new -layout v7 -store ids.state -n 100
  idforge new -spec orders.layout -n 3
  idforge new -layout v7 -enc typeid -prefix user
  idforge new -layout v7 -at 2024-05-01T12:00:00Z -n 3
  idforge new -layout snowflake -node 42 -at 1714564800250 -n 3
  idforge new -layout v7 -min-at 2024-05-01 -max-at 2024-05-31T23:59:59.999Z
  idforge new -layout v7 -profile sqlserver -n 3
`

func cmdNew(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("new")
	name := fs.String("layout", "v7", "")
	specFile := fs.String("spec", "", "")
	enc := fs.String("enc", "canonical", "")
	n := fs.Int("n", 1, "")
	ns := fs.String("ns", "", "")
	hashName := fs.String("name", "", "")
	node := fs.Int64("node", -1, "")
	prefix := fs.String("prefix", "", "")
	storeFile := fs.String("store", "", "")
	maxAhead := fs.Duration("max-ahead", store.DefaultMaxAhead, "")
	at := fs.String("at", "", "")
	minAt := fs.String("min-at", "", "")
	maxAt := fs.String("max-at", "", "")
	profile := fs.String("profile", "", "")
	var lf leaseFlags
	fs.StringVar(&lf.engine, "lease", "", "")
	fs.DurationVar(&lf.ttl, "lease-ttl", lease.DefaultTTL, "")
	fs.DurationVar(&lf.wait, "lease-wait", 0, "")
	fs.BoolVar(&lf.insecure, "lease-insecure", false, "")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *maxAhead <= 0 {
		return usageError{fmt.Errorf("-max-ahead %v: want more than 0", *maxAhead)}
	}
	if *n < 0 {
		return usageError{fmt.Errorf("-n %d: want zero or more", *n)}
	}
	l, err := chosenLayout(fs, *name, *specFile)
	if err != nil {
		return err
	}
	if *specFile != "" {
		warn(stderr, "new", l) // the user's own spec, before the IDs: one that repeats is never silent
	}
	format, err := formatterFor(l, *enc, *prefix)
	if err != nil {
		return err
	}
	if flagSet(fs, "profile") {
		if flagSet(fs, "enc") || flagSet(fs, "prefix") {
			return usageError{fmt.Errorf("give -enc or -profile, not both: -profile writes the stored value")}
		}
		pf, err := profileFlag("new", *profile, stderr)
		if err != nil {
			return err
		}
		if format, err = pf.formatter(l); err != nil {
			return usageError{err}
		}
	}
	if flagSet(fs, "min-at") || flagSet(fs, "max-at") {
		return newBounds(fs, l, *minAt, *maxAt, format, flagSet(fs, "profile"), stdout, stderr)
	}
	if flagSet(fs, "at") {
		return newAt(fs, l, *at, *n, *node, format, stdout)
	}
	var st *store.Store
	if *storeFile != "" {
		if *specFile != "" || !keepsState[l.Name] {
			return usageError{fmt.Errorf("-store: the generator of %s keeps no state (-store is for %s)", l.Name, storeLayouts())}
		}
		if lf.engine != "" {
			return usageError{fmt.Errorf("give -store or -lease, not both: a lease keeps its node's high-water mark itself")}
		}
		if st, err = store.Open(*storeFile); err != nil {
			return err
		}
		defer st.Close()
		st.AllowAhead(*maxAhead)
		if err := st.CheckAhead(markClock(*maxAhead)); err != nil {
			return err
		}
	}
	if lf.insecure && lf.engine == "" {
		return usageError{fmt.Errorf("-lease-insecure without -lease")}
	}
	var next func() ([]byte, error)
	if lf.engine != "" {
		if flagSet(fs, "node") {
			return usageError{fmt.Errorf("give -node or -lease, not both")}
		}
		var done func()
		if next, done, err = leased(l, *specFile != "", lf); err != nil {
			return err
		}
		defer done()
	} else if err := checkNode(l, flagSet(fs, "node"), *node); err != nil {
		return err
	} else if next, err = source(l, *specFile != "", *ns, *hashName, flagSet(fs, "name"), *node, st); err != nil {
		return err
	}
	// Each ID and its newline go out in one write, lines whole: a process
	// killed mid-run leaves no partial last line (docs/cli.md).
	w := newLineWriter(stdout, 64<<10)
	line := make([]byte, 0, 64)
	for range *n {
		id, err := next()
		if err != nil {
			w.Flush() // the IDs made before stay valid
			return err
		}
		line = append(format(line[:0], id), '\n')
		if err := w.WriteLine(line); err != nil {
			return err
		}
	}
	return w.Flush()
}

// timeFlag reads the time a flag gives (explain.ParseTime), and checks
// that the layout has a time; either mistake is a usage error.
func timeFlag(l *layouts.Layout, name, value string) (time.Time, error) {
	t, err := explain.ParseTime(value)
	if err != nil {
		return time.Time{}, usageError{fmt.Errorf("-%s: %w", name, err)}
	}
	if _, _, ok := explain.TimeRange(l); !ok {
		return time.Time{}, usageError{fmt.Errorf("-%s: %s IDs hold no time (-at, -min-at and -max-at are for layouts with one)", name, l.Name)}
	}
	return t, nil
}

// conflicts returns a usage error when any of the flags named was given
// with the flag with: "-at does not go with -store".
func conflicts(fs *flag.FlagSet, with string, names ...string) error {
	for _, name := range names {
		if flagSet(fs, name) {
			return usageError{fmt.Errorf("-%s does not go with -%s", with, name)}
		}
	}
	return nil
}

// newAt writes n IDs of the time -at gives, in strictly increasing order
// (explain.At): a backfill.
func newAt(fs *flag.FlagSet, l *layouts.Layout, at string, n int, node int64, format func(dst, id []byte) []byte, stdout io.Writer) error {
	if err := conflicts(fs, "at", "store", "lease", "ns", "name"); err != nil {
		return err
	}
	t, err := timeFlag(l, "at", at)
	if err != nil {
		return err
	}
	if err := checkNode(l, flagSet(fs, "node"), node); err != nil {
		return err
	}
	var opts []interp.Option
	if flagSet(fs, "node") {
		opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(node)))
	}
	ids, err := explain.At(l, t, n, opts...)
	if err != nil {
		return fmt.Errorf("-at: %w", err)
	}
	return writeIDs(stdout, ids, format)
}

// newBounds writes the smallest ID of the time -min-at gives and the
// largest of the time -max-at gives (explain.Bounds), in that order.
// Written under a storage profile (profiled), they bound a range where
// the profile sorts the layout, which the profile's warning says.
func newBounds(fs *flag.FlagSet, l *layouts.Layout, minAt, maxAt string, format func(dst, id []byte) []byte, profiled bool, stdout, stderr io.Writer) error {
	if err := conflicts(fs, "min-at or -max-at", "at", "n", "node", "store", "lease", "ns", "name"); err != nil {
		return err
	}
	var ids [][]byte
	for _, b := range []struct {
		name, value string
		upper       bool
	}{{"min-at", minAt, false}, {"max-at", maxAt, true}} {
		if !flagSet(fs, b.name) {
			continue
		}
		t, err := timeFlag(l, b.name, b.value)
		if err != nil {
			return err
		}
		// A time outside the range has one side: -min-at before the
		// first tick is the first ID, -max-at past the last the last.
		lo, hi, err := explain.Bounds(l, t)
		if b.upper {
			lo = hi
		}
		if lo == nil {
			return fmt.Errorf("-%s: %w", b.name, err)
		}
		ids = append(ids, lo)
	}
	if !l.TimeSortable() && !profiled {
		fmt.Fprintf(stderr, "idforge new: warning: %s IDs do not sort by time, so these bound no range of them\n", l.Name)
	}
	return writeIDs(stdout, ids, format)
}

// writeIDs writes IDs one a line, each line whole in one write.
func writeIDs(stdout io.Writer, ids [][]byte, format func(dst, id []byte) []byte) error {
	w := newLineWriter(stdout, 4<<10)
	var line []byte
	for _, id := range ids {
		line = append(format(line[:0], id), '\n')
		if err := w.WriteLine(line); err != nil {
			return err
		}
	}
	return w.Flush()
}

// checkNode checks -node against the layout: a layout with a node field
// needs one that fits it, unless the field is a MAC-style node (v1, v6),
// which is random by default; a layout without a node takes none.
func checkNode(l *layouts.Layout, given bool, node int64) error {
	v, ok := l.Value(layouts.Node)
	switch {
	case !ok && given:
		return usageError{fmt.Errorf("-node: %s has no node field", l.Name)}
	case !ok:
		return nil
	case !given && !v.MAC:
		return usageError{fmt.Errorf("%s has a node field of %s: give -node (0 to %d), a number no other generator uses", l.Name, plural(v.Width, "bit"), maxNode(v))}
	case given && (node < 0 || uint64(node) > maxNode(v)):
		return usageError{fmt.Errorf("-node %d does not fit %s's %d-bit node field (0 to %d)", node, l.Name, v.Width, maxNode(v))}
	}
	return nil
}

// maxNode is the largest node a node field holds.
func maxNode(v *layouts.Value) uint64 { return 1<<v.Width - 1 }

// keepsState lists the layouts whose generators keep their time high-water
// mark in a state store (new -store): every built-in layout whose generated
// package's generator takes a store (WithStore), as a test checks.
var keepsState = map[string]bool{"uuidv1": true, "uuidv6": true, "uuidv7": true, "ulid": true, "snowflake": true, "ksuid": true}

// storeLayouts names the layouts keepsState lists, by the names -layout
// takes (v7 for uuidv7), for messages.
func storeLayouts() string {
	short := map[string]string{}
	for a, name := range explain.Aliases() {
		short[name] = a
	}
	var names []string
	for _, name := range slices.Sorted(maps.Keys(keepsState)) {
		names = append(names, cmp.Or(short[name], name))
	}
	// The UUID versions (v1, v6, v7) first, as the help lists them.
	rank := func(n string) int {
		if len(n) == 2 {
			return 0
		}
		return 1
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), strings.Compare(a, b)) })
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// source returns the function that makes each new ID's bytes: the
// generated package for idforge's own layouts, the interpreter otherwise.
// A store, if any, is for a layout keepsState lists.
func source(l *layouts.Layout, fromSpec bool, ns, name string, nameGiven bool, node int64, st *store.Store) (func() ([]byte, error), error) {
	if _, ok := l.Value(layouts.Hash); ok {
		return nameBased(l, ns, name, nameGiven)
	}
	if ns != "" || nameGiven {
		return nil, usageError{fmt.Errorf("-ns and -name are for name-based layouts, not %s", l.Name)}
	}
	if !fromSpec {
		if next := generated(l, node, st); next != nil {
			return next()
		}
	}
	var opts []interp.Option
	if node >= 0 {
		opts = append(opts, interp.WithFixed(layouts.Node, big.NewInt(node)))
	}
	g, err := interp.NewGenerator(l, opts...)
	if err != nil {
		return nil, err
	}
	return g.Next, nil
}

// generated returns a constructor for a fast source from a generated
// package, or nil when the layout has none. The generators of the layouts
// keepsState lists keep their marks in store, if not nil.
func generated(l *layouts.Layout, node int64, st *store.Store) func() (func() ([]byte, error), error) {
	wrapUUID := func(next func(*uuid.Generator) (uuid.UUID, error)) func() (func() ([]byte, error), error) {
		return func() (func() ([]byte, error), error) {
			var opts []uuid.Option
			if node >= 0 {
				opts = append(opts, uuid.WithNode(uint64(node)))
			}
			if st != nil {
				opts = append(opts, uuid.WithStore(st))
			}
			g, err := uuid.NewGenerator(opts...)
			if err != nil {
				return nil, usageError{err}
			}
			return func() ([]byte, error) { u, err := next(g); return u[:], err }, nil
		}
	}
	switch l.Name {
	case "uuidv1":
		return wrapUUID((*uuid.Generator).NewV1)
	case "uuidv6":
		return wrapUUID((*uuid.Generator).NewV6)
	case "uuidv4":
		return wrapUUID((*uuid.Generator).NewV4)
	case "uuidv7":
		return wrapUUID((*uuid.Generator).NewV7)
	case "uuidv8":
		return wrapUUID((*uuid.Generator).NewV8)
	case "ksuid":
		return func() (func() ([]byte, error), error) {
			var opts []ksuid.Option
			if st != nil {
				opts = append(opts, ksuid.WithStore(st))
			}
			g, err := ksuid.NewGenerator(opts...)
			if err != nil {
				return nil, err
			}
			return func() ([]byte, error) { k, err := g.Next(); return k[:], err }, nil
		}
	case "ulid":
		return func() (func() ([]byte, error), error) {
			var opts []ulid.Option
			if st != nil {
				opts = append(opts, ulid.WithStore(st))
			}
			g, err := ulid.NewGenerator(opts...)
			if err != nil {
				return nil, err
			}
			return func() ([]byte, error) { u, err := g.Next(); return u[:], err }, nil
		}
	case "snowflake":
		return func() (func() ([]byte, error), error) {
			var opts []snowflake.Option
			if st != nil {
				opts = append(opts, snowflake.WithStore(st))
			}
			g, err := snowflake.NewGenerator(node, opts...)
			if err != nil {
				return nil, usageError{err}
			}
			return func() ([]byte, error) {
				id, err := g.Next()
				return binary.BigEndian.AppendUint64(nil, uint64(id)), err
			}, nil
		}
	}
	return nil
}

var namespaces = map[string]uuid.UUID{
	"dns": uuid.NamespaceDNS(), "url": uuid.NamespaceURL(), "oid": uuid.NamespaceOID(), "x500": uuid.NamespaceX500(),
}

// nameBased returns a source of the one ID a name in a namespace gives.
// Both -ns and -name are needed: a forgotten -name is an error, not the
// UUID of the empty name, which an explicit empty -name still gives.
func nameBased(l *layouts.Layout, ns, name string, nameGiven bool) (func() ([]byte, error), error) {
	if m := missing(map[string]bool{"ns": ns != "", "name": nameGiven}, "ns", "name"); m != "" {
		return nil, usageError{fmt.Errorf("missing %s: %s is name-based: give -ns NAMESPACE and -name NAME (-name '' for the empty name)", m, l.Name)}
	}
	space, ok := namespaces[strings.ToLower(ns)]
	if !ok {
		b, ok := explain.ParseUUIDText(ns)
		if !ok {
			return nil, usageError{fmt.Errorf("-ns %q: want dns, url, oid, x500 or a UUID", ns)}
		}
		space = uuid.UUID(b)
	}
	id, err := interp.Hash(l, append(space[:], name...))
	if err != nil {
		return nil, err
	}
	return func() ([]byte, error) { return id, nil }, nil
}
