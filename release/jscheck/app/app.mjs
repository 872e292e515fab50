// The app .ci/js-packages builds from the packed npm package with each
// bundler, and runs as it is in node, Deno and Bun: it makes IDs with the
// default generators of two layouts, from the layouts' modules and from the
// package's main module, and checks that they read back and increase. It
// prints (or, in a browser, shows) "ok" and the IDs, or "FAIL" and why.
import { newId, newText, ID } from 'idforge/uuidv7';
import { newId as newULID, ID as ULID } from 'idforge/ulid';
import { uuidv7, ulid } from 'idforge';

function check() {
  const a = newId();
  const b = ID.parse(newText());
  const c = uuidv7.newId(); // the same module, so the same generator
  if (!(a.compare(b) < 0 && b.compare(c) < 0)) throw new Error(`not increasing: ${a} ${b} ${c}`);
  if (!ID.fromBytes(a.bytes()).equals(a) || JSON.stringify(a) !== `"${a}"`) throw new Error('no round trip');
  const u = newULID();
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(String(u)) || !ulid.ID.parse(String(u)).equals(u) || !(u instanceof ULID)) throw new Error(`not a ULID: ${u}`);
  if (Math.abs(a.time().getTime() - Date.now()) > 60000) throw new Error(`time ${a.time().toISOString()}`);
  return `ok ${a} ${u}`;
}

let out;
try {
  out = check();
} catch (e) {
  out = `FAIL ${e}`;
}
if (typeof document !== 'undefined') document.body.textContent = out;
else console.log(out);
