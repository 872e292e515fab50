// Package store keeps ID generators' time high-water marks across process
// restarts, so that a restarted process, even with its clock set back,
// neither repeats an ID nor goes back (RFC 9562 section 6.3). It is the
// user-facing half of idforge's runtime: open a store and hand it to a
// generator, as in
//
//	s, err := store.Open("ids.state")
//	if err != nil {
//		return err
//	}
//	defer s.Close()
//	g, err := uuid.NewGenerator(uuid.WithStore(s))
//
// and check or repair a store file with Check, Repair and RepairWith (the
// command line's idforge store does). Its API is stable. What generated
// code alone calls lives in package idrt, which makes no such promise.
//
// A store is a small text file with a checksum, written atomically and
// locked while open: with flock on Unix, and LockFileEx on Windows, so that
// two processes never share one. On platforms with neither (AIX, Solaris,
// Plan 9, js/wasm and wasip1), Open returns an error matching
// errors.ErrUnsupported rather than run without a lock.
//
// It uses only the standard library.
package store
