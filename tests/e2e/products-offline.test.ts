/**
 * Products offline (browser): create a product with two units, then find it offline by typing a
 * diacritic-free prefix; and find it offline by a keyboard-wedge scan of its barcode.
 *
 * On a phone (390x844) and on a desktop (1440x900) in Chromium. "Offline" is real for the page: the
 * browser reaches the server through a proxy that is unplugged (tests/support/offline-proxy.ts) and
 * the context is set offline, so the list falls back to the device's mirror of the catalogue.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, wedgeScan } from '@tests/support/browser';
import { eventually, setupE2e, signInTo, toast, waitForPath } from '@tests/support/e2e-app';

const app = setupE2e({ unpluggable: true });

const TEST_TIMEOUT_MS = 180_000;

/** A product name with Vietnamese marks (Đ, ơ, ồ…), unique per run, and a barcode of its box. */
function sample(tag: string) {
  const n = `${Date.now()}`.slice(-6);
  return {
    name: `Siro ho Đông Dược Phương Nam ${tag}${n}`,
    typed: `dong duoc phuong nam ${tag.toLowerCase()}${n}`,
    barcode: `893${n}${tag === 'P' ? '11' : '22'}`,
  };
}

async function createProduct(page: Page, product: ReturnType<typeof sample>): Promise<void> {
  await page.goto('/product');
  await page.getByTestId('product-create').first().click();
  await waitForPath(page, '/product/create');
  const form = page.getByTestId('product-form');
  await form.getByTestId('product-name').fill(product.name);
  await form.getByTestId('product-active_ingredient').fill('Cao lá thường xuân');
  await form.getByTestId('product-strength').fill('0,7 g/100 ml');
  const units = form.getByTestId('unit-row');
  await units.nth(0).getByTestId('unit-name').fill('chai');
  await units.nth(0).getByTestId('unit-price').fill('45000');
  await form.getByTestId('unit-add').click();
  await units.nth(1).getByTestId('unit-name').fill('thùng');
  await units.nth(1).getByTestId('unit-factor').fill('24');
  await units.nth(1).getByTestId('unit-price').fill('1000000');
  await units.nth(1).getByTestId('unit-barcode').fill(product.barcode);
  await expect(form.getByTestId('conversion-chain').innerText()).resolves.toBe('1 thùng = 24 chai');
  await form.getByTestId('product-save').click();
  await toast(page, 'success', 'Tạo sản phẩm thành công').waitFor();
  // On to the new product's page (where images can be added).
  await page.waitForURL((url) => url.pathname === '/product/create' && url.searchParams.has('id'));
}

describe('products offline', () => {
  for (const [label, viewport, tag] of [
    ['phone', VIEWPORTS.phone, 'P'],
    ['desktop', VIEWPORTS.desktop, 'D'],
  ] as const) {
    it(
      `creates a product with two units and finds it offline by a diacritic-free prefix and by a scan (${label})`,
      async () => {
        const { context, page } = await app.open(viewport);
        await signInTo(page);
        const product = sample(tag);
        await createProduct(page, product);

        await page
          .getByRole('link', { name: 'Sản phẩm' })
          .first()
          .click()
          .catch(() => page.goto('/product'));
        await page.goto('/product');
        await page.getByTestId('product-search').waitFor();
        await app.unplug(context);

        await page.getByTestId('product-search').fill(
          product.typed
            .split(' ')
            .map((word) => word.slice(0, 4))
            .join(' '),
        );
        await page.getByTestId('product-list-offline').waitFor();
        const row = page.getByTestId('product-row').filter({ hasText: product.name });
        await row.waitFor();
        await expect(row.innerText()).resolves.toContain('chai');
        await expect(row.innerText()).resolves.toContain('1 thùng = 24 chai');
        await eventually(() => page.getByTestId('product-row').count()).toBe(1);

        // A keyboard-wedge scanner: fast keys then Enter, with no input focused.
        await page.getByTestId('product-search').fill('');
        await eventually(() => page.getByTestId('product-row').count()).toBeGreaterThan(1);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await wedgeScan(page, product.barcode);
        await page.locator('[data-testid="product-row"][data-highlighted="true"]').filter({ hasText: product.name }).waitFor();

        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await wedgeScan(page, '8930000000000');
        await toast(page, 'error', 'Không tìm thấy sản phẩm có mã vạch 8930000000000').waitFor();
      },
      TEST_TIMEOUT_MS,
    );
  }
});
