/**
 * A role's "Chiết khấu tối đa (%)" as typed in the role form (the field takes digits only): empty is
 * no limit; over 100 stays in the field with its message and is not saved (the server refuses it too,
 * contract/roles.ts RoleInputSchema).
 */
export function maxDiscountOf(text: string): { value: number | null; problem: string | null } {
  if (text === '') return { value: null, problem: null };
  const value = Number(text);
  return value > 100 ? { value: null, problem: 'Chiết khấu tối đa không được vượt quá 100%' } : { value, problem: null };
}
