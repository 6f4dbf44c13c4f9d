/**
 * Promotions, the office side (browser): the owner of An Khang at a desk (1440x900) writes a
 * buy-10-get-1 on its form (kind, dates, the tier, a variant found in the device's catalogue),
 * sends it for approval and approves it on its page; the list's status tab is kept in the URL and
 * for the section, and cleared once the person leaves it (product-spec.md §2 rule 4). A regional
 * manager whose role may see and write programmes but not approve them gets no Duyệt or Từ chối on
 * a phone (390 px); a rep, whose role has no promotions at all, is refused the page; Minh Phát,
 * with REWARD off, has no Khuyến mại in its menu and its owner is told the service is off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { vietnamDay } from '@contract/price-policy';
import { PROMOTION_MESSAGES, promotionPaths, type PromotionRecord } from '@contract/promotions';
import { rolePaths, type RoleRecord } from '@contract/roles';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, desktopMenu, eventually, pathOf, setupE2e, signInAs, signInTo, toast, waitForPath } from '@tests/support/e2e-app';
import { apiCall, officeSignIn, type Office } from '@tests/support/office-api';

const app = setupE2e();

const MANAGER_PHONE = '0912000003';
const REP_PHONE = '0912000001';
const BINH_PHONE = '0907654321';
const WAITING = 'Giảm 10% thuốc Hapacol';

let office: Office;

const day = (offset: number) => vietnamDay(new Date(Date.now() + offset * 86_400_000));

beforeAll(async () => {
  office = await officeSignIn(app.server.url);
});

async function programmeNamed(name: string): Promise<PromotionRecord> {
  const answer = await apiCall<PromotionRecord[]>(
    app.server.url,
    `${promotionPaths.promotions}?company=${office.companyId}&search=${encodeURIComponent(name)}&limit=50`,
    { token: office.token },
  );
  const found = answer.body.data.find((record) => record.name === name);
  if (!found) throw new Error(`no programme named ${name}`);
  return found;
}

/** Types a day into a DD/MM/YYYY field and leaves it (2026-07-01 → 01/07/2026). */
async function typeDay(page: Page, testId: string, iso: string): Promise<void> {
  const field = page.getByTestId(testId);
  const typed = iso.split('-').reverse().join('/');
  await field.fill(typed);
  await field.blur();
  await eventually(() => field.inputValue()).toBe(typed);
}

/** A Mantine select: opened by its input, an option picked by its label. */
async function choose(page: Page, testId: string, option: string | RegExp, typed?: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

describe('promotions in the office', () => {
  it('the owner writes a buy-10-get-1, sends it for approval and approves it (1440x900)', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    await desktopMenu(page).getByRole('link', { name: 'Khuyến mại', exact: true }).click();
    await waitForPath(page, '/promotion');
    await page.getByTestId('promotion-row').first().waitFor();

    await page.getByTestId('promotion-create').click();
    await waitForPath(page, '/promotion/create');
    const name = 'Mua 10 gói Smecta tặng 1 gói (e2e)';
    await page.getByTestId('promotion-name').fill(name);
    await choose(page, 'promotion-kind', 'Mua X tặng Y');
    await typeDay(page, 'promotion-starts-on', day(0));
    await typeDay(page, 'promotion-ends-on', day(30));
    await page.getByTestId('tier-threshold').fill('10');
    await expect(page.getByTestId('tier-units-hint').innerText()).resolves.toContain('đơn vị cơ bản');
    // The device's catalogue answers as soon as the first sync has brought it.
    await choose(page, 'scope-variant-add', /^Smecta/, 'smecta');
    await eventually(() => page.getByTestId('scope-variant').count()).toBe(1);
    await page.getByTestId('promotion-notice-ref').fill('TB-KM 2001/SCT-QLTM');
    await page.getByTestId('promotion-save').click();

    await toast(page, 'success', PROMOTION_MESSAGES.created).waitFor();
    await page.waitForURL((url) => /^\/promotion\/\d+$/.test(url.pathname));
    const detail = page.getByTestId('promotion-detail');
    await eventually(() => detail.getAttribute('data-status')).toBe('1');
    await expect(page.getByTestId('promotion-detail-tiers').innerText()).resolves.toBe('Cứ mua 10 đơn vị: tặng 1 sản phẩm đã mua');
    await expect(page.getByTestId('promotion-detail-notice').innerText()).resolves.toContain('TB-KM 2001/SCT-QLTM');

    await page.getByTestId('promotion-approve').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Duyệt', exact: true }).click();
    await toast(page, 'success', PROMOTION_MESSAGES.approved).waitFor();
    await eventually(() => detail.getAttribute('data-status')).toBe('3');
    await expect(page.getByTestId('promotion-approve').count()).resolves.toBe(0);
    await page.getByTestId('promotion-stop').waitFor();
    await expect(page.getByTestId('promotion-detail-approved-by').innerText()).resolves.toContain('Nguyễn Văn An');

    const saved = await programmeNamed(name);
    expect(saved).toMatchObject({
      status: 3,
      kind: 'buy_get',
      starts_on: day(0),
      ends_on: day(30),
      tiers: [{ threshold: 10, reward: 'gift', gift_quantity: 1, gift_variant_id: null }],
      notice_ref: 'TB-KM 2001/SCT-QLTM',
    });
    expect(saved.variant_ids).toHaveLength(1);
  });

  it('keeps the list’s status tab for the section and forgets it once the section is left (1440x900)', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    await page.goto('/promotion');
    await page.getByTestId('promotion-row').first().waitFor();
    await page.getByTestId('promotion-tab-1').click();
    await waitForPath(page, '/promotion', '?status=1');
    await eventually(async () =>
      (await page.getByTestId('promotion-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')))).every(
        (status) => status === '1',
      ),
    ).toBe(true);

    await page.getByTestId('promotion-code').first().click();
    await page.waitForURL((url) => /^\/promotion\/\d+$/.test(url.pathname));
    await desktopMenu(page).getByRole('link', { name: 'Khuyến mại', exact: true }).click();
    await waitForPath(page, '/promotion', '?status=1');

    await page.goto('/product');
    await waitForPath(page, '/product');
    await desktopMenu(page).getByRole('link', { name: 'Khuyến mại', exact: true }).click();
    await waitForPath(page, '/promotion', '');
    expect(pathOf(page)).toBe('/promotion');
  });

  it('gives a role without the approve permission no Duyệt nor Từ chối, and refuses a rep the page (390x844)', async () => {
    const roles = await apiCall<RoleRecord[]>(app.server.url, `${rolePaths.roles}?company=${office.companyId}&limit=50`, {
      token: office.token,
    });
    const manager = roles.body.data.find((role) => role.name === 'Quản lý vùng')!;
    const granted = await apiCall<RoleRecord>(app.server.url, rolePaths.role(manager.id), {
      token: office.token,
      method: 'PUT',
      body: {
        company: office.companyId,
        name: manager.name,
        description: manager.description,
        scope: manager.scope,
        permissions: { ...manager.permissions, promotions: ['view', 'create', 'edit'] },
      },
    });
    expect(granted.status).toBe(200);
    const waiting = await programmeNamed(WAITING);

    const { page } = await app.open(VIEWPORTS.phone);
    await signInAs(page, MANAGER_PHONE, COMPANIES.anKhang);
    await page.goto('/promotion');
    await page.getByTestId('promotion-cards').waitFor();
    await expect(page.getByTestId('promotion-create').isVisible()).resolves.toBe(true);
    await page.goto(`/promotion/${waiting.id}`);
    const detail = page.getByTestId('promotion-detail');
    await eventually(() => detail.getAttribute('data-status')).toBe('1');
    await page.getByTestId('promotion-edit').waitFor();
    await expect(page.getByTestId('promotion-approve').count()).resolves.toBe(0);
    await expect(page.getByTestId('promotion-reject').count()).resolves.toBe(0);
    await expect(page.getByTestId('promotion-delete').count()).resolves.toBe(0);

    const rep = await app.open(VIEWPORTS.phone);
    await signInAs(rep.page, REP_PHONE, COMPANIES.anKhang);
    await rep.page.goto(`/promotion/${waiting.id}`);
    await rep.page.getByText('Bạn không có quyền truy cập trang này').waitFor();
    await expect(rep.page.getByTestId('promotion-approve').count()).resolves.toBe(0);
  });

  it('shows no promotions where REWARD is off (Minh Phát, 1440x900)', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInAs(page, BINH_PHONE, COMPANIES.minhPhat);
    await desktopMenu(page).getByRole('link', { name: 'Tổng quan', exact: true }).waitFor();
    await expect(desktopMenu(page).getByRole('link', { name: 'Khuyến mại', exact: true }).count()).resolves.toBe(0);
    await page.goto('/promotion');
    await page.getByText('Chức năng chưa được bật').waitFor();
    await expect(page.getByTestId('promotion-row').count()).resolves.toBe(0);
  });
});
