/**
 * Delivery data pharmacies can import (docs/pharma.md "Delivery data for
 * pharmacies"). Every delivery a distributor makes becomes, in the pharmacy's own software, a goods
 * receipt in the national pharmacy connection's shape (`phieu_nhap`, `loai_phieu_nhap = 1`: from a
 * supplier). Built here from what the order shipped (its lots from the warehouse's export receipt),
 * so the pharmacy imports the file or scans the note's QR instead of retyping lot and expiry by hand.
 * Field names and where each was read: contract/fixtures/phieu-nhap/README.md.
 */

/** One shipped lot of one product, in base units (the smallest unit the catalogue sells). */
export type PharmacyFileLine = {
  national_code: string | null;
  name: string;
  lot_no: string | null;
  manufactured_on: string | null;
  expires_on: string | null;
  registration_number: string | null;
  base_quantity: number;
  base_unit: string;
  /** Đồng per base unit before VAT, as the order charged it (gifts count at 0). */
  unit_price: number;
};

export type PharmacyFileSource = {
  order_code: string;
  /** The day the goods left (the export receipt's date), YYYY-MM-DD. */
  shipped_on: string;
  /** The pharmacy's code in the national database (mã cơ sở), from the customer record. */
  outlet_code: string | null;
  /** Our company's name, as the pharmacy records its supplier. */
  supplier: string;
  lines: readonly PharmacyFileLine[];
};

/** A line of the national `phieu_nhap` (NhapXuatChiTiet in the public clients). */
export type PhieuNhapLine = {
  ma_thuoc: string;
  ten_thuoc: string;
  so_lo: string;
  /** yyyyMMdd, '' when unknown. */
  ngay_san_xuat: string;
  /** yyyyMMdd. */
  han_dung: string;
  so_dklh: string;
  so_luong: number;
  don_gia: number;
  don_vi_tinh: string;
};

/** The national goods receipt (`POST /api/lien_thong/phieu_nhap`), as the pharmacy would send it. */
export type PhieuNhap = {
  ma_phieu: string;
  ma_co_so: string;
  /** yyyyMMdd. */
  ngay_nhap: string;
  /** 1 = from a supplier (2 = a customer's return, 3 = opening stock: not ours to send). */
  loai_phieu_nhap: 1;
  ghi_chu: string;
  ten_co_so_cung_cap: string;
  chi_tiet: PhieuNhapLine[];
};

const compactDay = (day: string | null) => (day ? day.replaceAll('-', '') : '');

/**
 * The `phieu_nhap` of a shipped order and what the pharmacy will have to fill in itself (a missing
 * outlet code, national drug code, lot, expiry or registration number), said per line in Vietnamese.
 */
export function buildPhieuNhap(source: PharmacyFileSource): { phieu_nhap: PhieuNhap; gaps: string[] } {
  const gaps: string[] = [];
  if (!source.outlet_code) gaps.push('Khách hàng chưa có mã cơ sở dược quốc gia (ma_co_so)');
  const chi_tiet = source.lines.map((line): PhieuNhapLine => {
    const missing = [
      !line.national_code && 'mã thuốc quốc gia',
      !line.lot_no && 'số lô',
      !line.expires_on && 'hạn dùng',
      !line.registration_number && 'số đăng ký',
    ].filter(Boolean);
    if (missing.length > 0) gaps.push(`${line.name}: chưa có ${missing.join(', ')}`);
    return {
      ma_thuoc: line.national_code ?? '',
      ten_thuoc: line.name,
      so_lo: line.lot_no ?? '',
      ngay_san_xuat: compactDay(line.manufactured_on),
      han_dung: compactDay(line.expires_on),
      so_dklh: line.registration_number ?? '',
      so_luong: line.base_quantity,
      // The public clients declare don_gia an integer: whole đồng.
      don_gia: Math.round(line.unit_price),
      don_vi_tinh: line.base_unit,
    };
  });
  return {
    phieu_nhap: {
      ma_phieu: source.order_code,
      ma_co_so: source.outlet_code ?? '',
      ngay_nhap: compactDay(source.shipped_on),
      loai_phieu_nhap: 1,
      ghi_chu: `Nhận hàng theo đơn ${source.order_code} của ${source.supplier}`,
      ten_co_so_cung_cap: source.supplier,
      chi_tiet,
    },
    gaps,
  };
}

/**
 * The most JSON the note's QR carries itself. Beyond it the code would need more than about 90
 * modules a side, too fine to scan from a 40 mm print, so the QR carries a signed link to the same
 * JSON instead (docs/pharma.md says which one a note has).
 */
export const QR_JSON_MAX_BYTES = 800;

/** What the QR on the printed note holds: the minified `phieu_nhap` when it fits, else the link. */
export function pharmacyQrText(phieuNhap: PhieuNhap, signedUrl: string): { text: string; kind: 'json' | 'url' } {
  const json = JSON.stringify(phieuNhap);
  return new TextEncoder().encode(json).length <= QR_JSON_MAX_BYTES ? { text: json, kind: 'json' } : { text: signedUrl, kind: 'url' };
}

/** Per order line, what the printed note adds under its name: registration, national code, the lots it took. */
export type PrintLineFacts = {
  line_id: string;
  registration_number: string | null;
  national_code: string | null;
  lots: { lot_no: string | null; expires_on: string | null; base_quantity: number }[];
};

/** The per-order answer: the file, its gaps, the QR's text, and the facts the printed note shows. */
export type PharmacyFileAnswer = {
  phieu_nhap: PhieuNhap;
  gaps: string[];
  file_name: string;
  qr: { text: string; kind: 'json' | 'url' };
  lines: PrintLineFacts[];
};

export const pharmacyFilePaths = {
  /** GET, signed in (orders/view): the answer above for an order that has left the warehouse. */
  order: (id: string) => `/order/api/ordercompany/${id}/phieu-nhap/`,
  /** GET without sign-in, what the QR links to: `?c=<company>&e=<expiry, unix s>&s=<signature>`. */
  signed: (id: string) => `/pharmacy/phieu-nhap/${id}`,
} as const;

/** The Vietnamese file name of the download. */
export const phieuNhapFileName = (orderCode: string) => `phieu-nhap-${orderCode}.json`;
