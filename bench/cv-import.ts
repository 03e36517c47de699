// CV import accuracy (docs/benchmarks.md): each CV of the corpus read by extractCvText,
// its profile suggested by suggestProfileFromCv with the seeded skills list, and scored by
// scoreCv (bench/cv-corpus-score.ts says how). Run through bench/cv-import.mjs.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { suggestProfileFromCv } from '../src/lib/cv-import/cv-suggestion';
import { SKILLS } from '../src/server/db/seed/catalog';
import { extractCvText } from '../src/server/cv-import/cv-text';
import { readCorpus, scoreCv } from './cv-corpus-score';

const { values } = parseArgs({ options: { misses: { type: 'boolean', default: false } } });
const knownSkills = SKILLS.map((skill) => skill.label);
let right = 0;
let total = 0;
const times: number[] = [];
for (const cv of await readCorpus()) {
  const bytes = new Uint8Array(await readFile(cv.file));
  const started = performance.now();
  const text = await extractCvText(bytes, cv.contentType);
  const extracted = performance.now();
  if (!text.ok) throw new Error(`${cv.name}: refused (${text.reason})`);
  const suggestion = suggestProfileFromCv(text.text, knownSkills);
  const done = performance.now();
  times.push(done - started);
  const score = scoreCv(cv.expected, suggestion);
  right += score.right;
  total += score.total;
  const ratio = ((100 * score.right) / score.total).toFixed(1).padStart(5);
  console.log(`${cv.name.padEnd(22)} ${ratio} % (${score.right}/${score.total})  extract ${(extracted - started).toFixed(0).padStart(4)} ms, suggest ${(done - extracted).toFixed(1).padStart(5)} ms`);
  if (values.misses) for (const miss of score.misses) console.log(`    ${miss}`);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(`\ntotal: ${((100 * right) / total).toFixed(1)} % of ${total} fields right over ${times.length} CVs; per CV median ${median.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (extraction in a worker thread included)`);
