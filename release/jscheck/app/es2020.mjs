// Checks that every module of the installed package parses as ES2020 (acorn,
// ecmaVersion 2020): no syntax that a bundler at target es2020 would have to
// lower, or that an ES2020 engine could not run. TOOLS names the pinned
// tools; the package is node_modules/idforge.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const { parse } = createRequire(join(process.env.TOOLS, 'package.json'))('acorn');
const dir = join(process.cwd(), 'node_modules', 'idforge');
let n = 0;
for (const f of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  parse(readFileSync(join(dir, f), 'utf8'), { ecmaVersion: 2020, sourceType: 'module' });
  n++;
}
console.log(`${n} modules parse as ES2020`);
