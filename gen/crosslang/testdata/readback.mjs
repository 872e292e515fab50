// Prints IDs made by the generators of the committed JavaScript package
// (js/), one per line as "LAYOUT TEXT DECIMAL", for readback_test.go to
// read with idforge's Go packages. Its argument is how many IDs of each.
import * as uuidv1 from '../../../js/uuidv1.js';
import * as uuidv4 from '../../../js/uuidv4.js';
import * as uuidv6 from '../../../js/uuidv6.js';
import * as uuidv7 from '../../../js/uuidv7.js';
import * as ulid from '../../../js/ulid.js';
import * as ksuid from '../../../js/ksuid.js';
import * as snowflake from '../../../js/snowflake.js';

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
