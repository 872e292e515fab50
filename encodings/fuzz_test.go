package encodings_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/idforge/idforge/encodings"
)

// decodeSeeds are inputs worth starting every decode fuzzer from: the
// published vectors, the edges of the value range, and malformed text.
var decodeSeeds = []string{
	"",
	"0",
	"00",
	"\x00",
	"\x00\x00",
	"\xff\xfe",
	"é1",
	" 0ujtsYcgvSTl8PAuAdqWYSMnLO",
	"0ujtsYcgvSTl8PAuAdqWYSMnLOv",
	"aWgEPTl1tmebfsQzFP4bxwgy80V",
	"aWgEPTl1tmebfsQzFP4bxwgy80W",
	"zzzzzzzzzzzzzzzzzzzzzzzzzzz",
	"000000000000000000000000000",
	"7n42DGM5Tflk9n8mt7Fhc7",
	"7n42DGM5Tflk9n8mt7Fhc8",
	"47",
	"48",
	"01ARYZ6S410000000000000000",
	"01aryz6s410000000000000000",
	"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
	"80000000000000000000000000",
	"01ARYZ6S41000000000000000I",
	"01ARYZ6S41000000000000000L",
	"01ARYZ6S41000000000000000O",
	"01ARYZ6S41000000000000000U",
	"01aryz6s41000000000000000i",
	"01ARYZ6S41-0000000000000000",
	"7Z",
	"80",
	"6ba7b8109dad11d180b400c04fd430c8",
	"6BA7B8109DAD11D180B400C04FD430C8",
	"6ba7b8109dad11d180b400c04fd430cg",
	"ffffffffffffffff",
	strings.Repeat("z", 172),
	strings.Repeat("Z", 205),
}

// oracleLimit bounds the input length, in bytes or characters, that the
// fuzzers hand to the quadratic math/big oracle, so that the fuzzers do not
// stall on the long inputs they like to generate. Longer inputs are still
// decoded and round-tripped, just not compared with the oracle.
const oracleLimit = 256

func fuzzDecode(f *testing.F, o oracle) {
	for _, s := range decodeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkDecode(t, o, s) })
}

// FuzzDeclaredDecode checks the decoder of every encoding declared in
// builtin.encodings against its oracle, as the three above do for the
// hand-written codecs: which picks the encoding.
func FuzzDeclaredDecode(f *testing.F) {
	for i, s := range decodeSeeds {
		f.Add(uint8(i), s)
	}
	f.Add(uint8(0), "9m4e2mr0ui3e8a215n4g") // an xid, in base32hex
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		declared := oracles[3:]
		checkDecode(t, declared[int(which)%len(declared)], s)
	})
}

// checkDecode decodes s with o's codec and checks the result against the
// oracle: the same bytes or the same error, AppendDecode agreeing and
// leaving dst alone on failure, and accepted text re-encoding to itself.
func checkDecode(t *testing.T, o oracle, s string) {
	got, err := o.codec.DecodeString(s)
	if len(s) > oracleLimit {
		if err == nil && o.codec.EncodeToString(got) != o.canonical(s) {
			t.Fatalf("DecodeString(%q) = %x, which does not encode back", s, got)
		}
		return
	}
	want, wantErr := o.decode(s)

	// AppendDecode must agree, and return dst untouched on failure; so
	// must AppendDecodeString, for a declared encoding.
	buf := bytes.Repeat([]byte{0xa5}, 8+len(s))
	app, appErr := o.codec.AppendDecode(buf[:3], []byte(s))
	if e, ok := o.codec.(*encodings.Encoding); ok {
		sbuf := bytes.Repeat([]byte{0xa5}, 8+len(s))
		sapp, sErr := e.AppendDecodeString(sbuf[:3], s)
		if !bytes.Equal(sapp, app) || (sErr == nil) != (appErr == nil) || sErr != nil && sErr.Error() != appErr.Error() {
			t.Fatalf("AppendDecodeString(%q) = %x, %v; AppendDecode gives %x, %v", s, sapp, sErr, app, appErr)
		}
	}

	if wantErr != nil {
		if !sameError(err, wantErr) || got != nil {
			t.Fatalf("DecodeString(%q) = %x, %v; want error %v", s, got, err, wantErr)
		}
		if !sameError(appErr, wantErr) || len(app) != 3 || &app[0] != &buf[0] {
			t.Fatalf("AppendDecode(%q) = %x, %v; want dst and error %v", s, app, appErr, wantErr)
		}
		if !bytes.Equal(buf[:3], []byte{0xa5, 0xa5, 0xa5}) {
			t.Fatalf("failed AppendDecode(%q) changed dst", s)
		}
		return
	}
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("DecodeString(%q) = %x, %v; oracle gives %x", s, got, err, want)
	}
	if appErr != nil || !bytes.Equal(app[3:], want) || !bytes.Equal(app[:3], []byte{0xa5, 0xa5, 0xa5}) {
		t.Fatalf("AppendDecode(%q) = %x, %v", s, app, appErr)
	}
	// Whatever is accepted re-encodes to its canonical text: itself, up
	// to case where the encoding folds it, with each alias as its digit.
	if re := o.codec.EncodeToString(got); re != o.canonical(s) {
		t.Fatalf("DecodeString(%q) = %x, which encodes to %q, not %q", s, got, re, o.canonical(s))
	}
}

func FuzzBase62Decode(f *testing.F)    { fuzzDecode(f, oracles[0]) }
func FuzzCrockfordDecode(f *testing.F) { fuzzDecode(f, oracles[1]) }
func FuzzHexDecode(f *testing.F)       { fuzzDecode(f, oracles[2]) }

// FuzzRoundTrip checks, for every codec, that encoding arbitrary bytes
// matches the oracle and decodes back to the same bytes, and that the two
// halves of the input encode in the same order as they compare.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0})
	f.Add([]byte{0xff})
	f.Add(mustHex("0669F7EFB5A1CD34B5F99D1154FB6853345C9735"))
	f.Add(bytes.Repeat([]byte{0xff}, 20))
	f.Add(make([]byte, 20))
	f.Add(mustHex("01563df36481" + "00000000000000000000"))
	f.Add(mustHex("6ba7b8109dad11d180b400c04fd430c8"))
	f.Add(append(bytes.Repeat([]byte{0xff}, 16), bytes.Repeat([]byte{0}, 16)...))
	f.Add(bytes.Repeat([]byte{0xff}, encodings.Base62MaxBytes))
	f.Add(bytes.Repeat([]byte{0x80}, encodings.Base62MaxBytes+1))
	f.Fuzz(func(t *testing.T, b []byte) {
		half := len(b) / 2
		x, y := b[:half], b[half:2*half]
		for _, o := range oracles {
			if !o.supports(len(b)) {
				if _, ok := o.codec.(encodings.Base62Encoding); !ok && o.maxBytes < 0 {
					t.Fatalf("%s does not support %d bytes", o.name, len(b))
				}
				continue
			}
			s := o.codec.EncodeToString(b)
			if len(b) <= oracleLimit {
				if want := o.encode(b); s != want {
					t.Fatalf("%s.EncodeToString(%x) = %q, oracle gives %q", o.name, b, s, want)
				}
			}
			if len(s) != o.codec.EncodedLen(len(b)) || o.codec.DecodedLen(len(s)) != len(b) {
				t.Fatalf("%s: %d bytes encoded to %d characters; EncodedLen %d, DecodedLen %d",
					o.name, len(b), len(s), o.codec.EncodedLen(len(b)), o.codec.DecodedLen(len(s)))
			}
			dec, err := o.codec.DecodeString(s)
			if err != nil || !bytes.Equal(dec, b) {
				t.Fatalf("%s.DecodeString(%q) = %x, %v; want %x", o.name, s, dec, err, b)
			}
			app, err := o.codec.AppendDecode([]byte("p"), o.codec.AppendEncode(nil, b))
			if err != nil || string(app) != "p"+string(b) {
				t.Fatalf("%s: AppendDecode(AppendEncode(%x)) = %x, %v", o.name, b, app, err)
			}
			sx, sy := o.codec.EncodeToString(x), o.codec.EncodeToString(y)
			if o.sorts() && strings.Compare(sx, sy) != bytes.Compare(x, y) {
				t.Fatalf("%s: %x, %x encode to %q, %q, out of order", o.name, x, y, sx, sy)
			}
		}
	})
}
