/**
 * WCAG 2.1 SC 1.4.11 (non-text contrast), which axe-core does not measure: an icon that is all a
 * control shows (an icon button, an icon link) carries its meaning, so it must stand at 3:1 against
 * what it is drawn on. Icons beside a text say nothing the text does not and are left out, as are
 * disabled controls (the criterion exempts inactive components).
 */
import type { Page } from 'playwright-core';

export async function weakIcons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const parts = css.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
    // The colour under an element: its own and its ancestors' backgrounds, stacked on white.
    const backdrop = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = element; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const [lr, lg, lb] = [r, g, b].map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    const found: string[] = [];
    for (const control of document.querySelectorAll('button, a[href], [role="button"]')) {
      if (control.matches(':disabled, [aria-disabled="true"], [data-disabled]') || control.getClientRects().length === 0) continue;
      const icons = [...control.querySelectorAll('svg')];
      if (icons.length !== 1 || (control.textContent ?? '').trim() !== '') continue;
      const icon = icons[0]!;
      const style = getComputedStyle(icon);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const drawn = icon.getAttribute('fill') && icon.getAttribute('fill') !== 'none' ? style.fill : style.stroke;
      const ground = backdrop(icon.parentElement);
      const ink = over(parse(drawn.startsWith('rgb') ? drawn : style.color), ground);
      const [light, dark] = [luminance(ink), luminance(ground)].sort((a, b) => b - a);
      const ratio = (light! + 0.05) / (dark! + 0.05);
      if (ratio < 3) {
        const name = control.getAttribute('aria-label') ?? control.getAttribute('title') ?? control.outerHTML.slice(0, 80);
        found.push(`icon "${name}" at ${ratio.toFixed(2)}:1`);
      }
    }
    return [...new Set(found)];
  });
}
