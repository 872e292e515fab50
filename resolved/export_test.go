package resolved

// Break breaks resolved on purpose until the returned function is called:
// every clock's ticks start tick ticks late (Clock.NanosAt, and so
// Clock.Time, and the ticks Floor, Ceil and Last find), and every field's runs lie shift bits higher in the ID
// than they are (in layouts resolved while it is broken).
func Break(tick, shift int) (restore func()) {
	old := breakage
	breakage.tick, breakage.shift = tick, shift
	return func() { breakage = old }
}
