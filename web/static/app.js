// The idforge playground page: loads the WebAssembly (idforge.wasm.js holds
// it gzipped in base64, so the page works opened from disk, where the
// browser refuses to fetch files), then renders ?id= and ?spec= from the URL and whatever is
// typed. All the work is done by Go (web/play) through globalThis.idforge;
// this file only draws its JSON.
"use strict";

const $ = (id) => document.getElementById(id);


// el makes an element with attributes and children (strings become text).
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

// svgBlock wraps an SVG made by Go (its text escaped there) with a line
// that shows the hovered or focused segment's title, for keyboard and touch.
function svgBlock(svg, cls) {
  const box = el("div", { class: "diagram " + (cls || "") });
  box.innerHTML = svg;
  const info = el("p", { class: "seginfo", "aria-live": "polite" }, "Hover over or tab to a field to see its bits and value.");
  const show = (ev) => {
    const g = ev.target.closest && ev.target.closest("g.seg");
    if (g) info.textContent = g.querySelector("title").textContent;
  };
  box.addEventListener("mouseover", show);
  box.addEventListener("focusin", show);
  return [box, info];
}

function table(rows, head) {
  const t = el("table");
  if (head) t.append(el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))));
  const b = el("tbody");
  for (const r of rows) b.append(el("tr", {}, el("th", { scope: "row" }, r[0]), r.slice(1).map((c) => el("td", { class: "v" }, c))));
  t.append(b);
  return el("div", { class: "scroll" }, t);
}

function call(fn, ...args) {
  return JSON.parse(globalThis.idforge[fn](...args.map(String)));
}

// ---- Inspect an ID ----

function renderInspect() {
  const text = $("id-input").value.trim();
  const out = $("inspect-out");
  out.replaceChildren();
  out.dataset.state = "";
  if (!text) return;
  const spec = $("id-with-spec").checked ? $("spec-input").value : "";
  const r = call("inspect", text, spec);
  if (r.spec) {
    out.dataset.state = "error";
    out.append(el("p", { class: "error" }, "The spec below has errors, so the ID cannot be read as it."));
    return;
  }
  if (r.readings.length === 0) {
    out.dataset.state = "error";
    out.append(el("p", { class: "error", id: "inspect-error" }, r.error));
    return;
  }
  out.dataset.state = "ok";
  if (r.verdict === "certain" || r.verdict === "likely") {
    out.append(el("p", { class: "note" }, `It is ${r.readings[0].title || r.readings[0].layout}.` +
      (r.readings.length > 1 ? " It also decodes as the readings after it, each of weaker evidence, which says why it ranks lower." : "")));
  } else if (r.verdict === "unread") {
    out.append(el("p", { class: "note" }, "It is in no layout's canonical form: it decodes only in other encodings, which idforge reads when -from names one."));
  } else if (r.readings.length > 1) {
    out.append(el("p", { class: "note" }, `It fits ${r.readings.length} layouts, likeliest first: ` +
      r.readings.map((c) => c.layout).join(", ") + "."));
  }
  const key = $("mask-key").value.trim();
  if (key) {
    const m = call("mask", text, spec, key, $("mask-tweak").value);
    out.append(m.error
      ? el("p", { class: "error", id: "mask-out" }, "No public form: " + m.error)
      : el("p", { id: "mask-out" }, `Its public form under this key, as ${m.layout}: `, el("code", {}, m.public)));
  }
  r.readings.forEach((c, i) => {
    const card = el("article", { class: "card reading", "data-layout": c.layout });
    const marks = [c.also && c.also.length ? "also: " + c.also.join(", ") : "", c.implausible || "", c.future ? "in the future" : "",
      c.ranks_lower ? "ranks lower: " + c.ranks_lower : ""].filter(Boolean);
    card.append(el("h3", {}, `${i + 1}. ${c.layout}`, el("span", { class: "note" },
      ` read as ${c.form}${c.prefix ? ", prefix " + c.prefix : ""}${c.title ? " — " + c.title : ""}${marks.length ? " (" + marks.join("; ") + ")" : ""}`)));
    if (c.raw) card.append(el("p", {}, `A raw UUID: variant ${c.variant}, version ${c.version}.`));
    const rows = c.fields.map((f) => [f.name, f.value, f.hex, `${f.bits} bits`, f.role]);
    if (rows.length) card.append(table(rows, ["field", "value", "hex", "width", "role"]));
    if (c.time) card.append(table([["time (UTC)", c.time], ["local time", c.local_time]]));
    card.append(...svgBlock(c.svg));
    card.append(el("h4", {}, "Encodings"));
    card.append(table(Object.entries(c.encodings)));
    out.append(card);
  });
}

// ---- Check a spec ----

function specLine(n) {
  const ta = $("spec-input");
  const lines = ta.value.split("\n");
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[n - 1] || "").length;
  ta.focus();
  ta.setSelectionRange(start, end);
}

async function download(lang) {
  $("status").textContent = "Loading the code generators…";
  let r;
  try {
    r = await code($("spec-input").value, lang);
  } catch (e) {
    r = { error: e.message };
  }
  if (r.error) {
    $("status").textContent = "Cannot generate " + lang + ": " + r.error;
    return;
  }
  // One file as it is, or a zip of them all (Java's class and its IDException, say).
  const blob = r.zip
    ? new Blob([Uint8Array.from(atob(r.zip), (c) => c.charCodeAt(0))], { type: "application/zip" })
    : new Blob([r.code], { type: "text/plain" });
  const a = el("a", { href: URL.createObjectURL(blob), download: r.download });
  document.body.append(a);
  a.click();
  a.remove();
  $("status").textContent = r.zip
    ? `Generated ${r.download}: ${r.files.join(", ")}.`
    : `Generated ${r.file} (${r.code.length} characters).`;
}

function renderSpec() {
  const spec = $("spec-input").value;
  const out = $("spec-out");
  out.replaceChildren();
  out.dataset.state = "";
  if (!spec.trim()) return;
  const c = call("check", spec, $("rate").value || 1000, $("nodes").value || 1);
  if (!c.ok) {
    out.dataset.state = "error";
    out.append(el("h3", {}, `${c.errors.length} problem${c.errors.length === 1 ? "" : "s"} in the spec`));
    out.append(el("ul", { class: "errors", id: "spec-errors" }, c.errors.map((e) =>
      el("li", { "data-line": e.line, "data-kind": e.kind },
        e.line > 0
          ? el("button", { type: "button", onclick: () => specLine(e.line), title: "go to line " + e.line },
            `line ${e.line}: ${e.field ? e.field + ": " : ""}${e.msg}`)
          : `${e.field ? e.field + ": " : ""}${e.msg}`))));
    return;
  }
  out.dataset.state = "ok";
  const p = c.props;
  out.append(el("h3", {}, `${p.name}: ${p.bits} bits (${p.bytes} bytes)`));
  for (const w of p.warnings || []) out.append(el("p", { class: "warn" }, "Warning: " + w));
  out.append(table([
    ["sorts by time", p.sorts_by_time],
    ["monotonic", p.monotonic],
    ["overflows", p.overflows],
    ["IDs per tick", p.per_tick],
    ["random bits", p.random_bits],
    ["node space", p.node_space + (p.leased ? ` nodes, leased as ${p.leased}` : "")],
    ["duplicates", `${p.duplicates_at}: ${p.duplicates}`],
    ["within one generator", p.within_one_generator],
  ]));
  out.lastChild.firstChild.id = "props";
  out.append(el("h4", {}, "Bit diagram"));
  out.append(...svgBlock(c.svg));
  out.append(el("h4", {}, "Fields"));
  out.append(table(c.fields.map((f) => [f.name, `${f.bits} bits`, f.role, `line ${f.line}${f.split ? ", split" : ""}`])));
  out.append(el("h4", {}, "Duplicate estimate"));
  const plot = el("div", { class: "diagram plot" });
  plot.innerHTML = c.plot;
  out.append(plot);
  out.append(el("p", { class: "note" }, "The median wait until a first duplicate ID (a pair of equal IDs, within one generator or " +
    "across generators), by the rate each generator makes IDs at, for several generator counts. It is the birthday bound over " +
    "the bits that tell IDs apart, and assumes generators get distinct node numbers where the layout has a node field (while there " +
    "are enough), random clock sequences and MAC-style nodes, and that a monotonic generator never repeats itself. " +
    "A line at the top edge means a wait beyond 3000 years; none means never."));
  out.append(el("h4", {}, "Sample IDs"));
  if (c.samples.length) out.append(el("ol", { class: "samples mono" }, c.samples.map((s) => el("li", {}, s.text, s.time ? el("span", { class: "note" }, "  " + s.time) : ""))));
  if (c.sample_note) out.append(el("p", { class: "note" }, c.sample_note));
  out.append(el("h4", {}, "Generated code"));
  // The languages come from idforge's registry, through languages.js.
  out.append(el("div", { class: "downloads" }, (globalThis.IDFORGE_LANGUAGES || []).map(({ name, title }) =>
    el("button", { type: "button", class: "secondary", "data-lang": name, onclick: () => download(name) }, "Download " + title))));
}

// ---- Links carry state ----

function saveURL() {
  const q = new URLSearchParams();
  if ($("id-input").value.trim()) q.set("id", $("id-input").value.trim());
  if ($("spec-input").value.trim()) q.set("spec", $("spec-input").value);
  const url = location.pathname + (q.toString() ? "?" + q : "");
  try { history.replaceState(null, "", url); } catch (e) { /* some file:// pages refuse it */ }
}

let timer = 0;
function later(f) {
  clearTimeout(timer);
  timer = setTimeout(() => { f(); saveURL(); }, 200);
}

function fill(examples) {
  const sel = $("example");
  for (const b of examples) sel.append(el("option", { value: b.name }, b.name));
  sel.addEventListener("change", () => {
    const b = examples.find((x) => x.name === sel.value);
    if (!b) return;
    $("spec-input").value = b.spec;
    renderSpec();
    if ($("id-with-spec").checked) renderInspect();
    saveURL();
  });
}

// base64Stream returns a stream of the bytes base64 text holds: the
// browser's own decoder (Uint8Array.fromBase64) where there is one, else
// atob.
function base64Stream(b64) {
  let bytes;
  if (typeof Uint8Array.fromBase64 === "function") {
    bytes = Uint8Array.fromBase64(b64);
  } else {
    const bin = atob(b64);
    bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  }
  return new Blob([bytes]).stream();
}

// runWasm starts a Go WebAssembly module held, gzipped, in base64 in the
// global variable name (set by a script go generate wrote), and waits for
// it to call the global function ready.
async function runWasm(name, ready) {
  const b64 = globalThis[name];
  if (typeof b64 !== "string") throw new Error("the script with " + name + " did not load");
  if (typeof DecompressionStream === "undefined") throw new Error("this browser has no DecompressionStream (Chromium 80+, Firefox 113+, Safari 16.4+)");
  const t = document.body.dataset;
  delete globalThis[name];
  const wasm = await new Response(base64Stream(b64).pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  if (name === "IDFORGE_WASM_GZ") t.tUnzip = Math.round(performance.now());
  const go = new Go();
  const started = new Promise((resolve) => { globalThis[ready] = resolve; });
  const { instance } = await WebAssembly.instantiate(wasm, go.importObject);
  if (name === "IDFORGE_WASM_GZ") t.tCompile = Math.round(performance.now());
  go.run(instance);
  await started;
  if (name === "IDFORGE_WASM_GZ") t.tGo = Math.round(performance.now());
}

// loadGen loads the code generators, a second module, the first time code
// is asked for: they would double what the page loads before it can show
// anything.
let genLoading = null;
function loadGen() {
  if (!genLoading) {
    genLoading = new Promise((resolve, reject) => {
      const s = el("script", { src: "idforge-gen.wasm.js" });
      s.onload = resolve;
      s.onerror = () => reject(new Error("idforge-gen.wasm.js did not load"));
      document.head.append(s);
    }).then(() => runWasm("IDFORGE_GEN_WASM_GZ", "idforgeGenReady"));
    genLoading.catch(() => { genLoading = null; });
  }
  return genLoading;
}

// code returns what idforge gen writes for the spec in lang: {file, code}
// or {error}.
async function code(spec, lang) {
  await loadGen();
  return JSON.parse(globalThis.idforgeGen.code(String(spec), String(lang)));
}
globalThis.playground = { code };

async function main() {
  const q = new URLSearchParams(location.search);
  if (q.has("id")) $("id-input").value = q.get("id");
  if (q.has("spec")) $("spec-input").value = q.get("spec");
  if (q.has("id") && q.has("spec")) $("id-with-spec").checked = true;
  try {
    document.body.dataset.tScript = Math.round(performance.now()); // the scripts are parsed
    await runWasm("IDFORGE_WASM_GZ", "idforgeReady");
  } catch (e) {
    $("status").textContent = "idforge could not start: " + e.message;
    $("status").classList.add("bad");
    document.body.dataset.ready = "error";
    return;
  }
  $("inspect-form").addEventListener("submit", (ev) => { ev.preventDefault(); renderInspect(); saveURL(); });
  $("id-input").addEventListener("input", () => later(renderInspect));
  $("id-with-spec").addEventListener("change", () => { renderInspect(); saveURL(); });
  $("spec-input").addEventListener("input", () => later(() => { renderSpec(); if ($("id-with-spec").checked) renderInspect(); }));
  for (const id of ["rate", "nodes"]) $(id).addEventListener("input", () => later(renderSpec));
  for (const id of ["mask-key", "mask-tweak"]) $(id).addEventListener("input", () => later(renderInspect));
  renderInspect();
  document.body.dataset.tInspect = Math.round(performance.now());
  renderSpec();
  const ms = Math.round(performance.now()); // since the navigation began
  document.body.dataset.renderMs = ms;
  $("status").textContent = `Ready (first render in ${ms} ms).`;
  // The examples after the first render: listing them parses every
  // built-in spec, which can wait.
  await new Promise((resolve) => setTimeout(resolve, 0));
  fill(call("builtins"));
  document.body.dataset.ready = "1";
  if (!q.has("id") && q.has("spec")) $("spec-input").focus();
  else $("id-input").focus();
}

main();
