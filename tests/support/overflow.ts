/**
 * What sticks out of the screen at the current width, read in the page: the layout walk
 * (tests/e2e/layout-widths.test.ts) asks it of every menu route at six widths, the accessibility
 * sweep (tests/e2e/accessibility.test.ts) of every detail, account and public screen at desktop and
 * phone width.
 */
import type { Page } from 'playwright-core';

/**
 * What sticks out at the current width: the page itself wider than the window, or a tab of a tab
 * strip that cannot be reached (outside the window with no scrolling strip around it) or whose
 * count badge shows no number.
 */
export async function overflowsHere(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) found.push(`page ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
    const scrolls = (element: Element | null): boolean => {
      for (let node = element?.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (/(auto|scroll)/.test(style.overflowX) && node.scrollWidth > node.clientWidth) return true;
      }
      return false;
    };
    for (const tab of document.querySelectorAll('[role="tab"]')) {
      const box = tab.getBoundingClientRect();
      if (box.width === 0) continue;
      const label = (tab.textContent ?? '').trim();
      if ((box.right > window.innerWidth + 1 || box.left < -1) && !scrolls(tab))
        found.push(`tab "${label}" cut at ${Math.round(box.right)} px`);
      for (const badge of tab.querySelectorAll('[data-testid$="-count"], .mantine-Badge-root')) {
        const text = (badge.textContent ?? '').trim();
        const badgeBox = badge.getBoundingClientRect();
        if (badgeBox.width > 0 && (text === '' || badge.scrollWidth > badge.clientWidth + 1))
          found.push(`tab "${label}": count not readable`);
      }
    }
    /** Sticks out of an ancestor that hides what overflows it (and does not scroll to it). */
    const clippedByAncestor = (element: HTMLElement, box: DOMRect): boolean => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === 'visible') continue;
        // A strip that scrolls with no scrollbar at all (the desktop menu) still hides what is past its
        // edge; a ScrollArea hides the native bar but draws its own while there is more to see.
        if (/(auto|scroll)/.test(overflow)) {
          const drawnBar = node
            .closest('.mantine-ScrollArea-root')
            ?.querySelector('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]');
          if (getComputedStyle(node).scrollbarWidth !== 'none' || drawnBar) return false;
        }
        const outer = node.getBoundingClientRect();
        return box.right > outer.right + 1 || box.left < outer.left - 1;
      }
      return false;
    };
    // A label cut inside its own box (a button, a switch of a segmented control, a badge, a title).
    // The company's name in the header is capped on purpose (its title holds it whole), so the menu
    // fits whatever the company is called; it must still show a readable part of the name.
    const labels = 'button, a, [role="tab"], .mantine-SegmentedControl-label, .mantine-Badge-label, h1, h2, h3, h4';
    const company = document.querySelector<HTMLElement>('[data-testid="workspace-switcher"] [data-truncate]');
    if (company && company.getBoundingClientRect().width > 0 && company.clientWidth < 120)
      found.push(`the company's name squeezed to ${company.clientWidth} px`);
    // From 1280 px the desktop header shows its whole menu, not the drawer's burger.
    if (window.innerWidth >= 1280 && document.querySelector('[data-testid="desktop-header"] button[aria-label="Mở menu"]'))
      found.push('the header menu collapsed into the drawer');
    for (const element of document.querySelectorAll<HTMLElement>(labels)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || element.closest('[aria-hidden="true"], table')) continue;
      const text = ((element.textContent ?? '').trim() || element.getAttribute('aria-label') || element.outerHTML).slice(0, 60);
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible')
        found.push(`"${text}" cut (${element.scrollWidth} px in ${element.clientWidth} px)`);
      else if (clippedByAncestor(element, box)) found.push(`"${text}" cut by the box around it`);
    }
    // Badges drawn over one another (an order card's chips at 360 px).
    const badges = [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root')]
      .map((badge) => ({ badge, box: badge.getBoundingClientRect() }))
      .filter(({ box, badge }) => box.width > 0 && !badge.closest('[aria-hidden="true"]'));
    for (let i = 0; i < badges.length; i += 1)
      for (let j = i + 1; j < badges.length; j += 1) {
        const [a, b] = [badges[i]!.box, badges[j]!.box];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
          found.push(`badges "${badges[i]!.badge.textContent}" and "${badges[j]!.badge.textContent}" overlap`);
      }
    return found;
  });
}
