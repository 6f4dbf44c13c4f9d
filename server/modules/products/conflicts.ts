/** Catalogue duplicates that slipped past the checks in a race: a 409 with what is duplicated, not a 500. */
import { conflict } from '@server/kernel/errors';
import { uniqueViolation } from '@server/kernel/sql';

const CONSTRAINT_MESSAGES: Record<string, string> = {
  products_company_code_key: 'Mã sản phẩm đã tồn tại',
  variants_company_code_key: 'Mã biến thể đã tồn tại',
  variant_units_company_barcode_key: 'Mã vạch đã được dùng cho sản phẩm khác',
  variant_units_variant_unit_key: 'Đơn vị tính bị trùng',
};

/** Runs a write; a unique violation that a concurrent request caused becomes a 409, not a 500. */
export async function mapConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw conflict(CONSTRAINT_MESSAGES[constraint] ?? 'Dữ liệu bị trùng, vui lòng kiểm tra lại');
  }
}
