/**
 * Valibot issues as `{ path: message }` (the first message per field), keyed like the server's
 * VALIDATION_FAILED `fields` (`variants.0.units.1.price`). Not contract/validation's
 * summarizeIssues: that module is shared with the sign-in screen, and using more of it here would
 * grow what /login downloads (tests/bench/build-size.ts).
 * Shared by the product and price-policy forms (products/model/product-form.ts,
 * price-policy/model/policy-form.ts).
 */
import type * as v from 'valibot';

/** A form's messages by field path (`name`, `variants.0.units.1.price`, `_form`). */
export type FieldErrors = Record<string, string>;

export function issueFields(issues: readonly v.BaseIssue<unknown>[]): { message: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    if (path && !(path in fields)) fields[path] = issue.message;
  }
  return { message: issues[0]?.message ?? 'Dữ liệu không hợp lệ', fields };
}
