import { describe, expect, it } from 'vitest';
import { checkProductForm, emptyProductForm, emptyUnit, sortUnits, type ProductFormValues } from './product-form';
import { refusal } from '@/testing/refusal';

function twoUnits(): ProductFormValues {
  const values = emptyProductForm();
  values.name = 'Siro ho Bảo Thanh';
  values.variants[0]!.units = [
    { ...emptyUnit('24'), unit: 'thùng', price: '1000000', barcode: ' 8930000000028 ' },
    { ...emptyUnit('1'), unit: 'chai', price: '45000', wholesale_price: '40000' },
  ];
  return values;
}

describe('product form', () => {
  it('turns typed values into the contract body, units in factor order', () => {
    const checked = checkProductForm(3, sortUnits(twoUnits()));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.input).toMatchObject({ company: 3, name: 'Siro ho Bảo Thanh', vat_rate: 5, code: null, brand_id: null });
    expect(checked.input.variants[0]!.units).toEqual([
      { unit: 'chai', factor: 1, price: 45000, wholesale_price: 40000, barcode: null },
      { unit: 'thùng', factor: 24, price: 1000000, wholesale_price: null, barcode: '8930000000028' },
    ]);
  });

  it('sends a base unit’s weight and size for carriers, blank as not given, and refuses a zero', () => {
    const values = twoUnits();
    values.variants[0]!.parcel = { weight_grams: '120', length_cm: '12', width_cm: '', height_cm: '4' };
    const checked = checkProductForm(3, values);
    expect(checked.ok && checked.input.variants[0]).toMatchObject({ weight_grams: 120, length_cm: 12, width_cm: null, height_cm: 4 });
    values.variants[0]!.parcel.weight_grams = '0';
    const refused = checkProductForm(3, values);
    expect(!refused.ok && refused.errors['variants.0.weight_grams']).toBe('Khối lượng (gram) phải lớn hơn 0');
  });

  it('sends the medicine flag (Là thuốc), off for a new product', () => {
    const values = twoUnits();
    const plain = checkProductForm(3, values);
    expect(plain.ok && plain.input.is_medicine).toBe(false);
    const medicine = checkProductForm(3, { ...values, is_medicine: true });
    expect(medicine.ok && medicine.input.is_medicine).toBe(true);
  });

  it('reads the drug master from a record and sends it back; a bad expiry lands on its field', () => {
    const values = {
      ...twoUnits(),
      is_medicine: true,
      registration_expiry: '2027-06-30',
      prescription: true,
      controlled_class: 'precursor' as const,
      storage: 'cool' as const,
      national_code: ' QG-1 ',
    };
    const checked = checkProductForm(3, values);
    expect(checked.ok && checked.input).toMatchObject({
      registration_expiry: '2027-06-30',
      prescription: true,
      essential: false,
      controlled_class: 'precursor',
      storage: 'cool',
      national_code: ' QG-1 ',
    });
    expect(emptyProductForm()).toMatchObject({ registration_expiry: null, controlled_class: 'none', storage: 'normal', national_code: '' });
    const refused = checkProductForm(3, { ...values, registration_expiry: '2027-02-30' });
    expect(refusal(refused)).toMatchObject({ registration_expiry: 'Ngày hết hạn số đăng ký không hợp lệ' });
  });

  it('puts the contract messages on the fields, and asks for empty numbers', () => {
    const values = twoUnits();
    values.name = ' ';
    values.variants[0]!.units[0]!.price = '';
    values.variants[0]!.units[1]!.factor = '24';
    const checked = checkProductForm(3, values);
    expect(refusal(checked)).toMatchObject({ name: 'Vui lòng nhập tên sản phẩm', 'variants.0.units.0.price': 'Vui lòng nhập giá bán' });

    const noBase = checkProductForm(3, { ...twoUnits(), name: 'A' });
    expect(noBase.ok).toBe(true);
    const twice = twoUnits();
    twice.variants[0]!.units[0]!.factor = '1';
    expect(checkProductForm(3, twice)).toMatchObject({ ok: false, errors: { 'variants.0.units': 'Cần đúng một đơn vị cơ bản (hệ số 1)' } });
  });
});
