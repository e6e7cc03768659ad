// Times two builds of the core path alternately in one process (the machine is shared and noisy; the
// ratio of the two is the figure). Build each with esbuild from perf-callgrind.ts (e.g. once on a stashed
// tree, once on yours), write the workload once, then:
//   node --import tsx perf-callgrind.ts write /tmp/wl.json 40000
//   npx esbuild perf-callgrind.ts --bundle --platform=node --format=esm --outfile=/tmp/new.mjs
//   node perf-ab.mjs /tmp/base.mjs /tmp/new.mjs /tmp/wl.json [rounds=6] [commands=28000]
// CPU microseconds per command (min and median of the rounds) and the ratio B/A.
import { readFileSync } from 'node:fs';

const [a, b, file, rounds = '6', m = '28000'] = process.argv.slice(2);
const A = await import(a),
  B = await import(b);
const { setup, spot } = JSON.parse(readFileSync(file, 'utf8'));
const ta = [],
  tb = [];
for (let r = 0; r < +rounds; r++) {
  ta.push(A.applyWorkload(structuredClone(setup), structuredClone(spot), +m));
  tb.push(B.applyWorkload(structuredClone(setup), structuredClone(spot), +m));
}
const min = (x) => Math.min(...x),
  med = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];
console.log(`A ${a}: min ${(min(ta) / +m).toFixed(2)} us/cmd, median ${(med(ta) / +m).toFixed(2)}`);
console.log(`B ${b}: min ${(min(tb) / +m).toFixed(2)} us/cmd, median ${(med(tb) / +m).toFixed(2)}`);
console.log(`B/A (min) ${(min(tb) / min(ta)).toFixed(3)}  (median) ${(med(tb) / med(ta)).toFixed(3)}`);
