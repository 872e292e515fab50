// Times the JavaScript mask and unmask of two builds of the packages side by
// side in one node process: REF (the unchanged reference) and NEW, each a
// folder that `go run ./gen/tools/packages -o DIR` wrote. Each round
// times 20,000 calls of one side and then of the other (the order
// alternating), and the figure is the median over the rounds, in wall time
// and in CPU time (process.cpuUsage: on a machine shared with other work,
// wall time counts the others' turns on the core, CPU time mostly does not),
// with the median of the per-round ratios REF / NEW (above 1: NEW is
// faster). Both sides must give the same public IDs. It asserts nothing.
//
//   node bench/mask/compare.mjs REF NEW [ROUNDS]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [ref, neu, roundsArg] = process.argv.slice(2);
if (!ref || !neu) throw new Error('usage: node bench/mask/compare.mjs REF NEW [ROUNDS]');
const rounds = Number(roundsArg || 11);
const key = Uint8Array.from({ length: 32 }, (_, i) => i);
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log('layout/op          wall: ref     new  ref/new    CPU: ref     new  ref/new   (us a call)');
for (const name of ['uuidv7', 'snowflake', 'ksuid']) {
  const sides = [];
  for (const dir of [ref, neu]) {
    const m = await import(pathToFileURL(resolve(dir, 'js', name + '.js')).href);
    // Bytes of 0x35 with the layout's constant bits (pack sets them).
    const id = m.ID.pack(m.ID.fromBytes(new Uint8Array(m.ID.NIL.bytes().length).fill(0x35)).fields());
    const pub = m.mask(id, key);
    sides.push({ mask: () => m.mask(id, key), unmask: () => m.unmask(pub, key), pub: String(pub) });
  }
  if (sides[0].pub !== sides[1].pub) throw new Error(name + ': the two builds mask differently');
  for (const op of ['mask', 'unmask']) {
    const wall = [[], []], cpu = [[], []];
    for (let r = 0; r < rounds; r++) {
      for (const s of r % 2 ? [1, 0] : [0, 1]) {
        const f = sides[s][op], n = 20000;
        const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
        for (let i = 0; i < n; i++) f();
        const t = Number(process.hrtime.bigint() - t0) / 1000, c = process.cpuUsage(c0);
        wall[s].push(t / n);
        cpu[s].push((c.user + c.system) / n);
      }
    }
    const ratio = (x) => median(x[0].map((v, i) => v / x[1][i]));
    const f = (x) => x.toFixed(2).padStart(7);
    console.log((name + '/' + op).padEnd(18), '     ', f(median(wall[0])), f(median(wall[1])), (ratio(wall).toFixed(2) + 'x').padStart(7),
      '     ', f(median(cpu[0])), f(median(cpu[1])), (ratio(cpu).toFixed(2) + 'x').padStart(7));
  }
}
