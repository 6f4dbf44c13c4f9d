/**
 * Diacritic-insensitive search keys (docs/architecture.md "Interface"): NFD, strip
 * combining marks, map đ/Đ to d (they have no decomposition), lower-case, collapse spaces.
 * Client (device search text, src/db/search-index.ts) and server (search column) fold the same way.
 */
const MARKS = /[\u0300-\u036f]/g;

export function fold(text: string | null | undefined): string {
  if (!text) return '';
  return text.normalize('NFD').replace(MARKS, '').replace(/[đĐ]/g, 'd').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The distinct folded words of some texts (letters and digits): what prefix search matches. */
export function foldedWords(...texts: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of fold(text).split(/[^a-z0-9]+/)) if (word) words.add(word);
  }
  return [...words];
}
