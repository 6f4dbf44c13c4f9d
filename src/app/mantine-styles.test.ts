import { describe, expect, it } from 'vitest';
import listed from './mantine-styles.ts?raw';

// Read through Vite (the app's type check has no Node types): every source file's text, and the
// names of the style sheets @mantine/core ships.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
const shipped = new Set(
  Object.keys(import.meta.glob('/node_modules/@mantine/core/styles/*.css')).map((file) =>
    file
      .split('/')
      .pop()!
      .replace(/\.css$/, ''),
  ),
);

/** Component names imported from @mantine/core anywhere in the app. */
function importedComponents(): Set<string> {
  const names = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
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
    const used = importedComponents();
    expect(used.has('Button')).toBe(true);
    const missing = [...used].filter((name) => shipped.has(name) && !listed.includes(`'@mantine/core/styles/${name}.css'`));
    expect(missing).toEqual([]);
  });

  it('lists only sheets that exist', () => {
    const sheets = [...listed.matchAll(/'@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((match) => match[1]!);
    expect(sheets.length).toBeGreaterThan(40);
    expect(sheets.filter((name) => !shipped.has(name))).toEqual([]);
  });
});
