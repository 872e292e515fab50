package web_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idforge/idforge/explain"
	"github.com/idforge/idforge/gen"
	"github.com/idforge/idforge/layouts"
	"github.com/idforge/idforge/mask"
	"github.com/idforge/idforge/maskkey"
	"github.com/idforge/idforge/resolved"
	"github.com/idforge/idforge/testenv"
	"github.com/idforge/idforge/web"
	"github.com/idforge/idforge/web/playgen"
)

// chromium drives a headless Chromium over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ending in NUL on file
// descriptors 3 and 4), so the test needs no WebSocket library and no npm.
type chromium struct {
	cmd     *exec.Cmd
	w       io.WriteCloser
	mu      sync.Mutex
	next    int
	waiting map[int]chan cdpReply
	session string
	done    chan struct{}
	stderr  bytes.Buffer
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// findChromium returns the browser to test with: $CHROMIUM, or chromium
// or chromium-browser on the PATH.
func findChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startChromium starts a headless Chromium with one blank page, attached.
func startChromium(t *testing.T) *chromium {
	t.Helper()
	bin := findChromium()
	if bin == "" {
		t.Skip(testenv.MissingTool(testenv.Chromium))
	}
	// Our ends and Chromium's: it reads commands on fd 3 and writes replies on fd 4.
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &chromium{w: cmdW, waiting: map[int]chan cdpReply{}, done: make(chan struct{})}
	// The profile is removed by hand, not by t.TempDir: a helper process
	// still writing to it as the browser stops must not fail the test.
	profile, err := os.MkdirTemp("", "idforge-chromium")
	if err != nil {
		t.Fatal(err)
	}
	c.cmd = exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-dev-shm-usage",
		"--user-data-dir="+profile, "--remote-debugging-pipe", "--window-size=1000,900", "about:blank")
	c.cmd.ExtraFiles = []*os.File{cmdR, repW}
	c.cmd.Stderr = &c.stderr
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmdR.Close()
	repW.Close()
	go c.read(repR)
	exited := make(chan struct{})
	go func() { c.cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		// Ask the browser to close, and kill it if it has not in 30 s.
		c.call("", "Browser.close", nil, nil)
		c.w.Close()
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			c.cmd.Process.Kill()
			<-exited
		}
		os.RemoveAll(profile)
	})
	var targets struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
		} `json:"targetInfos"`
	}
	c.must(t, "", "Target.getTargets", nil, &targets)
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" {
			var att struct {
				SessionID string `json:"sessionId"`
			}
			c.must(t, "", "Target.attachToTarget", map[string]any{"targetId": ti.TargetID, "flatten": true}, &att)
			c.session = att.SessionID
			break
		}
	}
	if c.session == "" {
		t.Fatalf("chromium has no page: %+v", targets)
	}
	c.must(t, c.session, "Page.enable", nil, nil)
	c.must(t, c.session, "Runtime.enable", nil, nil)
	// A headless page has no window focus, so focus events would not fire.
	c.must(t, c.session, "Emulation.setFocusEmulationEnabled", map[string]any{"enabled": true}, nil)
	return c
}

// read delivers Chromium's replies to the calls waiting for them.
func (c *chromium) read(r io.Reader) {
	defer close(c.done)
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil || m.ID == 0 {
			continue // an event
		}
		c.mu.Lock()
		ch := c.waiting[m.ID]
		delete(c.waiting, m.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends one command and waits for its reply, up to a minute.
func (c *chromium) call(session, method string, params any, result any) error {
	c.mu.Lock()
	c.next++
	id := c.next
	ch := make(chan cdpReply, 1)
	c.waiting[id] = ch
	c.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := c.w.Write(append(b, 0)); err != nil {
		return err
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(r.Result, result)
		}
		return nil
	case <-c.done:
		return fmt.Errorf("%s: chromium exited: %s", method, c.stderr.String())
	case <-time.After(time.Minute):
		return fmt.Errorf("%s: no reply in a minute", method)
	}
}

func (c *chromium) must(t *testing.T, session, method string, params, result any) {
	t.Helper()
	if err := c.call(session, method, params, result); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression in the page and stores its value
// (returned by value, as JSON; a promise's, once it settles) in out.
func (c *chromium) eval(t *testing.T, expr string, out any) {
	t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	c.must(t, c.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if r.ExceptionDetails != nil {
		t.Fatalf("%s: %s %s", expr, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if out != nil {
		if err := json.Unmarshal(r.Result.Value, out); err != nil {
			t.Fatalf("%s: %s: %v", expr, r.Result.Value, err)
		}
	}
}

// open loads a URL and waits, up to two minutes (a loaded CI machine),
// for the page to mark itself ready; it fails if the page reports an error.
func (c *chromium) open(t *testing.T, u string) {
	t.Helper()
	c.must(t, c.session, "Page.navigate", map[string]any{"url": u}, nil)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var ready string
		c.eval(t, `document.readyState === "complete" && document.body ? (document.body.dataset.ready || "") : ""`, &ready)
		switch ready {
		case "1":
			return
		case "error":
			var status string
			c.eval(t, `document.getElementById("status").textContent`, &status)
			t.Fatalf("%s: the page failed: %s", u, status)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not ready after two minutes", u)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// screenshot saves the page, whole, as a PNG file, at a width in CSS
// pixels.
func (c *chromium) screenshot(t *testing.T, file string, width int) {
	t.Helper()
	c.shoot(t, file, width, true)
}

// shoot saves the page as a PNG file at a width in CSS pixels: whole, or
// only what a 390x844 (or width x 900) screen shows.
func (c *chromium) shoot(t *testing.T, file string, width int, whole bool) {
	t.Helper()
	height := 900
	if width < 600 {
		height = 844
	}
	c.must(t, c.session, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600,
	}, nil)
	var shot struct {
		Data string `json:"data"`
	}
	c.must(t, c.session, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": whole}, &shot)
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("%s: not a PNG", file)
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot at %d px: %s (%d bytes)", width, file, len(png))
}

// shotDir is where the screenshots go: $IDFORGE_SCREENSHOTS, or the test's
// temporary directory.
func shotDir(t *testing.T) string {
	if d := os.Getenv("IDFORGE_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// pageURL is the page opened from disk, the whole site as WriteSite
// writes it (built once for the test binary), with a query.
func pageURL(t *testing.T, query url.Values) string {
	_, dir := builtSite(t)
	abs, err := filepath.Abs(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: query.Encode()}
	return u.String()
}

const orderidSpec = `# The README's own layout: a UUIDv8 with a 10-bit shard.
layout orderid 128
  millis      44  time 2020-01-01T00:00:00Z ms
  shard_hi     4  shard[6:10] node
  ver          4  = 8
  shard_lo     6  shard[0:6]
  counter      6  counter
  var          2  = 0b10
  rest        62  random
`

// The page, opened from disk in a real headless Chromium, renders the
// three kinds of link: an ID, a spec, and a broken spec.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	c := startChromium(t)
	dir := shotDir(t)

	t.Run("id", func(t *testing.T) {
		c.open(t, pageURL(t, url.Values{"id": {"017F22E2-79B0-7CC3-98C4-DC0C0C07398F"}}))
		var got struct {
			Layouts  []string
			Fields   []string
			Segs     int
			Time     string
			Titles   []string
			Focus    string
			Tabbable int
			Ms       string
		}
		c.eval(t, `(() => {
			const first = document.querySelector("#inspect-out article.reading");
			return {
				Layouts: [...document.querySelectorAll("#inspect-out article.reading")].map(a => a.dataset.layout),
				Fields: [...first.querySelectorAll("table")[0].querySelectorAll("tbody th")].map(th => th.textContent),
				Segs: first.querySelectorAll("svg g.seg").length,
				Time: [...first.querySelectorAll("td")].map(td => td.textContent).find(s => /^\d{4}-\d\d-\d\dT/.test(s)) || "",
				Titles: [...first.querySelectorAll("svg g.seg title")].map(t => t.textContent),
				Focus: document.activeElement.id,
				Tabbable: first.querySelectorAll("svg g.seg[tabindex='0']").length,
				Ms: ["tScript", "tUnzip", "tCompile", "tGo", "tInspect", "renderMs"].map(k => k + " " + document.body.dataset[k]).join(", "),
			};
		})()`, &got)
		if len(got.Layouts) == 0 || got.Layouts[0] != "uuidv7" {
			t.Fatalf("readings %v, want uuidv7 first", got.Layouts)
		}
		if strings.Join(got.Fields, ",") != "unix_ms,rand_a,rand_b" {
			t.Errorf("fields %v", got.Fields)
		}
		if got.Segs != 5 || got.Tabbable != 5 {
			t.Errorf("%d segments in the diagram, %d tabbable, want 5", got.Segs, got.Tabbable)
		}
		// RFC 9562's example UUIDv7: its time, shown in the table and on hover.
		if got.Time != "2022-02-22T19:22:22Z" {
			t.Errorf("time %q", got.Time)
		}
		if !strings.Contains(strings.Join(got.Titles, "\n"), "unix_ms = 1645557742000 (0x17f22e279b0)") {
			t.Errorf("titles %q, want unix_ms's value", got.Titles)
		}
		if got.Focus != "id-input" {
			t.Errorf("focus on %q, want the ID input", got.Focus)
		}
		// Keyboard: a segment takes the focus, and its bits and value show
		// under the diagram, as on hover.
		var info string
		c.eval(t, `(() => {
			const g = document.querySelector("#inspect-out article.reading svg g.seg");
			g.focus();
			return document.activeElement === g ? g.closest(".diagram").nextElementSibling.textContent : "not focused";
		})()`, &info)
		if !strings.HasPrefix(info, "unix_ts_ms: bits 0–47 (48), time") || !strings.Contains(info, "unix_ms = 1645557742000") {
			t.Errorf("a focused segment shows %q", info)
		}
		t.Logf("first render of the ID link, ms after navigation began: %s", got.Ms)
		c.screenshot(t, filepath.Join(dir, "playground-id.png"), 1000)
		// What a screen shows first, for the README (web/screenshot.png).
		c.eval(t, `window.scrollTo(0, 0)`, nil)
		c.shoot(t, filepath.Join(dir, "playground-screen.png"), 860, false)
	})

	// Private IDs: a key typed into the page shows the ID's public form,
	// package mask's, and the key stays out of the link.
	t.Run("mask", func(t *testing.T) {
		c.open(t, pageURL(t, url.Values{"id": {"017F22E2-79B0-7CC3-98C4-DC0C0C07398F"}}))
		var got struct{ Text, Link string }
		c.eval(t, `(async () => {
			document.querySelector("#mask-box").open = true;
			const k = document.querySelector("#mask-key");
			k.value = "000102030405060708090a0b0c0d0e0f";
			k.dispatchEvent(new Event("input"));
			for (let i = 0; i < 50 && !document.querySelector("#mask-out"); i++) await new Promise((r) => setTimeout(r, 50));
			const out = document.querySelector("#mask-out");
			return { Text: out ? out.textContent : "", Link: location.href };
		})()`, &got)
		l, _ := layouts.Builtin("uuidv7")
		k, _ := maskkey.Parse("000102030405060708090a0b0c0d0e0f")
		m, _ := mask.New(l, k, nil)
		pub, _ := m.Mask([]byte{0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0, 0x7c, 0xc3, 0x98, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f})
		h := hex.EncodeToString(pub)
		want := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		if !strings.Contains(got.Text, want) {
			t.Errorf("the page shows %q, want the public form %s", got.Text, want)
		}
		if strings.Contains(got.Link, "000102") {
			t.Errorf("the key is in the link: %s", got.Link)
		}
		c.screenshot(t, filepath.Join(dir, "playground-mask.png"), 1000)
	})

	t.Run("spec", func(t *testing.T) {
		c.open(t, pageURL(t, url.Values{"spec": {orderidSpec}}))
		var got struct {
			Props   map[string]string
			Segs    int
			Curves  int
			Keys    int
			Samples []string
			Buttons []string
			Focus   string
		}
		c.eval(t, `(() => {
			const out = document.getElementById("spec-out");
			const props = {};
			for (const tr of document.querySelectorAll("#props tr")) props[tr.querySelector("th").textContent] = tr.querySelector("td").textContent;
			return {
				Props: props,
				Segs: out.querySelectorAll(".diagram svg g.seg").length,
				Curves: out.querySelectorAll(".plot svg polyline.curve").length,
				Keys: out.querySelectorAll(".plot svg g.key").length,
				Samples: [...out.querySelectorAll("ol.samples li")].map(li => li.firstChild.textContent),
				Buttons: [...out.querySelectorAll(".downloads button")].map(b => b.dataset.lang),
				Focus: document.activeElement.id,
			};
		})()`, &got)
		l, err := layouts.Parse("spec.layout", []byte(orderidSpec))
		if err != nil {
			t.Fatal(err)
		}
		want := explain.PropsOf(resolved.Must(l), 1000, 1)
		for k, v := range map[string]string{"sorts by time": want.SortsByTime, "overflows": want.Overflows, "IDs per tick": want.PerTick, "monotonic": want.Monotonic} {
			if got.Props[k] != v {
				t.Errorf("%s: %q, want %q", k, got.Props[k], v)
			}
		}
		if !strings.HasPrefix(got.Props["node space"], "1024 nodes") {
			t.Errorf("node space %q, want 1024 nodes", got.Props["node space"])
		}
		if got.Segs != 7 {
			t.Errorf("%d segments in the diagram, want 7", got.Segs)
		}
		// One key for each of 1, 16, 256 and 4096 generators; a line only
		// where duplicates can come: with its 1024 node numbers, only 4096
		// generators must share some.
		if got.Keys != 4 || got.Curves != 1 {
			t.Errorf("%d keys and %d curves in the duplicate plot, want 4 and 1", got.Keys, got.Curves)
		}
		if len(got.Samples) != 5 {
			t.Fatalf("samples %v, want 5", got.Samples)
		}
		for i, s := range got.Samples {
			if len(s) != 36 || s[14] != '8' || i > 0 && s <= got.Samples[i-1] {
				t.Errorf("sample %d %q: want increasing UUIDv8s", i, s)
			}
		}
		// A button for each language of the registry, in its order.
		if strings.Join(got.Buttons, ",") != strings.Join(gen.Names(), ",") {
			t.Errorf("download buttons %v, want the registry's languages %v", got.Buttons, gen.Names())
		}
		// The emitters run in the browser (the Go one with go/format), in
		// the module the page loads when first asked for code.
		var codes map[string]playgen.Result
		c.eval(t, `(async () => {
			const spec = document.getElementById("spec-input").value, out = {};
			for (const { name } of globalThis.IDFORGE_LANGUAGES) out[name] = await playground.code(spec, name);
			return out;
		})()`, &codes)
		for _, lang := range gen.Names() {
			if r := codes[lang]; r.Error != "" || r.File == "" || r.Code == "" || r.Download == "" || (r.Zip == "") != (len(r.Files) == 1) {
				t.Errorf("generated %s in the browser: file %q, download %q, error %q, %d bytes", lang, r.File, r.Download, r.Error, len(r.Code))
			}
		}
		for lang, want := range map[string][3]string{
			"go":     {"orderid_gen.go", "package orderid", "orderid_gen.go"},
			"sql":    {"orderid.sql", "orderid_pack", "orderid.sql"},
			"js":     {"orderid.js", "export class ID", "orderid.zip"},
			"python": {"orderid.py", "class ID", "orderid.py"},
			"java":   {"ID.java", "public final class ID ", "ID.zip"},
		} {
			r := codes[lang]
			if r.Error != "" || r.File != want[0] || !strings.Contains(r.Code, want[1]) || r.Download != want[2] {
				t.Errorf("generated %s in the browser: file %q, download %q, error %q, %d bytes, want %s with %q, saved as %s",
					lang, r.File, r.Download, r.Error, len(r.Code), want[0], want[1], want[2])
			}
		}
		// The Java button saves the class and its IDException in one zip.
		var status string
		c.eval(t, `(async () => {
			document.querySelector('.downloads button[data-lang="java"]').click();
			for (let i = 0; i < 100 && !document.getElementById("status").textContent.startsWith("Generated"); i++)
				await new Promise((r) => setTimeout(r, 50));
			return document.getElementById("status").textContent;
		})()`, &status)
		if status != "Generated ID.zip: ID.java, IDException.java." {
			t.Errorf("after Download Java the page says %q, want the zip of ID.java and IDException.java", status)
		}
		if got.Focus != "spec-input" {
			t.Errorf("focus on %q, want the spec", got.Focus)
		}
		c.screenshot(t, filepath.Join(dir, "playground-spec.png"), 1000)
		c.screenshot(t, filepath.Join(dir, "playground-spec-phone.png"), 390)
		c.eval(t, `document.querySelector("#spec-out .diagram").scrollIntoView()`, nil)
		c.shoot(t, filepath.Join(dir, "playground-spec-phone-diagram.png"), 390, false)
		var overflow int
		c.eval(t, `document.documentElement.scrollWidth - window.innerWidth`, &overflow)
		if overflow > 0 {
			t.Errorf("at 390 px the page is %d px wider than the screen", overflow)
		}
	})

	// The same page served over HTTP, as web/cmd/playground serves it
	// (Handler): an ID and a spec from one link.
	t.Run("served", func(t *testing.T) {
		site, _ := builtSite(t)
		srv := httptest.NewServer(web.Handler(site))
		defer srv.Close()
		c.open(t, srv.URL+"/?"+url.Values{"id": {"01a2077c-508a-8005-8000-268acabee3bb"}, "spec": {orderidSpec}}.Encode())
		var got struct {
			Layouts []string
			Checked bool
			Props   int
		}
		c.eval(t, `({
			Layouts: [...document.querySelectorAll("#inspect-out article.reading")].map(a => a.dataset.layout),
			Checked: document.getElementById("id-with-spec").checked,
			Props: document.querySelectorAll("#props tr").length,
		})`, &got)
		if len(got.Layouts) != 1 || got.Layouts[0] != "orderid" || !got.Checked || got.Props == 0 {
			t.Errorf("served: readings %v (read as the spec only: %v), %d property rows", got.Layouts, got.Checked, got.Props)
		}
	})

	t.Run("broken spec", func(t *testing.T) {
		broken := "layout orderid 128\n  millis 44 time 2020-01-01T00:00:00Z ms\n  ver 4 = 99\n  shard 10 nod\n  rest 60 random\n"
		c.open(t, pageURL(t, url.Values{"spec": {broken}}))
		var got struct {
			Lines []string
			Texts []string
			State string
		}
		c.eval(t, `({
			Lines: [...document.querySelectorAll("#spec-errors li")].map(li => li.dataset.line),
			Texts: [...document.querySelectorAll("#spec-errors li")].map(li => li.textContent),
			State: document.getElementById("spec-out").dataset.state,
		})`, &got)
		if got.State != "error" || len(got.Lines) < 2 {
			t.Fatalf("state %q, errors %q: want every error at once", got.State, got.Texts)
		}
		joined := strings.Join(got.Texts, "\n")
		for _, want := range []string{"line 3: ver:", "line 4: shard:"} {
			if !strings.Contains(joined, want) {
				t.Errorf("errors %q, want one starting %q", got.Texts, want)
			}
		}
		c.screenshot(t, filepath.Join(dir, "playground-broken.png"), 1000)
	})
}
