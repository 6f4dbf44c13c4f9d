/**
 * Spec §4/§8: only accepted memberships can be chosen; choosing the pending "Nhà thuốc Hòa Bình"
 * shows the warning toast and leaves the user where they were, from the list at '/' and from the
 * header's workspace dropdown alike.
 */
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  PENDING_WORKSPACE_WARNING,
  desktopMenu,
  openWorkspaceSwitcher,
  pathOf,
  setupE2e,
  signIn,
  signInTo,
  toast,
  waitForPath,
  workspaceEntry,
  workspaceList,
} from '@tests/support/e2e-app';

const app = setupE2e();

describe('the pending workspace', () => {
  it('is refused from the list at / with the warning toast, and nothing is opened', async () => {
    const { page } = await app.open(VIEWPORTS.phone);
    await signIn(page);

    await workspaceEntry(page, COMPANIES.hoaBinh).click();

    await toast(page, 'warning', PENDING_WORKSPACE_WARNING).waitFor();
    expect(pathOf(page)).toBe('/');
    await expect(workspaceList(page).isVisible()).resolves.toBe(true);
    // No workspace was saved: a workspace page still sends back to the list (product-spec.md §2 rule 3).
    await page.goto('/dashboard');
    await waitForPath(page, '/');
    await workspaceList(page).waitFor();
  });

  it('is refused from the header workspace dropdown with the warning toast; the current workspace stays', async () => {
    const { page } = await app.open(VIEWPORTS.desktop);
    await signInTo(page, COMPANIES.anKhang);
    await desktopMenu(page).getByRole('button', { name: 'Báo cáo', exact: true }).waitFor();

    const dropdown = await openWorkspaceSwitcher(page);
    const pending = dropdown.getByRole('menuitem', { name: COMPANIES.hoaBinh });
    await expect(pending.getByText('Chờ xác nhận', { exact: true }).count()).resolves.toBe(1);
    await pending.click();

    await toast(page, 'warning', PENDING_WORKSPACE_WARNING).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    await expect(page.getByTestId('workspace-switcher').innerText()).resolves.toContain(COMPANIES.anKhang);
    // Still An Khang's menu (its reports), not a workspace without switches.
    await expect(desktopMenu(page).getByRole('button', { name: 'Báo cáo', exact: true }).isVisible()).resolves.toBe(true);
    // Reloading keeps An Khang: the refused choice was not saved.
    await page.reload();
    await page.getByTestId('workspace-switcher').waitFor();
    await expect(page.getByTestId('workspace-switcher').innerText()).resolves.toContain(COMPANIES.anKhang);
  });
});
