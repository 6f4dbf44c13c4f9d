/**
 * A visit photo made small on the phone before it is queued for upload (aim: ≤ 300 kB for a 12 MP
 * photo). In Debian's Chromium at a 390 px phone, the benchmark page
 * (tests/bench/browser/photo-shrink-page.ts) makes a camera's file (4000×3000, JPEG quality 0.92,
 * with the Exif a phone writes), then times the app's shrinkPhoto (src/lib/photo-shrink.ts) on it
 * with CDP CPU throttling 1× and 4×, and checks what it gives back: the time and place read from
 * the Exif, the pixels turned upright, no metadata left in the file.
 *
 *   npm run bench:photo-shrink              CPU 1× and 4×
 *   options: --cpu=1,4 --runs=5
 *
 * The throttling slows the page's main thread; Chromium decodes a bitmap and encodes an
 * OffscreenCanvas on other threads, which it slows less.
 */
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser, newPage, VIEWPORTS, withSlowCpu } from '@tests/support/browser';
import type { CameraFile, ShrinkOutcome } from './browser/photo-shrink-page';
import { argValue, serveFolder, chromiumVersion, machineInfo, summarize, table, verdict, writeResult } from './support/kit';

const AIM_BYTES = 300 * 1024;
const PAGE_SOURCE = path.resolve('tests/bench/browser');
const PAGE_DIR = path.resolve('.tmp/bench-photo');
const RATES = (argValue('cpu') ?? '1,4').split(',').map(Number);
const RUNS = Number(argValue('runs') ?? 5);

/** What a caller must get back, or why not. */
function problems(outcome: ShrinkOutcome): string[] {
  const found: string[] = [];
  const { expected } = outcome;
  if (outcome.takenAt !== expected.takenAt) found.push(`takenAt ${outcome.takenAt}, expected ${expected.takenAt}`);
  const place = outcome.location;
  if (!place || Math.abs(place.lat - expected.location.lat) > 1e-6 || Math.abs(place.lng - expected.location.lng) > 1e-6)
    found.push(`location ${JSON.stringify(place)}, expected ${JSON.stringify(expected.location)}`);
  if (outcome.exifLeft || outcome.markers.includes('FFE1')) found.push(`metadata left in the shrunk file: ${outcome.markers.join(' ')}`);
  // Orientation 6: the sensor's 4000×3000 is a photo held upright, 1200×1600 once shrunk.
  for (const run of outcome.runs)
    if (run.width >= run.height || Math.max(run.width, run.height) > 1600)
      found.push(`not upright within 1600 px: ${run.width}×${run.height}`);
  return found;
}

await build({
  configFile: false,
  root: PAGE_SOURCE,
  base: '/',
  logLevel: 'warn',
  resolve: { tsconfigPaths: true },
  build: {
    outDir: PAGE_DIR,
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    sourcemap: false,
    minify: true,
    target: 'es2022',
    rolldownOptions: { input: path.join(PAGE_SOURCE, 'photo-shrink.html') },
  },
});
const site = await serveFolder(PAGE_DIR);
const browser = await launchBrowser();
let camera: CameraFile;
const results: Record<string, ShrinkOutcome> = {};
try {
  const { page } = await newPage(browser, site.url, VIEWPORTS.phone);
  await page.goto('/photo-shrink.html');
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  // Made once, at full speed: the camera's work is not the app's.
  camera = await page.evaluate(() => window.photoBench.makeCameraFile());
  for (const rate of RATES)
    results[`${rate}x`] = await withSlowCpu(page, rate, () => page.evaluate((runs) => window.photoBench.shrink(runs), RUNS));
} finally {
  await browser.close();
  site.close();
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const rows = Object.entries(results).map(([rate, outcome]) => {
  const time = summarize(outcome.runs.map((run) => run.ms));
  const bytes = Math.max(...outcome.runs.map((run) => run.bytes));
  const last = outcome.runs.at(-1)!;
  return [
    rate,
    kB(camera.bytes),
    kB(bytes),
    kB(AIM_BYTES),
    verdict(bytes, AIM_BYTES),
    `${last.width}×${last.height}`,
    Number(outcome.runs[0]!.ms.toFixed(0)),
    Math.round(time.p50),
    Math.round(time.p95),
    Math.max(...outcome.runs.map((run) => run.longestTaskMs)),
  ];
});
console.info(
  `camera file: ${camera!.width}×${camera!.height}, ${camera!.bytes.toLocaleString('en-US')} bytes (made in ${camera!.makeMs.toFixed(0)} ms); ${RUNS} runs per rate`,
);
table(
  'A 12 MP photo shrunk on the phone (shrinkPhoto)',
  ['CPU', 'original', 'shrunk', 'aim', '', 'side', 'first ms', 'p50 ms', 'p95 ms', 'longest task ms'],
  rows,
);
const wrong = Object.entries(results).flatMap(([rate, outcome]) => problems(outcome).map((problem) => `${rate}: ${problem}`));
for (const problem of wrong) console.error(`WRONG ${problem}`);
const file = writeResult('photo-shrink', {
  machine: machineInfo({ chromium: chromiumVersion() }),
  aimBytes: AIM_BYTES,
  camera: camera!,
  runs: RUNS,
  results,
  wrong,
});
console.info(`results: ${file}`);
if (wrong.length > 0) process.exitCode = 1;
