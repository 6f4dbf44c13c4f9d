/**
 * The promotion engine on a phone (docs/promotions.md "Performance"): 200 active programmes of every kind
 * applied to a 50-line cart (contract/promotions-engine.ts applyPromotions, the function the cart
 * runs on every change), in a real Chromium, at CPU 1x and 4x (CDP throttling of the renderer),
 * aims p95 ≤ 5 ms and ≤ 20 ms. The same in Node for reference. The engine is bundled for the page
 * with esbuild, as Vite bundles it for the app.
 *
 *   npx tsx tests/bench/promotions.ts [--runs=300]
 */
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { applyPromotions, type EngineInput, type EngineLine, type EngineProgramme, type GiftGoods } from '@contract/promotions-engine';
import type { PromotionTier } from '@contract/promotions';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@tests/support/browser';
import { seededRandom } from './datagen/random';
import { argValue, chromiumVersion, machineInfo, summarize, table, verdict, writeResult, type Summary } from './support/kit';

const AIM = { p95Ms: 5, throttledP95Ms: 20 };
const RUNS = Number(argValue('runs') ?? 300);
const seeded = seededRandom(13);
const random = seeded.next;
const pick = <T>(list: readonly T[]): T => seeded.pick(list);

// A catalogue of 400 variants in 20 categories and 10 brands; every third a medicine.
const VARIANTS = Array.from({ length: 400 }, (_, index) => ({
  id: index + 1,
  category: (index % 20) + 1,
  brand: (index % 10) + 1,
  medicine: index % 3 === 0,
  price: 1_000 * (5 + Math.floor(random() * 200)),
}));

function programmes(count: number): EngineProgramme[] {
  const kinds = ['discount', 'quantity_tier', 'buy_get', 'order_total'] as const;
  return Array.from({ length: count }, (_, index): EngineProgramme => {
    const kind = kinds[index % kinds.length]!;
    const tiers: PromotionTier[] =
      kind === 'discount'
        ? [{ threshold: 1, reward: 'percent', value: 1 + (index % 10), gift_variant_id: null, gift_quantity: 0 }]
        : kind === 'buy_get'
          ? [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: index % 2 ? null : pick(VARIANTS).id, gift_quantity: 1 }]
          : kind === 'quantity_tier'
            ? [10, 30, 60].map((threshold, step) => ({
                threshold,
                reward: 'amount' as const,
                value: 200 * (step + 1),
                gift_variant_id: null,
                gift_quantity: 0,
              }))
            : [1_000_000, 3_000_000].map((threshold, step) => ({
                threshold,
                reward: 'percent' as const,
                value: 2 + step,
                gift_variant_id: null,
                gift_quantity: 0,
              }));
    const scope = index % 3;
    return {
      id: index + 1,
      code: `KM${index + 1}`,
      name: `Chương trình ${index + 1}`,
      kind,
      state: 'approved',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      hours_from: null,
      hours_to: null,
      exclusive: index % 17 === 0,
      priority: index % 5,
      variant_ids: scope === 0 ? Array.from({ length: 20 }, () => pick(VARIANTS).id) : [],
      category_ids: scope === 1 ? [pick(VARIANTS).category, pick(VARIANTS).category] : [],
      brand_ids: scope === 2 ? [pick(VARIANTS).brand] : [],
      customer_type_ids: index % 4 === 0 ? [1, 2] : [],
      level_ids: [],
      province_codes: index % 6 === 0 ? ['79', '01'] : [],
      tiers,
      cap_kind: index % 2 ? 'money' : 'quantity',
      cap_total: index % 3 ? 1_000_000_000 : null,
      cap_per_customer: null,
      used_total: 0,
    };
  });
}

function cart(lines: number): EngineLine[] {
  return Array.from({ length: lines }, (_, index) => {
    const variant = VARIANTS[(index * 7) % VARIANTS.length]!;
    return {
      line_id: `line-${index}`,
      variant_id: variant.id,
      category_id: variant.category,
      brand_id: variant.brand,
      is_medicine: variant.medicine,
      label: `Sản phẩm ${variant.id}`,
      base_unit: 'hộp',
      unit: 'hộp',
      factor: 1,
      quantity: 1 + Math.floor(random() * 40),
      unit_price: variant.price,
      vat_rate: 5,
      discount: index % 9 === 0 ? { kind: 'percent', value: 3 } : null,
    };
  });
}

const gifts: Record<number, GiftGoods> = Object.fromEntries(
  VARIANTS.map((variant) => [
    variant.id,
    { variant_id: variant.id, label: `Sản phẩm ${variant.id}`, base_unit: 'hộp', base_price: variant.price, is_medicine: variant.medicine },
  ]),
);

const input = {
  lines: cart(50),
  customer: { customer_type_id: 1, level_id: 2, province_code: '79', drug_business: true },
  programmes: programmes(200),
  vatOn: true,
  at: new Date('2026-11-25T03:00:00Z'),
};

function timeInNode(): Summary {
  const full: EngineInput = { ...input, gifts: (id) => gifts[id] };
  for (let i = 0; i < 30; i += 1) applyPromotions(full);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    applyPromotions(full);
    times.push(performance.now() - start);
  }
  return summarize(times);
}

/** The engine as an IIFE exposing `engine.applyPromotions`, for the page. */
async function engineBundle(): Promise<string> {
  const result = await build({
    stdin: { contents: "export { applyPromotions } from './contract/promotions-engine';", resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'engine',
    write: false,
    target: 'es2022',
    minify: true,
  });
  return result.outputFiles[0]!.text;
}

async function timeInChromium(rate: number, bundle: string): Promise<Summary & { applied: number; gifts: number; hints: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
    await page.setContent('<!doctype html><title>promotions</title>');
    // tsx keeps function names with a __name helper inside the function handed to evaluate().
    await page.addScriptTag({ content: `window.__name = (f) => f;\n${bundle}` });
    return await page.evaluate(
      ({ data, giftTable, runs }) => {
        const run = () =>
          (window as unknown as { engine: { applyPromotions: typeof applyPromotions } }).engine.applyPromotions({
            ...data,
            at: new Date(data.at),
            gifts: (id: number) => giftTable[id],
          });
        for (let i = 0; i < 30; i += 1) run();
        const times: number[] = [];
        let last = run();
        for (let i = 0; i < runs; i += 1) {
          const start = performance.now();
          last = run();
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
        return {
          n: times.length,
          p50: at(50),
          p95: at(95),
          p99: at(99),
          max: times[times.length - 1]!,
          mean: times.reduce((a, b) => a + b, 0) / times.length,
          applied: last.applied.length,
          gifts: last.gifts.length,
          hints: last.hints.length,
        };
      },
      { data: { ...input, at: input.at.toISOString() }, giftTable: gifts, runs: RUNS },
    );
  } finally {
    await browser.close();
  }
}

const node = timeInNode();
const bundle = await engineBundle();
const phone = await timeInChromium(1, bundle);
const throttled = await timeInChromium(4, bundle);
const fmt = (value: number) => value.toFixed(2);
table(
  `Applying ${input.programmes.length} programmes to a ${input.lines.length}-line cart (ms, ${RUNS} runs)`,
  ['where', 'p50', 'p95', 'p99', 'aim (p95)', ''],
  [
    ['Node (reference)', fmt(node.p50), fmt(node.p95), fmt(node.p99), '', ''],
    ['Chromium, CPU 1x', fmt(phone.p50), fmt(phone.p95), fmt(phone.p99), `≤ ${AIM.p95Ms}`, verdict(phone.p95, AIM.p95Ms)],
    [
      'Chromium, CPU 4x',
      fmt(throttled.p50),
      fmt(throttled.p95),
      fmt(throttled.p99),
      `≤ ${AIM.throttledP95Ms}`,
      verdict(throttled.p95, AIM.throttledP95Ms),
    ],
  ],
);
console.info(`The cart's answer: ${phone.applied} programmes applied, ${phone.gifts} gifts, ${phone.hints} hints.`);
const file = writeResult('promotions', {
  machine: machineInfo({ chromium: chromiumVersion() }),
  aims: AIM,
  scale: { programmes: input.programmes.length, lines: input.lines.length, runs: RUNS },
  node,
  chromium: { 1: phone, 4: throttled },
});
console.info(`\nResults written to ${file}`);
