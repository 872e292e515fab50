package conformance

import (
	"encoding/hex"
	"errors"
	"slices"

	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/storage"
)

// Stored returns the "stored" records of a layout: for every built-in
// storage profile the layout fits, the stored value of each of ids (its
// bytes) under the profile, and, where the profile pads the layout, a
// stored value whose padding is not zero, which every language refuses
// (ErrStored).
func Stored(l *layouts.Layout, ids [][]byte) ([]Record, error) {
	r, err := resolved.New(l)
	if err != nil {
		return nil, err
	}
	var rs []Record
	for _, p := range storage.Profiles() {
		a, err := storage.For(r, p)
		if errors.Is(err, storage.ErrFit) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			s, err := a.Stored(id)
			if err != nil {
				return nil, err
			}
			rs = append(rs, Record{Layout: l.Name, Kind: "stored", Profile: p.Name, Hex: hex.EncodeToString(id), Stored: hex.EncodeToString(s)})
		}
		if len(ids) > 0 {
			s, _ := a.Stored(ids[0])
			for i, from := range a.Perm {
				if from < 0 {
					s[i] ^= 1
					rs = append(rs, Record{Layout: l.Name, Kind: "stored", Profile: p.Name, Input: hex.EncodeToString(s), Error: "ErrStored"})
					break
				}
			}
		}
	}
	return rs, nil
}

// StoredOrder returns the "stored-order" records of a layout: for every
// built-in storage profile that fits the layout and under which the
// store's order is its time order (storage's Sorts), the stored values of
// ids (IDs of different times) in the store's ascending order
// (Profile.Compare), hex. A database test inserts them in another order
// into a column of the store's type and finds that ORDER BY gives this
// list.
func StoredOrder(l *layouts.Layout, ids [][]byte) ([]Record, error) {
	r, err := resolved.New(l)
	if err != nil {
		return nil, err
	}
	var rs []Record
	for _, p := range storage.Profiles() {
		a, err := storage.For(r, p)
		if errors.Is(err, storage.ErrFit) || err == nil && !a.Sorts {
			continue
		}
		if err != nil {
			return nil, err
		}
		var vs [][]byte
		for _, id := range ids {
			s, err := a.Stored(id)
			if err != nil {
				return nil, err
			}
			vs = append(vs, s)
		}
		slices.SortStableFunc(vs, p.Compare)
		rec := Record{Layout: l.Name, Kind: "stored-order", Profile: p.Name}
		for _, s := range vs {
			rec.StoredValues = append(rec.StoredValues, hex.EncodeToString(s))
		}
		rs = append(rs, rec)
	}
	return rs, nil
}
