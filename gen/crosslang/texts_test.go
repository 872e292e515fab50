package conformance_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"math/rand"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/conformance"
	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/interp"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
)

// discordID is the example of Discord's API documentation: a snowflake
// made at 2016-04-30 11:18:25.796 UTC, as Discord sends it, in decimal.
const (
	discordID    = "175928847299117063"
	discordHex   = "0271065ac1020007"
	discordNanos = "1462015105796000000"
)

// textsRequest asks testdata/texts.* to write the IDs Hex in a layout's
// text and to read Texts.
type textsRequest struct {
	Module string   `json:"module"`
	Hex    []string `json:"hex"`
	Texts  []string `json:"texts"`
}

type textsAnswer struct {
	Texts  []string   `json:"texts"`
	JSON   []string   `json:"json"` // JavaScript's JSON.stringify
	Parsed []textRead `json:"parsed"`
}

// textRead is what a language read from a text: an ID's hex and time, or
// the code of its error.
type textRead struct {
	Hex   string  `json:"hex"`
	Nanos *string `json:"nanos"`
	Error string  `json:"error"`
}

func (r textRead) String() string {
	if r.Error != "" {
		return "error " + r.Error
	}
	return r.Hex
}

// askTexts runs testdata/texts.* in a language on the requests.
func askTexts(t *testing.T, name string, args []string, reqs []textsRequest) []textsAnswer {
	t.Helper()
	in, err := json.Marshal(reqs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = "testdata"
	cmd.Env = packageEnv(t)
	cmd.Stdin = bytes.NewReader(in)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	var as []textsAnswer
	if err := json.Unmarshal(out.Bytes(), &as); err != nil || len(as) != len(reqs) {
		t.Fatalf("%s: %d answers to %d requests (%v)", name, len(as), len(reqs), err)
	}
	return as
}

// textSamples returns IDs of layout l: every bit zero, every bit one, for
// a 64-bit layout the largest and the least int64, and random ones, half
// of them with the layout's constants, so that they are its IDs.
func textSamples(l *layouts.Layout, r *rand.Rand) [][]byte {
	ones := bytes.Repeat([]byte{0xff}, l.Bytes())
	ids := [][]byte{make([]byte, l.Bytes()), ones}
	if l.Bits == 64 {
		ids = append(ids, []byte{0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, []byte{0x80, 0, 0, 0, 0, 0, 0, 0})
	}
	for i := range 8 {
		x := new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(l.Bits)))
		if i%2 == 0 {
			for _, p := range l.Parts {
				if p.Role != layouts.Const {
					continue
				}
				at := l.Bits - p.Offset - p.Width
				for k := range p.Width {
					x.SetBit(x, at+k, uint(p.Const>>k&1))
				}
			}
		}
		ids = append(ids, x.FillBytes(make([]byte, l.Bytes())))
	}
	return ids
}

// readsAs reports whether got, what JavaScript or Python read from text,
// is the ID of hex h: or, where text is the negative decimal of an ID
// whose top bit is set and the layout's decimal takes no sign (its top bit
// is a constant zero), the error Go's Parse gives it
// (conformance.DecimalError), as no ID of the layout is negative.
func readsAs(l *layouts.Layout, text string, got textRead, h string) bool {
	if t, err := resolved.TextIn(l, "decimal"); err == nil && l.CanonicalText() == "decimal" {
		if kind := conformance.DecimalError(text, t.Signed); kind != "" {
			return got.Error == kind // an ID whose top bit is set, where it is a constant zero
		}
	}
	return got.Error == "" && got.Hex == h
}

// goReads reads text as idforge's command does, as an ID of layout l in
// its canonical form, and returns the ID's hex and its time, or "".
func goReads(l *layouts.Layout, text string) (string, string) {
	for _, c := range explain.Readings(text, explain.ReadOptions{Layout: l}).Candidates {
		if c.Form == explain.Canonical(l) {
			return hex.EncodeToString(c.ID), c.Time
		}
	}
	return "", ""
}

// For every built-in layout, the text idforge's command writes (its
// canonical form) is the text the JavaScript and Python modules
// write for the same ID, JSON.stringify's included; and each of the three
// reads what the other two wrote back to the same ID: JavaScript and
// Python every ID, Go (the command's reader, explain) every ID of
// the layout, whose constants are right. Discord's own example,
// 175928847299117063, reads in all three as the same ID, made at the same
// time. (interop/pgsql's TestDiscordDecimal reads it in SQL.)
func TestCanonicalText(t *testing.T) {
	t.Parallel()
	testenv.NeedTool(t, testenv.Node)
	testenv.NeedTool(t, testenv.Python)
	readInputs(t, "testdata/texts.*")
	ls, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(44)) // the same IDs at every run
	var reqs []textsRequest
	var cli [][]string
	var valid [][]bool
	for _, l := range ls {
		// The canonical text as idforge's command writes it, from the one
		// place it is decided: decimal unsigned.
		f := resolved.Must(l).Text.Format
		req := textsRequest{Module: strings.ReplaceAll(l.Name, "-", "_")}
		var texts []string
		var ok []bool
		for _, b := range textSamples(l, r) {
			req.Hex = append(req.Hex, hex.EncodeToString(b))
			texts = append(texts, f(b))
			_, err := interp.Unpack(l, b)
			ok = append(ok, err == nil)
		}
		req.Texts = texts
		reqs = append(reqs, req)
		cli, valid = append(cli, texts), append(valid, ok)
	}
	js := []string{"texts.mjs"}
	py := []string{"-B", "texts.py"}

	// Each language writes the IDs, and reads the command's texts.
	jsa, pya := askTexts(t, "node", js, reqs), askTexts(t, "python3", py, reqs)
	for i, l := range ls {
		for k, h := range reqs[i].Hex {
			want := cli[i][k]
			if got := jsa[i].Texts[k]; got != want {
				t.Errorf("%s %s: JavaScript writes %q, idforge %q", l.Name, h, got, want)
			}
			if got := jsa[i].JSON[k]; got != `"`+want+`"` {
				t.Errorf("%s %s: JavaScript's JSON.stringify writes %s, want %q", l.Name, h, got, want)
			}
			if got := pya[i].Texts[k]; got != want {
				t.Errorf("%s %s: Python writes %q, idforge %q", l.Name, h, got, want)
			}
			for lang, a := range map[string]textsAnswer{"JavaScript": jsa[i], "Python": pya[i]} {
				if got := a.Parsed[k]; !readsAs(l, want, got, h) {
					t.Errorf("%s: %s reads idforge's %q as %v, want %s", l.Name, lang, want, got, h)
				}
			}
		}
	}

	// Each reads the others': JavaScript Python's, Python JavaScript's, Go
	// both, and all three Discord's example.
	jsReq, pyReq := make([]textsRequest, len(reqs)), make([]textsRequest, len(reqs))
	for i, l := range ls {
		jsReq[i], pyReq[i] = reqs[i], reqs[i]
		jsReq[i].Texts, pyReq[i].Texts = pya[i].Texts, jsa[i].Texts
		if l.Name == "discord" {
			jsReq[i].Texts = append(jsReq[i].Texts[:len(jsReq[i].Texts):len(jsReq[i].Texts)], discordID)
			pyReq[i].Texts = append(pyReq[i].Texts[:len(pyReq[i].Texts):len(pyReq[i].Texts)], discordID)
		}
	}
	jsa, pya = askTexts(t, "node", js, jsReq), askTexts(t, "python3", py, pyReq)
	// Go reads every text, unsigned decimal of 2^63 and more included:
	// idforge's command writes an ID whose top bit is set as the unsigned
	// number its bits hold, as Go's String does, and reads it back
	// (explain, the command's reader).
	discord := false
	for i, l := range ls {
		for k, h := range reqs[i].Hex {
			if got := jsa[i].Parsed[k]; !readsAs(l, jsReq[i].Texts[k], got, h) {
				t.Errorf("%s: JavaScript reads Python's %q as %v, want %s", l.Name, jsReq[i].Texts[k], got, h)
			}
			if got := pya[i].Parsed[k]; !readsAs(l, pyReq[i].Texts[k], got, h) {
				t.Errorf("%s: Python reads JavaScript's %q as %v, want %s", l.Name, pyReq[i].Texts[k], got, h)
			}
			if !valid[i][k] {
				continue
			}
			for lang, text := range map[string]string{"JavaScript": pyReq[i].Texts[k], "Python": jsReq[i].Texts[k]} {
				if got, _ := goReads(l, text); got != h {
					t.Errorf("%s: Go reads %s's %q as %q, want %s", l.Name, lang, text, got, h)
				}
			}
		}
		if l.Name != "discord" {
			continue
		}
		discord = true
		n := len(reqs[i].Hex)
		for lang, got := range map[string]textRead{"JavaScript": jsa[i].Parsed[n], "Python": pya[i].Parsed[n]} {
			if got.Error != "" || got.Hex != discordHex || got.Nanos == nil || *got.Nanos != discordNanos {
				t.Errorf("%s reads Discord's %s as %v at %v ns, want %s at %s ns", lang, discordID, got, got.Nanos, discordHex, discordNanos)
			}
		}
		at, _ := time.Parse(time.RFC3339Nano, "2016-04-30T11:18:25.796Z")
		if got, when := goReads(l, discordID); got != discordHex || when != at.Format(time.RFC3339Nano) {
			t.Errorf("Go reads Discord's %s as %q at %q, want %s at %v", discordID, got, when, discordHex, at)
		}
	}
	if !discord {
		t.Error("no built-in layout discord")
	}
}
