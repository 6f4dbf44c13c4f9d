/**
 * The print formats, kept apart from the sheet's arithmetic: the print route reads its ?format=
 * with this at start-up, and must not bring the amount-in-words reader with it.
 */
export const PRINT_FORMATS = ['a4', 'a5', 'receipt80'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

export function parsePrintFormat(value: unknown): PrintFormat {
  return (PRINT_FORMATS as readonly unknown[]).includes(value) ? (value as PrintFormat) : 'a4';
}
