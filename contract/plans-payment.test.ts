/**
 * The package payment's VietQR read back field by field as a banking app reads
 * it (EMVCo TLV): the NAPAS 247 service with the platform's BIN and account, the exact amount in
 * đồng, the order code as the transfer content, and a CRC-16/CCITT that matches the payload.
 */
import { describe, expect, it } from 'vitest';
import type { PackagePayment } from './plans';
import { packagePaymentQr } from './plans-payment';

/** The tag → value pairs of an EMVCo TLV string (2-digit tag, 2-digit length). */
function tlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < text.length;) {
    const tag = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    fields.set(tag, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo asks, in 4 upper-case hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const PAYMENT: PackagePayment = {
  order_code: 'DV000042',
  amount: 2_427_300,
  reference: 'DV000042',
  account: { bank_bin: '970422', bank_name: 'MB Bank', account_number: '1234567890', account_name: 'CONG TY NEN TANG', is_demo: false },
  problem: null,
};

describe('packagePaymentQr', () => {
  it('carries the NAPAS 247 service, the account, the exact amount and the order code, with a valid CRC', () => {
    const payload = packagePaymentQr(PAYMENT)!;
    const fields = tlv(payload);
    expect(fields.get('00')).toBe('01');
    // Dynamic: a code for this one amount.
    expect(fields.get('01')).toBe('12');
    const merchant = tlv(fields.get('38')!);
    expect(merchant.get('00')).toBe('A000000727');
    expect(tlv(merchant.get('01')!)).toEqual(
      new Map([
        ['00', '970422'],
        ['01', '1234567890'],
      ]),
    );
    expect(merchant.get('02')).toBe('QRIBFTTA');
    expect(fields.get('53')).toBe('704');
    expect(fields.get('54')).toBe('2427300');
    expect(fields.get('58')).toBe('VN');
    expect(tlv(fields.get('62')!).get('08')).toBe('DV000042');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)));
  });

  it('changes its CRC with the amount, and is absent without an account to pay into', () => {
    const other = packagePaymentQr({ ...PAYMENT, amount: 2_427_301 })!;
    expect(tlv(other).get('54')).toBe('2427301');
    expect(tlv(other).get('63')).toBe(crc16(other.slice(0, -4)));
    expect(tlv(other).get('63')).not.toBe(tlv(packagePaymentQr(PAYMENT)!).get('63'));
    expect(packagePaymentQr({ ...PAYMENT, account: null, problem: 'Chưa cấu hình' })).toBeNull();
  });
});
