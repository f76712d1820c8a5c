// Every exported declaration of the .d.ts files has a TSDoc comment (`/** ... */`) right above
// it (line comments in between are allowed); `export type * from` lines are re-exports and
// need none. scripts/doc_coverage.py reports the same count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EXPORT = /^export (?:declare )?(?:class|function|const|type|interface|enum) (\w+)/;

function declarationFiles() {
  const top = ['index.d.ts', 'stores.d.ts', 'testing.d.ts'].map((f) => join(root, f));
  const types = readdirSync(join(root, 'types'))
    .filter((f) => f.endsWith('.d.ts'))
    .sort()
    .map((f) => join(root, 'types', f));
  return [...top, ...types];
}

/** The exports of `text` without a TSDoc comment above them, and how many exports it has. */
function undocumented(text) {
  const lines = text.split('\n');
  const missing = [];
  let total = 0;
  lines.forEach((line, i) => {
    const m = EXPORT.exec(line);
    if (!m) return;
    total += 1;
    let j = i - 1;
    while (j >= 0 && lines[j].trim().startsWith('//')) j -= 1;
    if (j < 0 || !lines[j].trimEnd().endsWith('*/')) missing.push(m[1]);
  });
  return { missing, total };
}

test('every export of the .d.ts files has a TSDoc comment', () => {
  const missing = [];
  let total = 0;
  for (const file of declarationFiles()) {
    const found = undocumented(readFileSync(file, 'utf8'));
    total += found.total;
    missing.push(...found.missing.map((name) => `${relative(root, file)}: ${name}`));
  }
  assert.ok(total > 250, `only ${total} exports found: the .d.ts files were not read`);
  assert.deepEqual(missing, [], `exports without a TSDoc comment:\n  ${missing.join('\n  ')}`);
});

test('the check sees a missing comment, and accepts one above line comments', () => {
  const text = [
    '/** Documented. */',
    'export type A = 1;',
    'export interface B { x: number }',
    '/** Also documented. */',
    '// a note',
    'export declare function c(): void;',
    "export type * from './types/api.js';",
  ].join('\n');
  assert.deepEqual(undocumented(text), { missing: ['B'], total: 3 });
});
