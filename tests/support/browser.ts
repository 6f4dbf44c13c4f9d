/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). The flags keep Chromium
 * from reaching out to Google services, which this machine's closed network refuses.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for every Chromium we start (tests and benchmarks): no sandbox, no GPU, no Google services. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * Two frames painted, or 250 ms when none comes: headless Chromium can stop ticking
 * requestAnimationFrame for a page, and a wait on frames alone then never ends (one CI run of
 * tests/e2e/layout-widths.test.ts hung 600 s on it); a timer still runs.
 */
export function twoFrames(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((done) => {
        requestAnimationFrame(() => requestAnimationFrame(done));
        setTimeout(done, 250);
      }),
  );
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    serviceWorkers: options.serviceWorkers ?? 'block',
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A keyboard-wedge scanner aimed at no input: the code's keys and Enter as one burst inside the page,
 * a millisecond apart at most, as a scanner sends them. Typing them through the driver
 * (`page.keyboard.type`) leaves gaps of whatever the machine's load makes of each round trip, and a
 * gap longer than a scanner makes (src/ui/barcode-scanner.tsx, 40 ms) reads as a person typing.
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  await page.evaluate((keys) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...keys, 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
    }
  }, code);
}

/**
 * Runs `work` with the page's CPU slowed `rate` times (a low-end Android phone is about 4×), through
 * Chromium's own throttling, then at full speed again.
 */
export async function withSlowCpu<T>(page: Page, rate: number, work: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await work();
  } finally {
    // Not detached: a session leaving resets the page's emulated network (an offline page came back online).
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
