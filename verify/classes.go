package verify

// Class names a kind of fault that generators in the field ship: every
// check that fails names the class its finding shows, so that a report
// says "a counter that restarts at zero each tick", not only "a
// chi-square failed". Classes() lists them with what each means; the
// tests hold a generator of each fault to its class, and docs/verify.md
// lists how many IDs each needs to be found.
type Class string

// The catalogue of faults.
const (
	// ClassUnreadable: lines that are not IDs of the layout (a wrong
	// length, a character outside the alphabet, a value out of range).
	ClassUnreadable Class = "unreadable"
	// ClassWrongVersion: a UUID's version nibble is not the layout's.
	ClassWrongVersion Class = "wrong-version"
	// ClassWrongVariant: a UUID's variant bits are not 0b10.
	ClassWrongVariant Class = "wrong-variant"
	// ClassWrongConstant: another constant of the layout is wrong.
	ClassWrongConstant Class = "wrong-constant"
	// ClassGUIDByteOrder: UUIDs written in the mixed-endian byte order of
	// a .NET Guid or a SQL Server uniqueidentifier (the first three
	// fields' bytes reversed).
	ClassGUIDByteOrder Class = "guid-byte-order"
	// ClassV1OrderAsV6: UUIDv6s whose time lies in v1's field order
	// (time_low first) under a version 6.
	ClassV1OrderAsV6 Class = "v1-order-as-v6"
	// ClassDuplicate: the same ID twice.
	ClassDuplicate Class = "duplicate"
	// ClassSharedNode: the sequence of a layout with a node and a
	// sequence from zero goes back within a tick, not from its top to
	// zero, as two generators given the same node number make it.
	ClassSharedNode Class = "shared-node"
	// ClassCounterWraps: a generator that orders IDs within a tick lets
	// its counter roll over below its predecessor (gofrs/uuid#253; a
	// Snowflake sequence past its top, as @sapphire/snowflake 3.5.5's).
	ClassCounterWraps Class = "counter-wraps"
	// ClassOutOfOrder: IDs below their predecessor within a tick, where
	// the layout orders them.
	ClassOutOfOrder Class = "out-of-order"
	// ClassCounterRestarts: a counter that the layout starts at random
	// restarts at zero each tick.
	ClassCounterRestarts Class = "counter-restarts-at-zero"
	// ClassStepsBack: the time goes below its predecessor's, and the
	// generator goes back with the clock rather than holding its last
	// time (RFC 9562 §6.2).
	ClassStepsBack Class = "steps-back"
	// ClassStoreOrder: IDs in a store's order (Options.StoreOrder) whose
	// time goes down: the store does not keep them in time order (a
	// UUIDv7 in SQL Server's uniqueidentifier without a storage profile).
	ClassStoreOrder Class = "store-order"
	// ClassStepBackSameClockSeq: a UUIDv1 or v6 whose time steps back
	// keeps its clock sequence (RFC 9562 §5.1 asks for a new one).
	ClassStepBackSameClockSeq Class = "step-back-same-clockseq"
	// ClassAhead: times ahead of the clock when the line arrived.
	ClassAhead Class = "ahead-of-clock"
	// ClassRunsAhead: the time runs ahead one tick per ID, the bits after
	// it counting on from the predecessor's (CPython 3.14's uuid7 after a
	// step back, cpython#138862).
	ClassRunsAhead Class = "time-runs-ahead"
	// ClassCarryIntoTime: a monotonic increment that overflows carries
	// into the time where the family forbids it (ULID's spec asks for an
	// error; RFC 9562 §6.2 lets a UUID generator move its time ahead).
	ClassCarryIntoTime Class = "carry-into-time"
	// ClassSecondsAsMs: a millisecond time that is whole seconds times
	// 1000.
	ClassSecondsAsMs Class = "seconds-as-ms"
	// ClassImplausibleTime: times before 1990 (before the layout's
	// epoch reads as a wrapped or misread time).
	ClassImplausibleTime Class = "implausible-time"
	// ClassTopBitFlipped: the ID's top bit set, its time far in the
	// future, as DuckDB 1.3.0's uuidv7 made them.
	ClassTopBitFlipped Class = "top-bit-flipped"
	// ClassOutsideWindow: times outside the -since/-until window given.
	ClassOutsideWindow Class = "outside-window"
	// ClassBiasedBit: a random bit stuck or biased (NIST SP 800-22's
	// frequency test).
	ClassBiasedBit Class = "biased-bit"
	// ClassUneven: random bits unevenly spread (a chi-square's upper
	// tail).
	ClassUneven Class = "uneven"
	// ClassTooUniform: random bits spread more evenly than chance allows
	// (a chi-square's lower tail: an LCG's full period).
	ClassTooUniform Class = "too-uniform"
	// ClassSerialCorrelation: random bits that follow from the
	// predecessor's (a weak generator such as an LCG).
	ClassSerialCorrelation Class = "serial-correlation"
	// ClassRepeatedRandom: random parts that repeat far more than chance
	// allows, as a forked or re-seeded generator's state makes them.
	ClassRepeatedRandom Class = "repeated-random"
)

// ClassInfo describes a class of the catalogue.
type ClassInfo struct {
	Class Class `json:"class"`
	// What says what the fault is, in a sentence.
	What string `json:"what"`
	// Seen names where the field has shipped it, when known.
	Seen string `json:"seen,omitempty"`
}

// Classes returns the catalogue, in the order a report shows its groups.
func Classes() []ClassInfo {
	return []ClassInfo{
		{ClassUnreadable, "lines that are not IDs of the layout: a wrong length, a character outside the alphabet, a value out of range", ""},
		{ClassWrongVersion, "a UUID's version nibble is not the layout's", ""},
		{ClassWrongVariant, "a UUID's variant bits are not 0b10", ""},
		{ClassWrongConstant, "another constant bit of the layout is wrong", ""},
		{ClassGUIDByteOrder, "UUIDs in a .NET Guid's or SQL Server's mixed-endian byte order (the first three fields reversed)", "dotnet/runtime#111503"},
		{ClassV1OrderAsV6, "UUIDv6s with their time in v1's field order", ""},
		{ClassDuplicate, "the same ID twice", "google/uuid v1.6.0 NewV6 (google/uuid#199)"},
		{ClassSharedNode, "a node's sequence goes back within a tick, not from its top: two generators with one node number", ""},
		{ClassCounterWraps, "a counter that rolls over below its predecessor within a tick", "gofrs/uuid v5.4.0 NewV7 (gofrs/uuid#253); @sapphire/snowflake 3.5.5 above 4,096 IDs a millisecond"},
		{ClassOutOfOrder, "IDs below their predecessor within a tick, where the layout orders them", ""},
		{ClassCounterRestarts, "a counter the layout starts at random restarts at zero each tick", ""},
		{ClassStepsBack, "the time steps back below its predecessor's with the clock (RFC 9562 §6.2 asks to hold the last time)", ""},
		{ClassStoreOrder, "IDs a store sorted (ORDER BY) whose time goes down: the store's order is not their time order", "UUIDv7 in SQL Server's uniqueidentifier (dotnet/SqlClient#2989)"},
		{ClassStepBackSameClockSeq, "a UUIDv1/v6 whose time steps back keeps its clock sequence (RFC 9562 §5.1)", ""},
		{ClassAhead, "times ahead of the clock when the line arrived (local time east of Greenwich written as UTC, a wrong epoch)", ""},
		{ClassRunsAhead, "the time runs ahead one tick per ID, the bits after it counting on", "CPython 3.14 uuid7 after a step back (cpython#138862)"},
		{ClassCarryIntoTime, "a monotonic increment that overflows carries into the time", ""},
		{ClassSecondsAsMs, "a millisecond time that is whole seconds times 1000", ""},
		{ClassImplausibleTime, "times before 1990", "id128 1.6.6 v1/v6 (times that read as 1764)"},
		{ClassTopBitFlipped, "the top bit set, the time thousands of years ahead", "DuckDB 1.3.0 uuidv7"},
		{ClassOutsideWindow, "times outside the -since/-until window given", ""},
		{ClassBiasedBit, "a random bit stuck or biased", ""},
		{ClassUneven, "random bits unevenly spread (chi-square, upper tail)", ""},
		{ClassTooUniform, "random bits spread more evenly than chance allows (chi-square, lower tail)", "a 32-bit LCG"},
		{ClassSerialCorrelation, "random bits that follow from the predecessor's", "an LCG"},
		{ClassRepeatedRandom, "random parts that repeat far more than chance allows", "a forked or re-seeded PRNG"},
	}
}
