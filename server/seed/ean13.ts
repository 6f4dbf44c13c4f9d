/** EAN-13 barcodes of the demo data and the tests (Vietnam's GS1 prefix is 893). */
/** EAN-13 with its check digit: weights 1 and 3 from the left over the first twelve digits. */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got ${first12}`);
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13(code.slice(0, 12)) === code;
}
