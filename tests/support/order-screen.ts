/**
 * Taking an order on the order screen (/order/create) the way a rep does, for browser tests: find
 * the customer without diacritics, add a product's unit, type a line's quantity, send, and the
 * order's page that opens. The same steps tests/e2e/orders-offline.test.ts takes (there written
 * out in the file).
 */
import type { Locator, Page } from 'playwright-core';
import { eventually } from './e2e-app';

/** How a rep types on a phone without a Vietnamese keyboard: 'Minh Châu' → 'minh chau'. */
export function unaccented(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'd').toLowerCase();
}

/**
 * A customer among the picker's results (src/ui/customer-picker.tsx), by the name on its first line:
 * the option is named by all it shows (name, code, address), as WCAG's label-in-name asks.
 */
export function customerOption(page: Page, scope: Page | Locator, name: string): Locator {
  return scope.getByTestId('customer-option').filter({ has: page.getByText(name, { exact: true }) });
}

/** Finds the customer on the device by the last words of the name, without diacritics, and picks it. */
export async function pickCustomer(page: Page, customer: string): Promise<void> {
  const section = page.getByTestId('order-customer');
  await section.getByTestId('order-customer-search').fill(unaccented(customer.split(' ').slice(-2).join(' ')));
  await customerOption(page, section.getByTestId('order-customer-results'), customer).click();
  await eventually(() => section.getByTestId('order-customer-name').innerText()).toBe(customer);
}

/** The search result of a product on the order screen, after typing (part of) its name. */
export async function findProduct(page: Page, typed: string, title: string): Promise<Locator> {
  await page.getByTestId('product-adder').getByTestId('product-search').fill(typed);
  const result = page.getByTestId('product-result').filter({ hasText: title });
  await result.first().waitFor();
  return result.first();
}

export function cartLines(page: Page): Locator {
  return page.getByTestId('cart-lines').getByTestId('cart-line');
}

/** Types the quantity of a cart line, as a rep does after adding one. */
export async function setQuantity(line: Locator, quantity: number): Promise<void> {
  const input = line.getByTestId('quantity-input');
  await input.fill(String(quantity));
  await input.blur();
  await eventually(() => input.inputValue()).toBe(String(quantity));
}

/** The send button of the phone layout (the bar above the bottom navigation). */
export function sendButton(page: Page): Locator {
  return page.getByTestId('submit-bar').getByTestId('submit-order');
}

/** Waits for /order/{id} and returns the id. */
export async function openedOrderId(page: Page): Promise<string> {
  const shape = /^\/order\/([0-9a-f-]{36})$/;
  await page.waitForURL((url) => shape.test(url.pathname));
  return shape.exec(new URL(page.url()).pathname)![1]!;
}
