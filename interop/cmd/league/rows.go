package main

import (
	"fmt"

	bwsnowflake "github.com/bwmarrin/snowflake"
	gofrs "github.com/gofrs/uuid/v5"
	google "github.com/google/uuid"
	"github.com/idforge/idforge/ksuid"
	"github.com/idforge/idforge/snowflake"
	"github.com/idforge/idforge/ulid"
	"github.com/idforge/idforge/uuid"
	"github.com/idforge/idforge/verify"
	oklog "github.com/oklog/ulid/v2"
	segmentio "github.com/segmentio/ksuid"
	"github.com/sony/sonyflake"
)

// n is how many IDs a row makes where making them is cheap: enough for
// the monobit test to find a bit that is 1 in under 49% or over 51% of
// them, and for each known bug to show.
const n = 100_000

// A row is one implementation's generator, judged by verify against one
// layout.
type row struct {
	// Section groups rows on the page: where the implementation comes
	// from (Go modules, npm, ...).
	Section string
	// Impl and Version name the implementation as its users install it;
	// Call is what the row calls.
	Impl, Version, Call string
	// Layout is the built-in layout verify judges the IDs against; From,
	// when set, the text form they are read in (verify.Options.From).
	Layout, From string
	// N is how many IDs the row makes.
	N int
	// Make makes the IDs, one a line, in the order made. An error of
	// type notHere says that this machine lacks what the row needs: the
	// row is shown as not run, and league -check fails.
	Make func(e *env, n int) (string, error)
	// Known is the implementation's known bug, which verify must find.
	Known *known
	// Testee names the conformance testee of the implementation
	// (testees), "" for none.
	Testee string
	// Note says, in a sentence, where the row's implementation differs
	// from the layout or how it was run.
	Note string
	// Varies, when set, says why the row's verdict differs from run to
	// run: league -check does not hold it to the committed page's.
	Varies string
}

// known is a published bug that the table must show.
type known struct {
	// Classes are the fault classes (verify.Check.Class) of which a
	// check verify fails must name at least one.
	Classes []verify.Class
	// What says what the bug is, with its issue.
	What string
}

// goFunc makes IDs in this process: all n first, in a tight loop, then
// written, so that writing does not slow the generator.
func goFunc[T fmt.Stringer](next func() T) func(*env, int) (string, error) {
	return func(_ *env, n int) (string, error) {
		ids := make([]T, n)
		for i := range ids {
			ids[i] = next()
		}
		return join(ids, func(id T) string { return id.String() }), nil
	}
}

// goFuncErr is goFunc for a generator that returns an error.
func goFuncErr[T fmt.Stringer](next func() (T, error)) func(*env, int) (string, error) {
	return func(_ *env, n int) (string, error) {
		ids := make([]T, n)
		for i := range ids {
			id, err := next()
			if err != nil {
				return "", err
			}
			ids[i] = id
		}
		return join(ids, func(id T) string { return id.String() }), nil
	}
}

// decimal is an ID printed as a decimal number.
type decimal uint64

func (d decimal) String() string { return fmt.Sprint(uint64(d)) }

// fractionNote is said of a UUIDv7 whose rand_a is a sub-millisecond
// fraction, read as uuidv7.
const fractionNote = "Read as uuidv7, the fraction shows as a finer clock, whose carries into the millisecond are a clock's, not an overflowing counter's"

// varV6 is why a v6 row's method varies.
const varV6 = "gofrs/uuid draws a v6's clock_seq and node at random for each ID, as RFC 9562 §5.6 recommends, so two IDs of one 100-ns tick are in no order, which verify allows for uuidv6; whether a run makes two IDs in one tick varies"

// The peers' versions, as interop/go.mod pins them (checked against the
// build's own record by goVersion).
func rows() []row {
	bw, err := bwsnowflake.NewNode(1)
	if err != nil {
		panic(err)
	}
	sf := sonyflake.NewSonyflake(sonyflake.Settings{MachineID: func() (uint16, error) { return 1, nil }})
	idfSnow, err := snowflake.NewGenerator(1)
	if err != nil {
		panic(err)
	}
	const goSec, npmSec = "Go modules", "npm packages"
	return []row{
		// Go modules, in this process at interop/go.mod's versions.
		{Section: goSec, Impl: "google/uuid", Version: goVersion("github.com/google/uuid"), Call: "NewUUID", Layout: "uuidv1", N: n,
			Make: goFuncErr(google.NewUUID)},
		{Section: goSec, Impl: "google/uuid", Version: goVersion("github.com/google/uuid"), Call: "NewRandom", Layout: "uuidv4", N: n,
			Make: goFuncErr(google.NewRandom)},
		{Section: goSec, Impl: "google/uuid", Version: goVersion("github.com/google/uuid"), Call: "NewV6", Layout: "uuidv6", N: n,
			Make: goFuncErr(google.NewV6),
			Known: &known{[]verify.Class{verify.ClassDuplicate, verify.ClassImplausibleTime, verify.ClassStepsBack, verify.ClassOutsideWindow},
				"NewV6 writes the 60-bit timestamp as a 64-bit one and then the version over four of its bits: the times read as about 1610, go back every 0.4 ms, and IDs can repeat (google/uuid#199, #203)"}},
		{Section: goSec, Impl: "google/uuid", Version: goVersion("github.com/google/uuid"), Call: "NewV7", Layout: "uuidv7", N: n,
			Make: goFuncErr(google.NewV7),
			Note: "rand_a holds a 12-bit sub-millisecond fraction, stepped by one when the clock has not moved (method 3); made this fast it shows as a 12-bit counter. " + fractionNote},
		{Section: goSec, Impl: "gofrs/uuid", Version: goVersion("github.com/gofrs/uuid/v5"), Call: "NewV1", Layout: "uuidv1", N: n,
			Make: goFuncErr(gofrs.NewV1)},
		{Section: goSec, Impl: "gofrs/uuid", Version: goVersion("github.com/gofrs/uuid/v5"), Call: "NewV4", Layout: "uuidv4", N: n,
			Make: goFuncErr(gofrs.NewV4)},
		{Section: goSec, Impl: "gofrs/uuid", Version: goVersion("github.com/gofrs/uuid/v5"), Call: "NewV6", Layout: "uuidv6", N: n,
			Make: goFuncErr(gofrs.NewV6), Varies: varV6},
		{Section: goSec, Impl: "gofrs/uuid", Version: goVersion("github.com/gofrs/uuid/v5"), Call: "NewV7", Layout: "uuidv7", N: n,
			Make:  goFuncErr(gofrs.NewV7),
			Known: &known{[]verify.Class{verify.ClassCounterWraps}, "NewV7's 12-bit counter in rand_a rolls over below its predecessor when a millisecond holds more IDs than it has left (gofrs/uuid#253, fixed in v5.5.0)"}},
		{Section: goSec, Impl: "gofrs/uuid", Version: gofrsLatest, Call: "NewV1", Layout: "uuidv1", N: n, Make: gofrsSub("v1")},
		{Section: goSec, Impl: "gofrs/uuid", Version: gofrsLatest, Call: "NewV4", Layout: "uuidv4", N: n, Make: gofrsSub("v4")},
		{Section: goSec, Impl: "gofrs/uuid", Version: gofrsLatest, Call: "NewV6", Layout: "uuidv6", N: n, Make: gofrsSub("v6"), Varies: varV6},
		{Section: goSec, Impl: "gofrs/uuid", Version: gofrsLatest, Call: "NewV7", Layout: "uuidv7", N: n, Make: gofrsSub("v7")},
		{Section: goSec, Impl: "oklog/ulid", Version: goVersion("github.com/oklog/ulid/v2"), Call: "Make", Layout: "ulid", N: n,
			Make: goFunc(oklog.Make),
			Note: "Make draws a random increment within a millisecond (monotonic random, RFC 9562 §6.2 method 2)"},
		{Section: goSec, Impl: "segmentio/ksuid", Version: goVersion("github.com/segmentio/ksuid"), Call: "New", Layout: "ksuid", N: n,
			Make: goFunc(segmentio.New),
			Note: "the payload is 16 random bytes: KSUIDs of one second are in no order, which the ksuid layout allows"},
		{Section: goSec, Impl: "bwmarrin/snowflake", Version: goVersion("github.com/bwmarrin/snowflake"), Call: "Node.Generate", Layout: "snowflake", N: n,
			Make: goFunc(bw.Generate), Note: "node 1, the default epoch (Twitter's)"},
		{Section: goSec, Impl: "sony/sonyflake", Version: goVersion("github.com/sony/sonyflake"), Call: "NextID", Layout: "sonyflake", N: 20_000,
			Make: goFuncErr(func() (decimal, error) { id, err := sf.NextID(); return decimal(id), err }),
			Note: "machine ID 1; 20,000 IDs, as Sonyflake makes at most 256 each 10 ms (0.8 s)"},
		{Section: goSec, Impl: "idforge", Version: "this commit", Call: "uuid.NewV1", Layout: "uuidv1", N: n, Make: goFunc(uuid.NewV1), Testee: "idforge-go"},
		{Section: goSec, Impl: "idforge", Version: "this commit", Call: "uuid.NewV4", Layout: "uuidv4", N: n, Make: goFunc(uuid.NewV4), Testee: "idforge-go"},
		{Section: goSec, Impl: "idforge", Version: "this commit", Call: "uuid.NewV6", Layout: "uuidv6", N: n, Make: goFunc(uuid.NewV6), Testee: "idforge-go"},
		{Section: goSec, Impl: "idforge", Version: "this commit", Call: "uuid.NewV7", Layout: "uuidv7", N: n, Make: goFunc(uuid.NewV7), Testee: "idforge-go"},
		{Section: goSec, Impl: "idforge", Version: "this commit", Call: "ulid.New", Layout: "ulid", N: n, Make: goFunc(ulid.New), Testee: "idforge-go"},
		{Section: goSec, Impl: "idforge", Version: "this commit", Call: "ksuid.New", Layout: "ksuid", N: n, Make: goFunc(ksuid.New), Testee: "idforge-go"},
		{Section: goSec, Impl: "idforge", Version: "this commit", Call: "snowflake.Generator.Next", Layout: "snowflake", N: n,
			Make: goFuncErr(idfSnow.Next), Testee: "idforge-go", Note: "node 1"},

		// npm packages, at interop/cmd/league/js's pins.
		{Section: npmSec, Impl: "uuid", Call: "v1()", Layout: "uuidv1", N: n, Make: npm("import { v1 } from 'uuid';", "v1()"), Testee: "npm-uuid"},
		{Section: npmSec, Impl: "uuid", Call: "v4()", Layout: "uuidv4", N: n, Make: npm("import { v4 } from 'uuid';", "v4()"), Testee: "npm-uuid"},
		{Section: npmSec, Impl: "uuid", Call: "v6()", Layout: "uuidv6", N: n, Make: npm("import { v6 } from 'uuid';", "v6()"), Testee: "npm-uuid"},
		{Section: npmSec, Impl: "uuid", Call: "v7()", Layout: "uuidv7", N: n, Make: npm("import { v7 } from 'uuid';", "v7()"), Testee: "npm-uuid",
			Note: "a 32-bit counter across rand_a and the top of rand_b (method 1), wider than the uuidv7 layout's 26 bits"},
		{Section: npmSec, Impl: "uuidv7", Call: "uuidv7()", Layout: "uuidv7", N: n, Make: npm("import { uuidv7 } from 'uuidv7';", "uuidv7()")},
		{Section: npmSec, Impl: "ulid", Call: "monotonicFactory()()", Layout: "ulid", N: n,
			Make: npm("import { monotonicFactory } from 'ulid';\nconst ulid = monotonicFactory();", "ulid()")},
		{Section: npmSec, Impl: "ulid", Call: "ulid()", Layout: "ulid", N: n, Make: npm("import { ulid } from 'ulid';", "ulid()"),
			Note: "plain ulid() draws all 80 bits afresh: random within a millisecond, which the ulid layout allows"},
		{Section: npmSec, Impl: "ulidx", Call: "monotonicFactory()()", Layout: "ulid", N: n,
			Make: npm("import { monotonicFactory } from 'ulidx';\nconst ulid = monotonicFactory();", "ulid()")},
		{Section: npmSec, Impl: "ksuid", Call: "randomSync().string", Layout: "ksuid", N: n, Make: npm("import KSUID from 'ksuid';", "KSUID.randomSync().string"),
			Note: "the payload is 16 random bytes: in no order within a second"},
		{Section: npmSec, Impl: "typeid-js", Call: "typeid('user').getSuffix()", Layout: "uuidv7", From: "crockford", N: n,
			Make: npm("import { typeid } from 'typeid-js';", "typeid('user').getSuffix()"),
			Note: "a TypeID's suffix is its UUIDv7 in Crockford base32, read as such"},
		{Section: npmSec, Impl: "@sapphire/snowflake", Call: "DiscordSnowflake.generate()", Layout: "discord", N: n,
			Make:  npmBurst("import { DiscordSnowflake } from '@sapphire/snowflake';", "DiscordSnowflake.generate({ timestamp: ms })", 5000),
			Note:  "in bursts of 5,000 IDs a millisecond, the millisecond read once a burst and passed as generate's timestamp, as a machine fast enough makes them",
			Known: &known{[]verify.Class{verify.ClassDuplicate, verify.ClassSharedNode, verify.ClassCounterWraps}, "the 12-bit increment wraps to 0 without waiting for the next millisecond: more than 4,096 IDs in one millisecond repeat IDs"}},
		{Section: npmSec, Impl: "id128", Call: "Uuid1.generate()", Layout: "uuidv1", N: n, Make: npm("import id128 from 'id128';", "id128.Uuid1.generate().toCanonical().toLowerCase()"),
			Known: &known{[]verify.Class{verify.ClassImplausibleTime, verify.ClassOutsideWindow}, "v1's timestamp is milliseconds where RFC 9562 puts 100-ns ticks since 1582: the IDs' times read as 1764"}},
		{Section: npmSec, Impl: "id128", Call: "Uuid4.generate()", Layout: "uuidv4", N: n, Make: npm("import id128 from 'id128';", "id128.Uuid4.generate().toCanonical().toLowerCase()")},
		{Section: npmSec, Impl: "id128", Call: "Uuid6.generate()", Layout: "uuidv6", N: n, Make: npm("import id128 from 'id128';", "id128.Uuid6.generate().toCanonical().toLowerCase()"),
			Known: &known{[]verify.Class{verify.ClassImplausibleTime, verify.ClassOutsideWindow}, "v6's timestamp is milliseconds where RFC 9562 puts 100-ns ticks since 1582: the IDs' times read as 1764"}},
		{Section: npmSec, Impl: "id128", Call: "UlidMonotonic.generate()", Layout: "ulid", N: n, Make: npm("import id128 from 'id128';", "id128.UlidMonotonic.generate().toCanonical()")},
		{Section: npmSec, Impl: "idforge", Version: "this commit", Call: "uuidv7 newId()", Layout: "uuidv7", N: n, Make: idforgeJS("uuidv7"), Testee: "idforge-js"},
		{Section: npmSec, Impl: "idforge", Version: "this commit", Call: "uuidv4 newId()", Layout: "uuidv4", N: n, Make: idforgeJS("uuidv4"), Testee: "idforge-js"},
		{Section: npmSec, Impl: "idforge", Version: "this commit", Call: "ulid newId()", Layout: "ulid", N: n, Make: idforgeJS("ulid"), Testee: "idforge-js"},
		{Section: npmSec, Impl: "idforge", Version: "this commit", Call: "ksuid newId()", Layout: "ksuid", N: n, Make: idforgeJS("ksuid"), Testee: "idforge-js"},

		// Python's standard library, and idforge's Python package.
		{Section: "Python", Impl: "CPython uuid", Call: "uuid1()", Layout: "uuidv1", N: n, Make: python("import uuid\nnew = uuid.uuid1")},
		{Section: "Python", Impl: "CPython uuid", Call: "uuid4()", Layout: "uuidv4", N: n, Make: python("import uuid\nnew = uuid.uuid4")},
		{Section: "Python", Impl: "CPython uuid", Call: "uuid7()", Layout: "uuidv7", N: n, Make: python("import uuid\nnew = uuid.uuid7")},
		{Section: "Python", Impl: "idforge", Version: "this commit", Call: "uuidv7.new_id()", Layout: "uuidv7", N: n, Make: python("from idforge.uuidv7 import new_id as new"), Testee: "idforge-python"},
		{Section: "Python", Impl: "idforge", Version: "this commit", Call: "ulid.new_id()", Layout: "ulid", N: n, Make: python("from idforge.ulid import new_id as new"), Testee: "idforge-python"},
		{Section: "Python", Impl: "idforge", Version: "this commit", Call: "ksuid.new_id()", Layout: "ksuid", N: n, Make: python("from idforge.ksuid import new_id as new"), Testee: "idforge-python"},

		// The JDK.
		{Section: "Java", Impl: "JDK java.util.UUID", Call: "randomUUID()", Layout: "uuidv4", N: n, Make: java("java.util.UUID.randomUUID()")},

		// PostgreSQL 18's built-in functions.
		{Section: "PostgreSQL", Impl: "PostgreSQL", Call: "uuidv7()", Layout: "uuidv7", N: n, Make: postgres("uuidv7"),
			Note: "rand_a holds a 12-bit sub-millisecond fraction (method 3), which the uuidv7-subms layout declares. " + fractionNote},
		{Section: "PostgreSQL", Impl: "PostgreSQL", Call: "uuidv7()", Layout: "uuidv7-subms", N: n, Make: postgres("uuidv7")},
		{Section: "PostgreSQL", Impl: "PostgreSQL", Call: "uuidv4()", Layout: "uuidv4", N: n, Make: postgres("uuidv4")},

		// Debian's uuid-runtime: one process an ID.
		{Section: "Debian", Impl: "uuid-runtime uuidgen", Call: "uuidgen -t", Layout: "uuidv1", N: 2_000, Make: uuidgen("-t"),
			Note: "one process an ID, so 2,000 IDs; without uuidd running, libuuid keeps its clock in a file"},
		{Section: "Debian", Impl: "uuid-runtime uuidgen", Call: "uuidgen -r", Layout: "uuidv4", N: 2_000, Make: uuidgen("-r"),
			Note: "one process an ID, so 2,000 IDs"},
		{Section: "Debian", Impl: "uuid-runtime uuidgen", Call: "uuidgen -7", Layout: "uuidv7", N: 2_000, Make: uuidgen("-7")},
	}
}
