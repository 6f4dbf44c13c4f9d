// Spec §5 amount in words for invoices and receipts: Vietnamese words ending in "đồng".
import { ReadingConfig, doReadNumber } from 'read-vietnamese-number';
import { roundDong } from './money';

// One shared configuration; the package reads it and never mutates it.
const config = new ReadingConfig();
config.unit = ['đồng'];
// Southern-style "lẻ" is the package default; invoices here use "linh" (105 → một trăm linh năm).
config.oddText = 'linh';
// The package writes the billion unit "tỉ"; accounting documents use "tỷ".
config.units = config.units.map((words) => words.map((word) => (word === 'tỉ' ? 'tỷ' : word)));

export interface AmountInWordsOptions {
  /** Upper-case the first letter, for an amount that starts a sentence on a printed document. */
  capitalize?: boolean;
}

/**
 * 105 → `một trăm linh năm đồng`; negatives start with `âm`. Numbers are rounded to whole đồng first
 * (non-finite numbers read as zero, matching formatMoney), and the package gets a plain digit string,
 * never vi-VN formatted text, whose dots it would misread as decimal points. Pass a bigint for amounts
 * beyond Number.MAX_SAFE_INTEGER.
 */
export function amountInWords(value: number | bigint, options: AmountInWordsOptions = {}): string {
  const whole = typeof value === 'bigint' ? value : BigInt(Number.isFinite(value) ? roundDong(value) : 0);
  const words = doReadNumber(whole.toString(), config);
  return options.capitalize ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}
