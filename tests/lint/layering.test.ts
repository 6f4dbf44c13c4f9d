/**
 * Each layering rule of eslint.config.js fires on a file that breaks it: every fixture in
 * fixtures/ is linted as if it stood at the path its first line names (`// as: …`) and must be
 * refused by the rule its second line names (`// breaks: …`), and by nothing else; the `nothing`
 * fixtures show the allowed imports pass. The length rules (400 lines a production file, 150 a
 * production function) are proved on generated texts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'fixtures');
const fixtures = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.ts.txt'))
  .map((name) => {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    const [, as] = /^\/\/ as: (\S+)/m.exec(text) ?? [];
    const [, breaks] = /^\/\/ breaks: (\S+)/m.exec(text) ?? [];
    return { name, text, as: as!, breaks: breaks! };
  });

describe('layering rules', () => {
  const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

  it('has a fixture for every rule that guards the layers', () => {
    const rules = new Set(fixtures.map((fixture) => fixture.breaks));
    expect([...rules].sort()).toEqual(['import-x/no-cycle', 'import-x/no-restricted-paths', 'no-restricted-imports', 'nothing']);
  });

  it('refuses a production file over 400 lines, not a test', async () => {
    const text = Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join('\n');
    const [production] = await eslint.lintText(text, { filePath: 'src/lib/long-module.ts' });
    expect(production!.messages.map((message) => message.ruleId)).toEqual(['max-lines']);
    const [test] = await eslint.lintText(text, { filePath: 'src/lib/long-module.test.ts' });
    expect(test!.messages).toEqual([]);
  });

  it('refuses a production function over 150 lines, not one of 150 nor a test', async () => {
    // A function of `lines` lines: its head, a declaration, `lines - 4` sums, a return and its end.
    const fn = (lines: number) =>
      [
        'export function long(): number {',
        '  let total = 0;',
        ...Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`),
        '  return total;',
        '}',
        '',
      ].join('\n');
    const [over] = await eslint.lintText(fn(151), { filePath: 'src/lib/long-function.ts' });
    expect(over!.messages.map((message) => message.ruleId)).toEqual(['max-lines-per-function']);
    const [at] = await eslint.lintText(fn(150), { filePath: 'src/lib/long-function.ts' });
    expect(at!.messages).toEqual([]);
    const [test] = await eslint.lintText(fn(151), { filePath: 'src/lib/long-function.test.ts' });
    expect(test!.messages).toEqual([]);
  });

  it.each(fixtures)('$name', async ({ text, as, breaks }) => {
    const [result] = await eslint.lintText(text, { filePath: as });
    const fired = [...new Set(result!.messages.map((message) => message.ruleId ?? message.message))];
    expect(fired).toEqual(breaks === 'nothing' ? [] : [breaks]);
  });
});
