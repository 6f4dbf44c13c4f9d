/**
 * What a printed receipt needs besides the receipt (print{kind}receipt/): the company's header lines,
 * the form number and regime from the settings (never hard-coded), the company's tax code and address.
 * The page itself is laid out by the client (A4, in the layout of forms 01-VT, 02-VT, 05-VT and the
 * transfer note; src/features/warehouse).
 */
import { eq } from 'drizzle-orm';
import { ACCOUNTING_REGIME_LABELS } from '@contract/warehouse';
import type { ReceiptDetail, ReceiptPrint } from '@contract/warehouse-receipts';
import type { Db } from '@server/kernel/db/client';
import { companies } from '@server/kernel/db/schema';
import { settingsOf } from './settings';

export async function printData(db: Db, companyId: number, receipt: ReceiptDetail): Promise<ReceiptPrint> {
  const settings = await settingsOf(db, companyId);
  const [company] = await db
    .select({ title: companies.title, address: companies.address, taxCode: companies.taxCode })
    .from(companies)
    .where(eq(companies.id, companyId));
  const form = { import: settings.import_form, export: settings.export_form, check: settings.check_form, transfer: settings.transfer_form }[
    receipt.kind
  ];
  return {
    receipt,
    form,
    regime: ACCOUNTING_REGIME_LABELS[settings.regime],
    unit_name: settings.unit_name ?? company?.title ?? '',
    department: settings.department,
    company: { title: company?.title ?? '', address: company?.address ?? null, tax_code: company?.taxCode ?? null },
  };
}
