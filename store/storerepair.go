package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
)

// MaxRepairSize is the largest store file Repair reads, in bytes.
const MaxRepairSize = 64 << 20

// Check reads the store file at path exactly as Open does, without
// locking or changing it, and returns its marks by name. A missing file is an
// error here. legacy reports a file in the older format, which Open
// reads and the first new mark rewrites.
func Check(path string) (marks map[string]uint64, legacy bool, err error) {
	data, exists, err := readStore(path, MaxSize)
	if err != nil {
		return nil, false, err
	}
	if !exists {
		return nil, false, fmt.Errorf("store: checking state store: %w", &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist})
	}
	list, legacy, err := parseStore(path, data)
	if err != nil {
		return nil, false, err
	}
	marks = map[string]uint64{}
	for _, m := range list {
		marks[m.name] = m.tick
	}
	return marks, legacy, nil
}

// Report is what Repair did.
type Report struct {
	// Marks are the marks the repaired store holds.
	Marks map[string]uint64
	// Damage is the error Check gives for the file before the repair,
	// or nil if there was none.
	Damage error
	// Dropped lists, a line each ("line 3: ..."), what Repair read but
	// could not keep, and each mark RepairOptions.Set replaced.
	Dropped []string
	// Backup is the file that holds the store's content before the repair,
	// or "" when the store passed Check and was not rewritten except
	// to upgrade the older format (nor changed by RepairOptions.Set).
	Backup string
}

// Repair rewrites a damaged store file at path from what it can still
// prove, so that Open accepts it again. It locks the store as Open
// does (ErrLocked while a generator holds it) and refuses a path that is not
// a regular file or a file over MaxRepairSize.
//
// It keeps exactly this: for each name, the highest tick on any whole line
// of the form "NAME TICK" (a valid name, one space, a canonical decimal
// tick, a newline at the end, at most MaxLine bytes), in either format,
// wherever the line stands and whatever the checksum says. Marks only ever
// go up, so the highest one read is the one to keep. It drops, and lists in
// Dropped: a last line with no newline (it may have lost digits, so its tick
// cannot be trusted), lines too long, and anything else that is not a mark
// line, the header or a checksum. A mark whose line is gone cannot be
// recovered: a layout with no mark in Marks starts afresh, so before making
// its IDs again, wait until the clock is past the last one made.
//
// The old content is first saved beside the store, in a new file named
// FILE.corrupt-N, the first N free (Backup). A store that passes Check is left alone,
// except that the older format is rewritten in the current one.
func Repair(path string) (*Report, error) {
	return repairStore(path, osFS{}, RepairOptions{})
}

// RepairOptions are the choices RepairWith takes beyond Repair's.
type RepairOptions struct {
	// Clock, if its TimeOf is set, makes the repair refuse to keep a mark
	// further ahead of the clock than its MaxAhead (ErrMarkAhead), whether
	// the file is damaged or not: the file is then left exactly as it is.
	// Without it, a hand-edited mark years ahead would be kept, and every
	// later ID dated there.
	Clock MarkClock
	// Set gives marks to write as given, in place of what the file holds,
	// even lower: the way to bring a mark far ahead back down, knowingly.
	// IDs made under the old mark may then sort after new ones, and repeat
	// once the clock reaches them. The old content is saved as Backup.
	Set map[string]uint64
}

// RepairWith is Repair with options: it refuses a mark too far
// ahead of the clock, and can set marks as asked. Marks in Set are not
// checked against the clock: giving one is the knowing choice.
func RepairWith(path string, o RepairOptions) (*Report, error) {
	return repairStore(path, osFS{}, o)
}

// settle applies o.Set to r (noting each change in r.Dropped) and checks
// the marks that result against o.Clock. changed reports that Set changed a
// mark.
func (o RepairOptions) settle(path string, r *Report) (changed bool, err error) {
	for _, name := range slices.Sorted(maps.Keys(o.Set)) {
		if err := checkMarkName(name); err != nil {
			return false, err
		}
		old, had := r.Marks[name]
		if had && old == o.Set[name] {
			continue
		}
		if had {
			r.Dropped = append(r.Dropped, fmt.Sprintf("%s %d: replaced by %d, as asked", name, old, o.Set[name]))
		}
		r.Marks[name] = o.Set[name]
		changed = true
	}
	check := maps.Clone(r.Marks)
	for name := range o.Set {
		delete(check, name)
	}
	return changed, o.Clock.Check(path, check)
}

func repairStore(path string, fsys storeFS, o RepairOptions) (*Report, error) {
	lock, err := lockStore(path)
	if err != nil {
		return nil, err
	}
	defer unlockStore(lock)
	data, exists, err := readStore(path, MaxRepairSize)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, fmt.Errorf("store: repairing state store: %w", &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist})
	}
	r := &Report{Marks: map[string]uint64{}}
	original := data
	list, legacy, err := parseStore(path, data)
	if err == nil {
		for _, m := range list {
			r.Marks[m.name] = m.tick
		}
		changed, err := o.settle(path, r)
		switch {
		case err != nil:
			return nil, err
		case changed:
			return r, backupAndWrite(fsys, path, original, r)
		case !legacy:
			return r, nil
		}
		return r, writeStore(fsys, path, formatStore(r.Marks))
	}
	if !errors.Is(err, ErrCorrupt) {
		return nil, err
	}
	r.Damage = err
	from := map[string]int{} // the line each kept mark came from
	for n := 1; len(data) > 0; n++ {
		text, rest, whole := bytes.Cut(data, []byte("\n"))
		data = rest
		switch {
		case !whole:
			r.Dropped = append(r.Dropped, fmt.Sprintf("line %d: %q has no newline at its end: it may be cut short", n, clip(text)))
			continue
		case len(text) >= MaxLine:
			r.Dropped = append(r.Dropped, fmt.Sprintf("line %d: longer than %d bytes", n, MaxLine))
			continue
		case string(text) == storeHeader || bytes.HasPrefix(text, []byte(sumPrefix)):
			continue
		}
		name, tick, err := parseMarkLine(text)
		if err != nil {
			r.Dropped = append(r.Dropped, fmt.Sprintf("line %d: %v", n, err))
			continue
		}
		if old, ok := r.Marks[name]; ok {
			low, lowLine := tick, n
			if tick > old {
				low, lowLine = old, from[name]
			}
			r.Dropped = append(r.Dropped, fmt.Sprintf("line %d: %s %d is below another mark of %s; the higher is kept", lowLine, name, low, name))
			if tick <= old {
				continue
			}
		}
		r.Marks[name], from[name] = tick, n
	}
	if _, err := o.settle(path, r); err != nil {
		return nil, err
	}
	return r, backupAndWrite(fsys, path, original, r)
}

// backupAndWrite saves the store's original content as r.Backup, then
// writes r.Marks over the store.
func backupAndWrite(fsys storeFS, path string, original []byte, r *Report) error {
	backup, err := createBackup(path)
	if err != nil {
		return fmt.Errorf("store: saving the state store before its repair: %w", err)
	}
	r.Backup = backup.Name()
	_, err = backup.Write(original)
	if err == nil {
		err = backup.Sync()
	}
	if cerr := backup.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("store: saving the state store before its repair to %s: %w", r.Backup, err)
	}
	return writeStore(fsys, path, formatStore(r.Marks))
}

// createBackup creates the first of FILE.corrupt-1, FILE.corrupt-2, ...
// that does not exist yet.
func createBackup(path string) (*os.File, error) {
	for i := 1; ; i++ {
		f, err := os.OpenFile(fmt.Sprintf("%s.corrupt-%d", path, i), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if !errors.Is(err, fs.ErrExist) || i == 1000 {
			return f, err
		}
	}
}

// clip shortens text for a message.
func clip(text []byte) []byte {
	if len(text) > 40 {
		return append(text[:40:40], "..."...)
	}
	return text
}
