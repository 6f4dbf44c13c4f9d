/**
 * Choosing a workspace (product-spec.md §4): only accepted memberships can be chosen; choosing saves the
 * company, loads every feature flag and the member's access (what their role allows) and re-renders. A failed
 * load is only logged (product-spec.md §8): the workspace opens with what it had before.
 */
import { INACTIVE_WORKSPACE_WARNING, isAcceptedMembership, type Membership } from '@contract/company';
import { setCompanyData, setFeatureFlags } from '@/session/session-store';
import { setMemberAccess } from '@/session/access';
import { fetchFeatureFlags, fetchMemberAccess } from '../api/company-api';

export const PENDING_WORKSPACE_WARNING = 'Vui lòng chờ đến khi được xác nhận để tiếp tục !!!';

/** An invitation is answered first, from the workspace list at '/'. */
export const INVITED_WORKSPACE_WARNING = 'Bạn được mời tham gia công ty này. Hãy chọn "Chấp nhận" ở danh sách công ty để tiếp tục.';

export type ChooseResult = { ok: true } | { ok: false; warning: string };

export async function chooseWorkspace(membership: Membership): Promise<ChooseResult> {
  if (membership.status_display === 'invited') return { ok: false, warning: INVITED_WORKSPACE_WARNING };
  if (!isAcceptedMembership(membership.status_display)) return { ok: false, warning: PENDING_WORKSPACE_WARNING };
  // A member the company deactivated keeps the entry but cannot open the workspace.
  if (membership.is_active === false) return { ok: false, warning: INACTIVE_WORKSPACE_WARNING };
  setCompanyData(membership.company_data);
  await refreshWorkspace(membership.company);
  return { ok: true };
}

/** Reloads the switches and the member's access of a workspace (on choosing it and at app start). */
export async function refreshWorkspace(companyId: number): Promise<void> {
  const [flags, access] = await Promise.allSettled([fetchFeatureFlags(companyId), fetchMemberAccess(companyId)]);
  if (flags.status === 'fulfilled') setFeatureFlags(companyId, flags.value);
  else console.error('Không tải được cấu hình chức năng của công ty', flags.reason);
  if (access.status === 'fulfilled') setMemberAccess(companyId, access.value);
  else console.error('Không tải được quyền của bạn trong công ty', access.reason);
}
