// The app of app.mjs, required from CommonJS: Node 20.19 and later require
// the package's ES modules, which have no top-level await.
const { newId, ID } = require('idforge/uuidv7');
const { ulid } = require('idforge');

const a = newId();
const b = ID.parse(String(newId()));
const u = ulid.newId();
if (a.compare(b) < 0 && ulid.ID.parse(String(u)).equals(u)) console.log(`ok ${a} ${u}`);
else console.log(`FAIL ${a} ${b} ${u}`);
