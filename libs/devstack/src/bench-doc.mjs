// Every benchmark owns one marked section of docs/benchmarks.md and replaces only that section, so
// Lives in libs/devstack (type:tooling) so the benchmarks of every lib import it by package name.
// `npm run bench`, `npm run bench:events` and a single benchmark run by hand all keep the others.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOC = path.join(root, 'docs/benchmarks.md');
/** The order sections appear in when first written. */
const ORDER = ['stack', 'landing', 'append', 'replay', 'lag', 'lessons', 'commands', 'demo', 'audit'];
const HEAD = `# Benchmarks

Every figure is a ratio against a baseline measured in the same run on the same machine
(ARCHITECTURE.md §9), except where a goal is absolute (projection lag, sizes). This machine is shared
and noisy: compare ratios, not absolute numbers, between runs. Each section says how it was measured
and how to reproduce it alone.

Run all: \`npm run bench\` · only the event store: \`npm run bench:events\` · only the dev stack:
\`npm run bench -- stack\` · only Weekly Lessons and Submissions under load: \`npm run bench -- lessons\` · commands through the bus: \`npm run bench -- commands\` · the demo academy: \`npm run bench -- demo\` · the auditor's questions: \`npm run bench -- audit\`.
`;

/** Replaces (or adds) the section `name` of docs/benchmarks.md with `body`. */
export function writeSection(name, body) {
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : HEAD;
  const begin = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const section = `${begin}\n${body.trim()}\n${end}`;
  const re = new RegExp(`${begin}[\\s\\S]*?${end}`);
  if (re.test(doc)) doc = doc.replace(re, section);
  else {
    // Before the first section that comes later in ORDER, else at the end.
    const later = ORDER.slice(ORDER.indexOf(name) + 1).map((n) => doc.indexOf(`<!-- ${n} -->`)).filter((i) => i >= 0);
    const at = later.length ? Math.min(...later) : -1;
    doc = at >= 0 ? `${doc.slice(0, at)}${section}\n\n${doc.slice(at)}` : `${doc.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(DOC, doc);
  console.log(`written to ${path.relative(root, DOC)} (section ${name})`);
}
