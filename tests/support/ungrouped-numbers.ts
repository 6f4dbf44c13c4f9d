/**
 * Numbers a screen prints without the dot thousands separator (product-spec.md: "1.234.567"), as
 * "Còn 4497 viên" was: runs of four to nine digits standing alone in the visible text. Left out,
 * because they are not quantities: codes (digits joined to letters, DH000187, or zero-padded, 00000123), phone numbers, tax
 * codes and barcodes (ten digits or more), hotlines and phones written in groups (1900 6868), parts
 * of dates and times (03/12/2026, 2026-12-03) and a year on its own (1900–2099).
 */
import type { Page } from 'playwright-core';

export async function ungroupedNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [aria-hidden="true"], [hidden]')) continue;
      if (parent.getClientRects().length === 0) continue;
      const text = node.textContent ?? '';
      // Phone numbers written in groups: hotlines (1900 6868, 1800 1234) and 0912 345 678.
      const withoutPhones = text.replace(/\b1[89]00[ .]?\d{3,4}(?:[ .]?\d{1,4})?\b|\b0\d{2,3}[ .]\d{3}[ .]\d{3,4}\b/g, '');
      for (const match of withoutPhones.matchAll(/(?<![\p{L}\p{N}/.,:-])(\d{4,9})(?![\p{L}\p{N}/.,:-])/gu)) {
        const digits = match[1]!;
        if (/^(19|20)\d{2}$/.test(digits) || digits.startsWith('0')) continue;
        found.add(`"${text.trim().slice(0, 60)}"`);
      }
    }
    return [...found];
  });
}
