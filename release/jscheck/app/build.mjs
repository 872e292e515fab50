// Builds app.mjs with esbuild, webpack and Rollup (its node-resolve plugin,
// as Vite uses it), each with its default options but the output file and
// the target ES2020, into dist/: each a script for a browser that node runs
// too. A warning from any bundler is a failure. TOOLS names the folder of
// the pinned tools (.ci/npm-cache release/jscheck).
//
//   TOOLS=... node build.mjs
import { createRequire } from 'node:module';
import { join } from 'node:path';

const tools = createRequire(join(process.env.TOOLS, 'package.json'));
const here = process.cwd();
const entry = join(here, 'app.mjs');
const warnings = [];

// esbuild: its defaults bundle for the browser.
const esbuild = tools('esbuild');
const built = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, target: 'es2020', format: 'iife', outfile: 'dist/esbuild.js', logLevel: 'silent' });
warnings.push(...built.warnings.map((w) => 'esbuild: ' + w.text));

// webpack 5: production mode, for the web at ES2020.
const webpack = tools('webpack');
const stats = await new Promise((resolve, reject) =>
  webpack({ mode: 'production', context: here, entry, target: ['web', 'es2020'], output: { path: join(here, 'dist'), filename: 'webpack.js' } }, (err, s) => (err ? reject(err) : resolve(s))),
);
const info = stats.toJson({ all: false, errors: true, warnings: true });
if (stats.hasErrors()) throw new Error('webpack: ' + info.errors.map((e) => e.message).join('\n'));
warnings.push(...info.warnings.map((w) => 'webpack: ' + w.message));

// Rollup, resolving the package from node_modules for the browser.
const { rollup } = tools('rollup');
const { nodeResolve } = tools('@rollup/plugin-node-resolve');
const bundle = await rollup({ input: entry, plugins: [nodeResolve({ browser: true })], onwarn: (w) => warnings.push('rollup: ' + w.message) });
await bundle.write({ file: 'dist/rollup.js', format: 'iife' });
await bundle.close();

if (warnings.length) {
  console.error(warnings.join('\n'));
  process.exit(1);
}
console.log('built dist/esbuild.js, dist/webpack.js, dist/rollup.js');
