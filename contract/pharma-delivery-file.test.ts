import { describe, expect, it } from 'vitest';
import fixture from './fixtures/phieu-nhap/phieu-nhap.json';
import { buildPhieuNhap, pharmacyQrText, QR_JSON_MAX_BYTES, type PharmacyFileSource } from './pharma-delivery-file';

const source: PharmacyFileSource = {
  order_code: 'DH000123',
  shipped_on: '2026-12-02',
  outlet_code: '79-0123',
  supplier: 'Công ty Dược phẩm An Khang',
  lines: [
    {
      national_code: 'VN-0001234',
      name: 'Hapacol 250 – Gói 1,5 g',
      lot_no: 'HP2405',
      manufactured_on: '2024-05-10',
      expires_on: '2027-05-10',
      registration_number: 'VD-21211-14',
      base_quantity: 240,
      base_unit: 'gói',
      unit_price: 1450.4,
    },
    {
      national_code: 'VN-0005678',
      name: 'Vắc xin cúm Vaxigrip Tetra',
      lot_no: 'VX2611',
      manufactured_on: null,
      expires_on: '2027-06-30',
      registration_number: 'QLVX-1108-18',
      base_quantity: 10,
      base_unit: 'liều',
      unit_price: 285_000,
    },
  ],
};

describe('buildPhieuNhap', () => {
  it('writes the national receipt shape of the fixture, days as yyyyMMdd, whole đồng', () => {
    const { phieu_nhap, gaps } = buildPhieuNhap(source);
    expect(phieu_nhap).toEqual(fixture);
    expect(gaps).toEqual([]);
  });

  it('names what the pharmacy must still fill in: the outlet code, and per line each missing fact', () => {
    const { phieu_nhap, gaps } = buildPhieuNhap({
      ...source,
      outlet_code: null,
      lines: [{ ...source.lines[0]!, national_code: null, lot_no: null, expires_on: null, registration_number: null }],
    });
    expect(phieu_nhap.ma_co_so).toBe('');
    expect(phieu_nhap.chi_tiet[0]).toMatchObject({ ma_thuoc: '', so_lo: '', han_dung: '', so_dklh: '' });
    expect(gaps).toEqual([
      'Khách hàng chưa có mã cơ sở dược quốc gia (ma_co_so)',
      'Hapacol 250 – Gói 1,5 g: chưa có mã thuốc quốc gia, số lô, hạn dùng, số đăng ký',
    ]);
  });
});

describe('pharmacyQrText', () => {
  it('carries the JSON itself while it fits, the signed link beyond', () => {
    const small = buildPhieuNhap(source).phieu_nhap;
    expect(pharmacyQrText(small, 'https://x/s')).toEqual({ text: JSON.stringify(small), kind: 'json' });
    const large = buildPhieuNhap({ ...source, lines: Array.from({ length: 12 }, () => source.lines[0]!) }).phieu_nhap;
    expect(new TextEncoder().encode(JSON.stringify(large)).length).toBeGreaterThan(QR_JSON_MAX_BYTES);
    expect(pharmacyQrText(large, 'https://x/s')).toEqual({ text: 'https://x/s', kind: 'url' });
  });
});
