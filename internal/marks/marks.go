// Package marks is the one way from package idrt to the marks of package
// store's state stores, so that neither exports a mark a program could
// call: package store fills it in when it is initialized, and idrt, which
// imports store, calls it (idrt.OpenMark).
package marks

import "time"

// Mark is one layout's high-water mark in a state store. Its methods are
// those idrt.Mark forwards to: see there what each does.
type Mark interface {
	// Err returns the error every write of the mark would fail with, or nil.
	Err() error
	// Loaded returns the mark the store held when it was opened.
	Loaded() uint64
	// Ahead refuses a loaded mark whose time, at, is too far ahead of now.
	Ahead(at, now time.Time) error
	// Cover makes sure the store durably holds a mark above tick.
	Cover(tick uint64) error
	// CoverNear is Cover with the mark written ahead of now, the clock's
	// tick, rather than of tick.
	CoverNear(tick, now uint64) error
}

// Open returns the mark of a layout, by name, in s, a non-nil
// *store.Store, which is written ahead by the given number of ticks. Package
// store sets it in an init function, before any package that imports store
// runs.
var Open func(s any, name string, ahead uint64) Mark
