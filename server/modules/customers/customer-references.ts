/** A customer may only point at the staff (active members), group and level of its own company. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, customerLevels, customerTypes } from '@server/kernel/db/schema';
import { OpRejection } from '@server/kernel/sync/op-context';

export async function assertCustomerReferences(
  tx: Db,
  companyId: number,
  input: { staff_id?: number | null; customer_type_id?: number | null; level_id?: number | null },
): Promise<void> {
  if (input.staff_id) {
    const [member] = await tx
      .select({ id: accountCompanies.id, isActive: accountCompanies.isActive })
      .from(accountCompanies)
      .where(
        and(
          eq(accountCompanies.companyId, companyId),
          eq(accountCompanies.accountId, input.staff_id),
          eq(accountCompanies.status, 'accept'),
        ),
      );
    if (!member)
      throw new OpRejection('STAFF_NOT_FOUND', 'Nhân viên phụ trách không thuộc công ty', { staff_id: 'Nhân viên không hợp lệ' });
    // A deactivated person keeps their history but takes no new customers.
    if (!member.isActive)
      throw new OpRejection('STAFF_INACTIVE', 'Nhân viên phụ trách đã ngừng hoạt động, vui lòng chọn người khác', {
        staff_id: 'Nhân viên đã ngừng hoạt động',
      });
  }
  if (input.customer_type_id) {
    const [type] = await tx
      .select({ id: customerTypes.id })
      .from(customerTypes)
      .where(and(eq(customerTypes.companyId, companyId), eq(customerTypes.id, input.customer_type_id)));
    if (!type)
      throw new OpRejection('CUSTOMER_TYPE_NOT_FOUND', 'Nhóm khách hàng không tồn tại', {
        customer_type_id: 'Nhóm khách hàng không tồn tại',
      });
  }
  if (input.level_id) {
    const [level] = await tx
      .select({ id: customerLevels.id })
      .from(customerLevels)
      .where(and(eq(customerLevels.companyId, companyId), eq(customerLevels.id, input.level_id)));
    if (!level) throw new OpRejection('CUSTOMER_LEVEL_NOT_FOUND', 'Cấp độ khách hàng không tồn tại', { level_id: 'Cấp độ không tồn tại' });
  }
}
