#!/usr/bin/env node
// Reports the gzipped size of the JavaScript that /home/index loads initially. Builds nothing: run
// `npx vite build` first (vite.config.ts enables `build.manifest`).
//
// Counted, from dist/.vite/manifest.json:
//   1. the entry chunk (index.html's script) and everything it imports statically, transitively;
//   2. the home route's lazy chunk (src/app/areas/home-area.tsx) and its static imports, transitively.
// Each file is counted once. Also printed, but kept apart from the goal figure: the language chunks that
// start-up fetches for English (the default language), since they are dynamic imports of i18n/i18n.ts.
// Sizes are gzip at zlib's default level (6), the level most servers use on the fly.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 200;
const HOME_ROUTE_SOURCE = 'src/app/areas/home-area.tsx';
const DEFAULT_LANGUAGE_SOURCES = ['src/i18n/locales/en/index.ts'];

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npx vite build\` in apps/web first.`);
  process.exit(1);
}

/** @type {Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

function findKey(predicate, label) {
  const key = Object.keys(manifest).find((k) => predicate(k, manifest[k]));
  if (!key) {
    console.error(`The manifest has no ${label}.`);
    process.exit(1);
  }
  return key;
}

/** The chunk and its static imports, transitively, in visiting order. */
function staticClosure(startKey, seen = new Set()) {
  const order = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    order.push(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(startKey);
  return order;
}

const sizeCache = new Map();
function sizes(key) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) return { file, raw: 0, gzip: 0 };
  if (!sizeCache.has(file)) {
    const buffer = readFileSync(join(distDir, file));
    sizeCache.set(file, { file, raw: buffer.length, gzip: gzipSync(buffer).length });
  }
  return sizeCache.get(file);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title, keys) {
  let raw = 0;
  let gzip = 0;
  console.log(`\n${title}`);
  for (const key of keys) {
    const s = sizes(key);
    if (!s.file?.endsWith('.js')) continue;
    raw += s.raw;
    gzip += s.gzip;
    console.log(`  ${s.file.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gz`);
  }
  console.log(`  ${'subtotal'.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gz`);
  return { raw, gzip };
}

const entryKey = findKey((_k, c) => c.isEntry === true, 'entry chunk');
const homeKey = findKey((k, c) => k === HOME_ROUTE_SOURCE || c.src === HOME_ROUTE_SOURCE, 'home route chunk');

const seen = new Set();
const entryKeys = staticClosure(entryKey, seen);
const homeKeys = staticClosure(homeKey, seen);

console.log('Initial JavaScript of /home/index (from dist/.vite/manifest.json)');
const entry = report(`Entry ${manifest[entryKey]?.file} and its static imports:`, entryKeys);
const home = report(`Home route chunk ${manifest[homeKey]?.file} and its further static imports:`, homeKeys);
const total = { raw: entry.raw + home.raw, gzip: entry.gzip + home.gzip };

const languageKeys = DEFAULT_LANGUAGE_SOURCES.filter((k) => manifest[k]).flatMap((k) =>
  staticClosure(k, seen),
);
const language = languageKeys.length
  ? report('Also fetched at start (not in the goal figure): the English language chunk:', languageKeys)
  : { raw: 0, gzip: 0 };

console.log(
  `\nInitial JS for /home/index: ${kb(total.raw)} raw, ${kb(total.gzip)} gzipped (goal <= ${GOAL_KB} KB)`,
);
if (language.gzip > 0) {
  console.log(`With the English language chunk: ${kb(total.gzip + language.gzip)} gzipped`);
}
console.log(total.gzip <= GOAL_KB * 1024 ? 'Within the goal.' : 'Over the goal.');
