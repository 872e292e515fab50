// Judges the cases of gen/crosslang's TestSchemas with ajv: for each
// layout, its JSON Schema (draft 2020-12) and its OpenAPI 3.1 component,
// compiled as they are written by ajv/dist/2020 in strict mode with
// ajv-formats (so "format": "uuid" is checked too), validate each case's
// text; a case judged otherwise than it says is printed, then "checked N".
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: true });
addFormats(ajv);
let n = 0;
for (const l of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
  for (const [what, schema] of [['schema', l.schema], ['component', l.component]]) {
    const validate = ajv.compile(schema);
    for (const c of l.cases) {
      const got = validate(c.text);
      if (got !== c.want) {
        console.log(`${l.name} ${what}: ${JSON.stringify(c.text)} (${c.from}): valid ${got}, want ${c.want}`);
      }
      n++;
    }
  }
}
console.log(`checked ${n}`);
