/**
 * Prints build time and p50/p95/p99 of suggest and query on a synthetic 20 000-asset, 5-locale
 * index. Not a test (no assertion on timings): `npx tsx apps/server/test/catalogue/search/print-timings.ts`.
 */
import { performance } from 'node:perf_hooks';
import { SearchIndex } from '../../../src/modules/catalogue/search/index.js';
import { random, syntheticDocuments } from './synthetic.js';

const COUNT = Number(process.env.SEARCH_DOCS ?? 20_000);
const out = (line: string) => process.stdout.write(`${line}\n`);

const docs = syntheticDocuments(COUNT);
const t0 = performance.now();
const index = SearchIndex.build(docs);
const buildMs = performance.now() - t0;
out(
  `build: ${COUNT} documents × 5 locales in ${buildMs.toFixed(0)} ms (heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB)`,
);

// Queries drawn from the corpus: prefixes of title words, whole words, two-word phrases, typos.
const rnd = random(7);
const texts: string[] = [];
const word = () => {
  const doc = docs[Math.floor(rnd() * docs.length)]!;
  const locale = Object.values(doc.locales)[Math.floor(rnd() * 5)]!;
  const words = locale.title.split(' ');
  return words[Math.floor(rnd() * words.length)]!;
};
for (let i = 0; i < 500; i++) {
  const w = word();
  switch (i % 5) {
    case 0:
      texts.push(w.slice(0, 2));
      break;
    case 1:
      texts.push(w.slice(0, Math.max(2, Math.ceil(w.length / 2))));
      break;
    case 2:
      texts.push(`${w} ${word().slice(0, 3)}`);
      break;
    case 3:
      texts.push(w.length >= 5 ? w.slice(0, 2) + w.slice(3) : w);
      break;
    default:
      texts.push(w.toUpperCase());
  }
}

function measure(name: string, run: (text: string) => number): void {
  for (const t of texts.slice(0, 50)) run(t); // warm-up
  const times: number[] = [];
  let results = 0;
  for (const t of texts) {
    const s = performance.now();
    results += run(t);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
  out(
    `${name}: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms (${texts.length} texts, ${(results / texts.length).toFixed(0)} results on average)`,
  );
}

const accept = (id: string) => !id.endsWith('7');
measure('suggest (limit 10, accept)', (t) => index.suggest(t, { locale: 'fr', accept }).length);
measure('query (all hits)', (t) => index.query(t, { locale: 'fr', accept }).length);
measure('query + highlight first 50', (t) => {
  const hits = index.query(t, { locale: 'fr', accept });
  for (const h of hits.slice(0, 50)) void (h.highlightedTitle + h.highlightedDescription);
  return hits.length;
});
