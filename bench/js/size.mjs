// Bundle sizes of programs that use idforge's generated JavaScript (js/,
// which IDFORGE_JS names) and the npm peers for the same work: each program
// bundled by esbuild as `esbuild --bundle --minify` does (for the browser,
// as an IIFE), then gzipped at level 9. bench/js/size copies it beside the
// pinned esbuild and peers and runs it there.
//
//   node size.mjs [--check]
//
// --check fails when a program is above its ceiling, when two layouts in
// one bundle cost as much as two bundles (they share the runtime), or when
// SHA-256 is in a bundle that does not mask (masking is in functions beside
// the ID class). A program's goal, where it has one (issue 47's: the ID
// class at most 3,000 B, with ID.parse 3,300 B; newText() 885 B, with the
// byte functions 1,696 B), is shown met or not; its ceiling, which --check
// holds it to, is the goal where it is met and otherwise what it measured
// when the ceiling was set, so that the table can only get better.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const { values: opts } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const js = process.env.IDFORGE_JS;
if (!js) throw new Error('IDFORGE_JS is not set: run bench/js/size');
const ours = (name) => JSON.stringify(join(js, name + '.js'));

// Each program: its name, its source, and its goal and ceiling in bytes
// under gzip -9 (none for the peers).
const programs = [
  ['idforge uuidv7: newText() (make an ID with the default generator, print it)', `import { newText } from ${ours('uuidv7')};\nconsole.log(newText());`, 885, 885],
  ['idforge uuidv7: newText(), textToBytes + bytesToText (also parse one, print it)', `import { newText, textToBytes, bytesToText } from ${ours('uuidv7')};\nconsole.log(newText());\nconsole.log(bytesToText(textToBytes(process.argv[2])));`, 1696, 1696],
  // 3,265 B until issue 56: reading Crockford's aliases (I, L and O, in
  // either case) in parseCrockford took 13 B of the class's read string;
  // issue 59's module (isValid on the constant bits, beside the class)
  // moved gzip's output by 1 B more.
  // 3,279 until minAt and maxAt threw ErrTime where no ID qualifies (issue
  // 64), 3,280 until issue 68 froze IDs (Object.freeze of the ID and its
  // words, 8 B) and dropped the BigInt an ID kept beside its words (its key
  // and its writes, 21 B: toBigInt computes it from the words each time).
  ['idforge uuidv7: String(newId()) (the ID class: every method)', `import { newId } from ${ours('uuidv7')};\nconsole.log(String(newId()));`, 3000, 3267],
  ['idforge uuidv7: String(newId()), ID.parse(s).toString()', `import { newId, ID } from ${ours('uuidv7')};\nconsole.log(String(newId()));\nconsole.log(ID.parse(process.argv[2]).toString());`, 3300, 3288], // 3,300 until issue 68, as above
  ['idforge: import { uuidv7 } from \'idforge\', String(uuidv7.newId()) (esbuild keeps the whole module)', `import { uuidv7 } from ${ours('index')};\nconsole.log(String(uuidv7.newId()));`],
  ['idforge uuidv7: mask(newId(), key) (Private IDs: the ID class and SHA-256)', `import { newId, mask } from ${ours('uuidv7')};\nconsole.log(mask(newId(), Buffer.from(process.argv[2], 'hex')));`],
  ['idforge ulid: newText()', `import { newText } from ${ours('ulid')};\nconsole.log(newText());`],
  ['idforge uuidv7 + ulid: newText() of each, one bundle', `import { newText } from ${ours('uuidv7')};\nimport { newText as ulid } from ${ours('ulid')};\nconsole.log(newText(), ulid());`],
  ['uuid: v7()', `import { v7 } from 'uuid';\nconsole.log(v7());`],
  ['uuid: v7(), parse + stringify', `import { v7, parse, stringify } from 'uuid';\nconsole.log(v7());\nconsole.log(stringify(parse(process.argv[2])));`],
  ['uuidv7: uuidv7()', `import { uuidv7 } from 'uuidv7';\nconsole.log(uuidv7());`],
  ['uuidv7: uuidv7(), UUID.parse(s).toString()', `import { uuidv7, UUID } from 'uuidv7';\nconsole.log(uuidv7());\nconsole.log(UUID.parse(process.argv[2]).toString());`],
  ['ulidx: ulid()', `import { ulid } from 'ulidx';\nconsole.log(ulid());`],
  ['ulid: monotonicFactory()()', `import { monotonicFactory } from 'ulid';\nconsole.log(monotonicFactory()());`],
];

// Beside this file, so that the peers resolve from its node_modules.
const work = join(dirname(fileURLToPath(import.meta.url)), 'size-programs');
mkdirSync(work, { recursive: true });
const sizes = [];
for (const [i, [name, src, goal, ceiling]] of programs.entries()) {
  const entry = join(work, `p${i}.mjs`);
  writeFileSync(entry, src + '\n');
  const out = await build({ entryPoints: [entry], bundle: true, minify: true, write: false, logLevel: 'silent' });
  const code = out.outputFiles[0].contents;
  // SHA-256's first round constant, as esbuild writes the int32 the runtime
  // stores: only a program that masks may carry it.
  const sha = /1116352408|0x428a2f98/.test(Buffer.from(code).toString());
  sizes.push({ name, min: code.length, gz: gzipSync(code, { level: 9 }).length, goal, ceiling, sha });
}

const fmt = (n) => n.toLocaleString('en-US');
console.log('| program | minified | gzip -9 | goal |');
console.log('|---|---:|---:|---|');
for (const s of sizes) console.log(`| ${s.name} | ${fmt(s.min)} B | ${fmt(s.gz)} B | ${s.goal ? `≤ ${fmt(s.goal)} B — ${s.gz <= s.goal ? 'met' : 'NOT met'}` : ''} |`);

const by = (prefix) => sizes.find((s) => s.name.startsWith(prefix)).gz;
const two = by('idforge uuidv7 + ulid');
const apart = by('idforge uuidv7: newText() (make') + by('idforge ulid: newText()');
console.log(`\nuuidv7 and ulid in one bundle: ${fmt(two)} B, against ${fmt(apart)} B in two: the runtime is shared.`);

if (opts.check) {
  const failed = sizes.filter((s) => s.ceiling && s.gz > s.ceiling).map((s) => `${s.name}: ${s.gz} B > its ceiling of ${s.ceiling} B`);
  for (const s of sizes) if (s.name.startsWith('idforge uuidv7') && s.sha !== s.name.includes('mask(')) failed.push(`${s.name}: SHA-256 ${s.sha ? 'in' : 'not in'} the bundle`);
  if (two >= apart - 300) failed.push(`two layouts in one bundle (${two} B) share too little of the ${apart} B of two bundles`);
  if (failed.length) {
    console.error('\n' + failed.join('\n'));
    process.exit(1);
  }
}
