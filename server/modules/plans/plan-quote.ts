/**
 * The price of a package order with a voucher (check-vourcher/, register-package/): the same rule
 * for the quote and the order; the order also takes the voucher's use for the company, under a lock
 * on the voucher so two companies cannot take its last use at once.
 */
import { eq } from 'drizzle-orm';
import {
  packageAmount,
  TRIAL_NOT_FOR_SALE,
  voucherDiscount,
  voucherRefusal,
  VOUCHER_MESSAGES,
  type PackageQuote,
  type VoucherRecord,
} from '@contract/plans';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { vouchers } from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import { companyHasUsed, packageById, voucherByCode } from './plan-records';

export type Quoted = PackageQuote & { voucherId: number | null };

/** `field`: where a voucher refusal is shown (`code` for check-vourcher/, `voucher` for register-package/). */
export async function quotePackage(
  db: Db,
  input: { company: number; packageId: number; months: number; code: string | null; field: string; lock?: boolean },
): Promise<Quoted> {
  const pkg = await packageById(db, input.packageId);
  if (pkg && pkg.trial_days !== null) throw badRequest('VALIDATION_FAILED', TRIAL_NOT_FOR_SALE, { package: TRIAL_NOT_FOR_SALE });
  if (!pkg || !pkg.is_active) throw notFound('Không tìm thấy gói dịch vụ');
  const listAmount = packageAmount(pkg, input.months);
  let voucher: VoucherRecord | null = null;
  if (input.code) {
    if (input.lock) await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, input.code)).for('update');
    voucher = await voucherByCode(db, input.code);
    const refusal = voucher
      ? voucherRefusal(voucher, {
          packageId: pkg.id,
          day: vietnamDay(),
          usedByCompany: await companyHasUsed(db, voucher.id, input.company),
        })
      : VOUCHER_MESSAGES.unknown;
    if (refusal) throw badRequest('VALIDATION_FAILED', refusal, { [input.field]: refusal });
  }
  const discount = voucher ? voucherDiscount(voucher, listAmount) : 0;
  return {
    package: pkg,
    months: input.months,
    list_amount: listAmount,
    discount,
    total: listAmount - discount,
    voucher: voucher && {
      code: voucher.code,
      kind: voucher.kind,
      value: voucher.value,
      max_discount: voucher.max_discount,
      ends_on: voucher.ends_on,
    },
    voucherId: voucher?.id ?? null,
  };
}
