/**
 * The customer sheet's import (contract/customers-sheet.ts): rows as the client read them, keyed by
 * the column headers. Each row is one customer saved in its own transaction through the same writes
 * as the form (customerColumns, with the change log), so a bad row, a malformed day above all, is
 * reported with its row and column and changes nothing. A row whose Mã KH the company has updates
 * that customer, an empty cell keeping what it had; another row creates a customer (with that code,
 * or the next KH number).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { fold } from '@contract/fold';
import {
  CUSTOMER_KINDS,
  CUSTOMER_STATUS_LABELS,
  CUSTOMER_STATUSES,
  customerFields,
  type CustomerRecord,
  type CustomerStatus,
} from '@contract/customers';
import { CUSTOMER_ROW_KEY, type CustomerImportAnswer, type CustomerImportError, type CustomerSheetColumn } from '@contract/customers-sheet';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { customers } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { SheetCellError, sheetDay, sheetText, sheetYesNo, type SheetCells } from '@server/kernel/sheet-cells';
import { recordChange } from '@server/kernel/sync/change-log';
import { insertCustomer, loadCustomerRecords } from './customer-record';
import { sheetAddress } from './customer-sheet-address';
import { customerSheetRow } from './customer-sheet-export';
import { updateCustomerRow } from './customer-write';

const FIELD_COLUMNS: Record<string, CustomerSheetColumn> = {
  code: 'Mã KH',
  name: 'Tên khách hàng',
  kind: 'Loại hình kinh doanh',
  phone: 'Số điện thoại',
  tax_code: 'Mã số thuế',
  owner_name: 'Chủ cửa hàng',
  address: 'Số nhà, đường',
  status: 'Trạng thái',
  note: 'Ghi chú',
  licence_number: 'Số GCN đủ ĐKKD dược',
  licence_issuer: 'Nơi cấp',
  licence_date: 'Ngày cấp',
  controlled_scope: 'Thuốc kiểm soát đặc biệt',
  gpp_number: 'Số GPP/GDP',
  gpp_expiry: 'Hết hạn GPP/GDP',
  outlet_code: 'Mã cơ sở',
};

const FormFields = v.object(customerFields);

class RowError extends Error {
  constructor(readonly error: CustomerImportError) {
    super(error.message);
  }
}

const withRow = (row: number, message: string) => (message.startsWith('Dòng ') ? message : `Dòng ${row}: ${message}`);

function rowNumber(cells: SheetCells, index: number): number {
  const given = cells[CUSTOMER_ROW_KEY];
  return typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : index + 2;
}

/** One of a fixed set written as its label (diacritics and case aside) or its own code; blank: null. */
function choice<T extends string>(cells: SheetCells, column: CustomerSheetColumn, row: number, labels: Record<T, string>): T | null {
  const raw = sheetText(cells, column);
  if (raw === null) return null;
  const found = (Object.entries(labels) as [T, string][]).find(([value, label]) => fold(label) === fold(raw) || value === raw);
  if (found) return found[0];
  const choices = Object.values(labels)
    .map((label) => `"${label as string}"`)
    .join(', ');
  throw new SheetCellError(row, column, `Dòng ${row}: ${column} "${raw}" không hợp lệ (chọn một trong: ${choices})`);
}

const KIND_LABELS = Object.fromEntries(CUSTOMER_KINDS.map((kind) => [kind, kind])) as Record<(typeof CUSTOMER_KINDS)[number], string>;
const STATUS_LABELS = Object.fromEntries(CUSTOMER_STATUSES.map((status) => [status, CUSTOMER_STATUS_LABELS[status]])) as Record<
  CustomerStatus,
  string
>;

/** The customer's fields: the stored customer (if any) with the sheet's non-empty cells laid over it. */
async function rowInput(cells: SheetCells, row: number, existing: CustomerRecord | null) {
  const keep = <T>(value: T | null, stored: T | null | undefined): T | null => (value !== null ? value : (stored ?? null));
  const text = (column: CustomerSheetColumn, stored: string | null | undefined) => keep(sheetText(cells, column), stored);
  const day = (column: CustomerSheetColumn, stored: string | null | undefined) => keep(sheetDay(cells, column, row), stored);
  return {
    code: text('Mã KH', existing?.code),
    name: text('Tên khách hàng', existing?.name) ?? '',
    kind: choice(cells, 'Loại hình kinh doanh', row, KIND_LABELS) ?? existing?.kind ?? 'Nhà thuốc',
    phone: text('Số điện thoại', existing?.phone),
    tax_code: text('Mã số thuế', existing?.tax_code),
    owner_name: text('Chủ cửa hàng', existing?.owner_name),
    address: await sheetAddress(cells, row, existing, existing ? customerSheetRow(existing) : null),
    staff_id: existing?.staff_id ?? null,
    customer_type_id: existing?.customer_type_id ?? null,
    level_id: existing?.level_id ?? null,
    status: choice(cells, 'Trạng thái', row, STATUS_LABELS) ?? existing?.status ?? 'active',
    lat: existing?.lat ?? null,
    lng: existing?.lng ?? null,
    note: text('Ghi chú', existing?.note),
    drug_business: existing?.drug_business,
    licence_number: text('Số GCN đủ ĐKKD dược', existing?.licence_number),
    licence_issuer: text('Nơi cấp', existing?.licence_issuer),
    licence_date: day('Ngày cấp', existing?.licence_date),
    controlled_scope: sheetYesNo(cells, 'Thuốc kiểm soát đặc biệt', row) ?? existing?.controlled_scope ?? false,
    gpp_number: text('Số GPP/GDP', existing?.gpp_number),
    gpp_expiry: day('Hết hạn GPP/GDP', existing?.gpp_expiry),
    outlet_code: text('Mã cơ sở', existing?.outlet_code),
  };
}

type Caller = { companyId: number; accountId: number; scope: SQL | null };

async function importRow(db: Db, caller: Caller, cells: SheetCells, row: number): Promise<'created' | 'updated'> {
  const { companyId } = caller;
  return db.transaction(async (tx) => {
    const code = sheetText(cells, 'Mã KH');
    const [stored] = code
      ? await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.code, code)))
      : [];
    const existing = stored ? ((await loadCustomerRecords(tx, companyId, [stored.id], caller.scope)).get(stored.id) ?? null) : null;
    if (stored && !existing)
      throw new RowError({ row, field: 'Mã KH', message: `Dòng ${row}: khách hàng ${code} không thuộc phạm vi bạn phụ trách` });
    const parsed = v.safeParse(FormFields, await rowInput(cells, row, existing));
    if (!parsed.success) {
      const issue = parsed.issues[0]!;
      const key = String(issue.path?.[0]?.key ?? '');
      throw new RowError({ row, field: FIELD_COLUMNS[key], message: withRow(row, issue.message) });
    }
    if (existing) {
      await updateCustomerRow(tx, companyId, existing.id, parsed.output);
      return 'updated';
    }
    const made = await insertCustomer(tx, companyId, caller.accountId, { ...parsed.output, id: uuidv7() });
    await recordChange(tx, { companyId, entity: 'customer', entityId: made.id, op: 'upsert' });
    return 'created';
  });
}

/** Each row on its own: what it could not save is an error naming the row (and column), the rest stays saved. */
export async function importCustomerRows(db: Db, caller: Caller, rows: SheetCells[]): Promise<CustomerImportAnswer> {
  const answer: CustomerImportAnswer = { created: 0, updated: 0, errors: [] };
  for (const [i, cells] of rows.entries()) {
    const row = rowNumber(cells, i);
    try {
      answer[await importRow(db, caller, cells, row)] += 1;
    } catch (error) {
      if (error instanceof RowError) answer.errors.push(error.error);
      else if (error instanceof SheetCellError)
        answer.errors.push({ row: error.row, field: error.column as CustomerSheetColumn, message: error.message });
      else if (error instanceof HttpError) {
        const [field] = Object.keys(error.fields ?? {});
        answer.errors.push({ row, field: field ? FIELD_COLUMNS[field] : undefined, message: withRow(row, error.message) });
      } else throw error;
    }
  }
  answer.errors.sort((a, b) => a.row - b.row);
  return answer;
}
