/** Database refusals that are the caller's doing (a duplicate that slipped past the checks in a race). */
import { conflict } from '@server/lib/http-error';

type PgLikeError = { code?: string; constraint?: string; cause?: unknown };

/** The constraint of a unique violation (23505), looking through drizzle's wrapper; null otherwise. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as PgLikeError;
    if (candidate.code === '23505') return candidate.constraint ?? '';
    current = candidate.cause;
  }
  return null;
}

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
