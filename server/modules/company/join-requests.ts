/**
 * Asking to join a company (company/api/accountcompany POST, account/api/account-register-company
 * PUT): a pending membership the company's owner accepts or refuses (./company.routes.ts PUT
 * accountcompany/{id}), who is notified of it. One request per person and company; refused, a person
 * may ask once more.
 */
import { and, eq } from 'drizzle-orm';
import type { Membership } from '@contract/company';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { loadAccountView } from '@server/modules/auth';
import { notifyJoinRequest } from '@server/modules/notifications';
import { findCompany, findMembership } from './company.repo';

const ALREADY: Record<string, string> = {
  accept: 'Bạn đã là thành viên của công ty này',
  pending: 'Bạn đã gửi yêu cầu tham gia công ty này, vui lòng chờ công ty xác nhận',
  invited: 'Công ty đã mời bạn tham gia: hãy chấp nhận lời mời trong danh sách công ty',
};

export const JOIN_REQUEST_SENT = 'Đã gửi yêu cầu tham gia, vui lòng chờ công ty xác nhận';

/** Records the request and answers the caller's membership as it now is. */
export async function requestToJoin(db: Db, companyId: number, accountId: number): Promise<Membership> {
  if (!(await findCompany(db, companyId))) throw notFound('Không tìm thấy công ty');
  const existing = await findMembership(db, companyId, accountId);
  if (existing && existing.status !== 'reject') throw conflict(ALREADY[existing.status] ?? ALREADY.pending);
  if (existing && !existing.isActive) throw conflict('Tài khoản của bạn đã bị ngừng hoạt động tại công ty này');
  await db.transaction(async (tx) => {
    let membershipId = existing?.id;
    if (existing) {
      const [reopened] = await tx
        .update(accountCompanies)
        .set({ status: 'pending', updatedAt: new Date() })
        .where(and(eq(accountCompanies.id, existing.id), eq(accountCompanies.status, 'reject')))
        .returning({ id: accountCompanies.id });
      if (!reopened) throw conflict(ALREADY.pending);
    } else {
      const [inserted] = await tx
        .insert(accountCompanies)
        .values({ companyId, accountId, status: 'pending' })
        .onConflictDoNothing()
        .returning({ id: accountCompanies.id });
      if (!inserted) throw conflict(ALREADY.pending);
      membershipId = inserted.id;
    }
    const [requester] = await tx
      .select({ fullName: accounts.fullName, phone: accounts.phone })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    await notifyJoinRequest(tx, {
      companyId,
      membershipId: membershipId!,
      requesterId: accountId,
      requesterName: requester!.fullName,
      requesterPhone: requester!.phone,
    });
  });
  const view = await loadAccountView(db, accountId);
  return view!.company_data.find((membership) => membership.company === companyId)!;
}
