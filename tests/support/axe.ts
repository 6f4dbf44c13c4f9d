/**
 * axe-core (Deque's accessibility engine, not ours) run in the page against WCAG 2.0 and 2.1 A and AA.
 * A finding of impact serious or critical is a defect; each comes back as one line naming the rule,
 * the elements and, for contrast, the colours and ratio axe measured.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeNode = { target: string[]; any: { data?: { contrastRatio?: number; fgColor?: string; bgColor?: string } | null }[] };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** The serious and critical WCAG A/AA violations on the page as it is now, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the driver, so the app's Content-Security-Policy does not apply to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, WCAG_AA_TAGS);
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.slice(0, 5).map((node) => {
        const contrast = node.any.find((check) => check.data?.contrastRatio)?.data;
        const detail = contrast ? ` (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio}:1)` : '';
        return `${violation.id}: ${node.target.join(' ')}${detail}`;
      }),
    );
}
