// Writes and reads IDs with the JavaScript package (the folder IDFORGE_JS
// names, as go run ./gen/tools/packages builds it), for
// texts_test.go. Its input (standard input) is JSON: a list of requests,
// { module, hex, texts }: the layout's module name, IDs (hex) to write in
// the layout's text (toString) and texts to read (ID.parse). It prints one
// JSON answer a request: { texts, json, parsed }, the text and the
// JSON.stringify of each ID, and for each text read the ID's hex and its
// time as nanoseconds since the Unix epoch (null without one), or
// { error: code }.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.IDFORGE_JS;
if (!dir) throw new Error('IDFORGE_JS is not set: name the npm package built by go run ./gen/tools/packages -o DIR (DIR/js)');

const hexBytes = (h) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));

function attempt(f) {
  try {
    return f();
  } catch (e) {
    return { error: e.code ?? String(e) };
  }
}

const answers = [];
for (const req of JSON.parse(readFileSync(0, 'utf8'))) {
  const { ID } = await import(pathToFileURL(join(dir, `${req.module}.js`)).href);
  const ids = req.hex.map((h) => ID.fromBytes(hexBytes(h)));
  answers.push({
    texts: ids.map((id) => id.toString()),
    json: ids.map((id) => JSON.stringify(id)),
    parsed: req.texts.map((s) =>
      attempt(() => {
        const id = ID.parse(s);
        return { hex: id.hex(), nanos: id.unixNanos ? String(id.unixNanos()) : null };
      }),
    ),
  });
}
process.stdout.write(JSON.stringify(answers) + '\n');
