// Command oklogulid is a testee of idforge conformance for
// github.com/oklog/ulid/v2: it answers the protocol of
// docs/conformance.md for the corpus's ulid layout with that library's own
// functions, and computes only what the library lacks (the bounds of a
// time, nanoseconds from milliseconds). Its expected failures, with their
// reasons, are in oklog-ulid.failures beside it.
//
//	idforge conformance -testee 'go run ./interop/conformance/oklogulid' \
//	    -failures interop/conformance/oklogulid/oklog-ulid.failures
package main

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"strconv"

	"github.com/oklog/ulid/v2"
)

type request struct {
	Op    string   `json:"op"`
	Form  string   `json:"form"`
	Text  string   `json:"text"`
	Hex   string   `json:"hex"`
	At    string   `json:"at"`
	A     string   `json:"a"`
	B     string   `json:"b"`
	N     int      `json:"n"`
	Clock []string `json:"clock"`
}

type response map[string]any

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			enc.Encode(response{"ok": false, "error": "ErrTestee"})
			continue
		}
		enc.Encode(answer(req))
		// The driver waits for the capabilities before it sends the rest;
		// after that, flushing once the input is read (or at exit) is enough.
		if req.Op == "capabilities" {
			out.Flush()
		}
	}
	out.Flush()
}

func answer(req request) response {
	switch req.Op {
	case "capabilities":
		return response{"ok": true, "name": "oklog/ulid", "version": "v2.1.2", "protocol": 1,
			"layouts": []string{"ulid"}, "ops": []string{"parse", "format", "fields", "time", "bounds", "compare", "generate"},
			"forms": []string{"text", "crockford", "bytes"}, "clock": true}
	case "parse":
		var id ulid.ULID
		var err error
		if req.Form == "bytes" {
			b, _ := hex.DecodeString(req.Text)
			err = id.UnmarshalBinary(b)
		} else {
			id, err = ulid.ParseStrict(req.Text)
		}
		if err != nil {
			return refusal(err)
		}
		return response{"ok": true, "hex": hex.EncodeToString(id[:])}
	case "format":
		return response{"ok": true, "text": of(req.Hex).String()}
	case "fields":
		id := of(req.Hex)
		// A ULID has no constant bits: every 128 bits are one.
		return response{"ok": true, "valid": true, "fields": map[string]string{
			"timestamp": strconv.FormatUint(id.Time(), 10), "entropy": hex.EncodeToString(id.Entropy())}}
	case "time":
		// The library reads milliseconds; the protocol wants nanoseconds.
		ns := new(big.Int).Mul(new(big.Int).SetUint64(of(req.Hex).Time()), big.NewInt(1e6))
		return response{"ok": true, "unix_ns": ns.String()}
	case "bounds":
		return bounds(req.At)
	case "compare":
		return response{"ok": true, "cmp": of(req.A).Compare(of(req.B))}
	case "generate":
		return generate(req)
	}
	return response{"ok": false, "error": "ErrOp"}
}

// of returns the ULID whose bytes are h, hex (the driver's own).
func of(h string) (id ulid.ULID) {
	b, _ := hex.DecodeString(h)
	copy(id[:], b)
	return id
}

// refusal names the library's error as the protocol's kinds do.
func refusal(err error) response {
	kind := "ErrTestee"
	switch {
	case errors.Is(err, ulid.ErrDataSize):
		kind = "ErrLength"
	case errors.Is(err, ulid.ErrInvalidCharacters):
		kind = "ErrSyntax"
	case errors.Is(err, ulid.ErrOverflow):
		kind = "ErrOverflow"
	}
	return response{"ok": false, "error": kind}
}

// bounds computes what oklog/ulid has no function for: the smallest ULID
// of a time at or after at (its millisecond rounded up; the first before
// 1970) and the largest at or before it (rounded down; the last past
// ulid.MaxTime()), with SetTime and SetEntropy. Where no ULID qualifies,
// ErrTime with the other side.
func bounds(at string) response {
	ns, _ := new(big.Int).SetString(at, 10)
	ms, rem := new(big.Int).DivMod(ns, big.NewInt(1e6), new(big.Int))
	up := new(big.Int).Set(ms)
	if rem.Sign() > 0 {
		up.Add(up, big.NewInt(1))
	}
	last := new(big.Int).SetUint64(ulid.MaxTime())
	res := response{"ok": true}
	if up.Cmp(last) > 0 {
		res["ok"], res["error"] = false, "ErrTime"
	} else {
		var lo ulid.ULID
		lo.SetTime(uint64(max(up.Int64(), 0)))
		res["min"] = hex.EncodeToString(lo[:])
	}
	if ms.Sign() < 0 {
		res["ok"], res["error"] = false, "ErrTime"
	} else {
		var hi ulid.ULID
		hi.SetTime(min(ms.Uint64(), ulid.MaxTime()))
		hi.SetEntropy([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
		res["max"] = hex.EncodeToString(hi[:])
	}
	return res
}

// generate makes N ULIDs with ulid.New and one monotonic entropy source,
// the library's way to order IDs within a millisecond, at the clock's
// readings (nanoseconds, which the library takes as milliseconds).
func generate(req request) response {
	entropy := ulid.Monotonic(rand.Reader, 0)
	ids := []string{}
	for i := range req.N {
		ms := ulid.Now()
		if len(req.Clock) > 0 {
			ns, _ := strconv.ParseInt(req.Clock[min(i, len(req.Clock)-1)], 10, 64)
			ms = uint64(ns / 1e6)
		}
		id, err := ulid.New(ms, entropy)
		if err != nil {
			return response{"ok": false, "error": "ErrTestee", "ids": ids}
		}
		ids = append(ids, hex.EncodeToString(id[:]))
	}
	return response{"ok": true, "ids": ids}
}
