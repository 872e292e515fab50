// Prints IDs made by the generators of the JavaScript package (the folder
// IDFORGE_JS names, as go run ./gen/tools/packages builds it), one per
// line as "LAYOUT TEXT DECIMAL", for readback_test.go to read with
// idforge's Go packages. Its argument is how many IDs of each.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.IDFORGE_JS;
if (!dir) throw new Error('IDFORGE_JS is not set: name the npm package built by go run ./gen/tools/packages -o DIR (DIR/js)');
const load = (name) => import(pathToFileURL(join(dir, name + '.js')).href);
const [uuidv1, uuidv4, uuidv6, uuidv7, ulid, ksuid, snowflake] = await Promise.all(
  ['uuidv1', 'uuidv4', 'uuidv6', 'uuidv7', 'ulid', 'ksuid', 'snowflake'].map(load),
);

const n = Number(process.argv[2]);
const node = 0x9f6bdeced846n; // RFC 9562's example node, for v1 and v6
const generators = {
  uuidv1: uuidv1.newGenerator(node),
  uuidv4: uuidv4.newGenerator(),
  uuidv6: uuidv6.newGenerator(node),
  uuidv7: uuidv7.newGenerator(),
  ulid: ulid.newGenerator(),
  ksuid: ksuid.newGenerator(),
  snowflake: snowflake.newGenerator(7),
};
const lines = [];
for (const [name, g] of Object.entries(generators)) {
  for (let i = 0; i < n; i++) {
    const id = g.next();
    lines.push(`${name} ${id} ${id.toBigInt()}`);
  }
}
process.stdout.write(lines.join('\n') + '\n');
