import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const STYLES = path.resolve(SRC, '../node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Component names imported from @mantine/core anywhere in the app. */
function importedComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
      for (const raw of match[1]!.split(',')) {
        const name = raw
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine styles per component', () => {
  it('imports the style sheet of every Mantine component the app uses', () => {
    const listed = fs.readFileSync(path.join(SRC, 'app/mantine-styles.ts'), 'utf8');
    const missing = [...importedComponents()].filter(
      (name) => fs.existsSync(path.join(STYLES, `${name}.css`)) && !listed.includes(`'@mantine/core/styles/${name}.css'`),
    );
    expect(missing).toEqual([]);
  });

  it('lists only sheets that exist', () => {
    const listed = fs.readFileSync(path.join(SRC, 'app/mantine-styles.ts'), 'utf8');
    const sheets = [...listed.matchAll(/'@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((match) => match[1]!);
    expect(sheets.length).toBeGreaterThan(40);
    expect(sheets.filter((name) => !fs.existsSync(path.join(STYLES, `${name}.css`)))).toEqual([]);
  });
});
