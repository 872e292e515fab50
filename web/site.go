package web

import (
	"bytes"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// siteFS is a site held in memory: every file by its slash-separated name.
// It implements fs.FS with directories implied by the names, as embed.FS
// does, and gives every file a zero modification time.
type siteFS map[string][]byte

func (s siteFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if b, ok := s[name]; ok {
		return &siteFile{info: siteInfo{name: path.Base(name), size: int64(len(b))}, r: bytes.NewReader(b)}, nil
	}
	// A directory: the names directly under it.
	prefix := name + "/"
	if name == "." {
		prefix = ""
	}
	seen := map[string]bool{}
	var entries []fs.DirEntry
	for full, b := range s {
		rest, ok := strings.CutPrefix(full, prefix)
		if !ok {
			continue
		}
		child, _, sub := strings.Cut(rest, "/")
		if seen[child] {
			continue
		}
		seen[child] = true
		info := siteInfo{name: child, size: int64(len(b)), dir: sub}
		if sub {
			info.size = 0
		}
		entries = append(entries, fs.FileInfoToDirEntry(info))
	}
	if len(entries) == 0 && name != "." {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return &siteDir{info: siteInfo{name: path.Base(name), dir: true}, entries: entries}, nil
}

// siteInfo is a file's or directory's fs.FileInfo.
type siteInfo struct {
	name string
	size int64
	dir  bool
}

func (i siteInfo) Name() string       { return i.name }
func (i siteInfo) Size() int64        { return i.size }
func (i siteInfo) ModTime() time.Time { return time.Time{} }
func (i siteInfo) IsDir() bool        { return i.dir }
func (i siteInfo) Sys() any           { return nil }
func (i siteInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}

// siteFile is an open file: it reads and seeks, as http.FileServer needs.
type siteFile struct {
	info siteInfo
	r    *bytes.Reader
}

func (f *siteFile) Stat() (fs.FileInfo, error)                   { return f.info, nil }
func (f *siteFile) Read(p []byte) (int, error)                   { return f.r.Read(p) }
func (f *siteFile) Seek(offset int64, whence int) (int64, error) { return f.r.Seek(offset, whence) }
func (f *siteFile) Close() error                                 { return nil }

// siteDir is an open directory.
type siteDir struct {
	info    siteInfo
	entries []fs.DirEntry
	next    int
}

func (d *siteDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *siteDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: fs.ErrInvalid}
}
func (d *siteDir) Close() error { return nil }

func (d *siteDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.next:]
	if n <= 0 {
		d.next = len(d.entries)
		return slices.Clone(rest), nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.next += len(rest)
	return slices.Clone(rest), nil
}
