/**
 * For tests of a form's check ({ ok: true, input } or { ok: false, errors }): the errors of a check the
 * test expects to refuse, failing the test when it passed.
 */
export function refusal<E>(checked: { ok: true } | { ok: false; errors: E }): E {
  if (checked.ok) throw new Error('The check passed; the test expected it to refuse.');
  return checked.errors;
}
