import { describe, expect, it } from 'vitest';
import firstPaint from './mantine-styles.ts?raw';
import later from './mantine-styles-later.ts?raw';

// Read through Vite (the app's type check has no Node types): every source file's text, and the
// names of the style sheets @mantine/core ships.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
const shipped = new Set(
  Object.keys(import.meta.glob('/node_modules/@mantine/core/styles/*.css')).map((file) =>
    file
      .split('/')
      .pop()!
      .replace(/(\.layer)?\.css$/, ''),
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

/** The sheets the two lists import, each named once. */
const sheets = (text: string) => [...text.matchAll(/'@mantine\/core\/styles\/([\w-]+)\.layer\.css'/g)].map((match) => match[1]!);
const listed = [...sheets(firstPaint), ...sheets(later)];

describe('Mantine styles per component', () => {
  it('imports the style sheet of every Mantine component the app uses', () => {
    const used = importedComponents();
    expect(used.has('Button')).toBe(true);
    const missing = [...used].filter((name) => shipped.has(name) && !listed.includes(name));
    expect(missing).toEqual([]);
  });

  it('lists only sheets that exist, each once, all in the mantine layer', () => {
    expect(listed.length).toBeGreaterThan(40);
    expect(listed.filter((name) => !shipped.has(name))).toEqual([]);
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([]);
    // An unlayered sheet loaded after the app's CSS would override it (mantine-styles.ts says why).
    for (const text of [firstPaint, later]) expect(text).not.toMatch(/styles(\/[\w-]+)?\.css'/);
  });
});
