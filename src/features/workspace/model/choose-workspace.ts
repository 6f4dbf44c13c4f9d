/**
 * Choosing a workspace (spec §4): only accepted memberships can be chosen; choosing saves the
 * company, loads every feature flag and re-renders. A failed flag load is only logged (spec §8):
 * the workspace opens with the flags it had before.
 */
import { isAcceptedMembership, type Membership } from '../../../../contract/company';
import { setCompanyData, setFeatureFlags } from '../../../session/session-store';
import { fetchFeatureFlags } from '../api/workspace-api';

export const PENDING_WORKSPACE_WARNING = 'Vui lòng chờ đến khi được xác nhận để tiếp tục !!!';

export type ChooseResult = { ok: true } | { ok: false; warning: string };

export async function chooseWorkspace(membership: Membership): Promise<ChooseResult> {
  if (!isAcceptedMembership(membership.status_display)) return { ok: false, warning: PENDING_WORKSPACE_WARNING };
  setCompanyData(membership.company_data);
  await refreshFeatureFlags(membership.company);
  return { ok: true };
}

export async function refreshFeatureFlags(companyId: number): Promise<void> {
  try {
    setFeatureFlags(companyId, await fetchFeatureFlags(companyId));
  } catch (error) {
    console.error('Không tải được cấu hình chức năng của công ty', error);
  }
}
