import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Parcel } from '@contract/delivery';
import type { DeliveryDraft } from '@/features/delivery/api/delivery-api';
import { BookParcelFields } from './book-delivery-fields';
import type { useBookDelivery } from './use-book-delivery';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

const draftOf = (parcel: Parcel, warnings: string[]): DeliveryDraft => ({
  order: { id: 'o', code: 'DH000001', status: 'confirmed', total: 2_154_600, payment_status: 'unpaid' },
  receiver: { name: 'Nhà thuốc Minh Châu', phone: '0909111222', address: '1 Lê Lợi', province: 'Hà Nội', district: '', ward: '' },
  parcel,
  parcel_estimated: false,
  parcel_warnings: warnings,
  cod_amount: 2_154_600,
  insurance_value: 2_154_600,
  cold_items: [],
  cold_notice: null,
  accounts: [],
  shippers: [],
});

/** The fields as the booking dialog holds them (use-book-delivery.ts), the parcel typed or proposed. */
function Fields({ draft }: { draft: DeliveryDraft }) {
  const [parcel, setParcel] = useState<Record<keyof Parcel, number | string>>({ ...draft.parcel });
  const parcelValue = () => {
    const values = Object.fromEntries(Object.entries(parcel).map(([key, value]) => [key, Number(value)])) as Parcel;
    return Object.values(values).every((value) => Number.isInteger(value) && value >= 1) ? values : null;
  };
  const form = { parcel, setParcel, cod: '0', setCod: () => {}, insurance: '0', setInsurance: () => {}, parcelValue };
  return <BookParcelFields draft={draft} form={form as unknown as ReturnType<typeof useBookDelivery>} />;
}

describe('the parcel in the booking dialog', () => {
  it('warns the office in Vietnamese when the parcel is too heavy and too long for a pharmacy order', () => {
    render(<Fields draft={draftOf({ weight_grams: 582_000, length_cm: 12, width_cm: 8, height_cm: 300 }, [])} />, { wrapper });
    const warning = screen.getByTestId('book-parcel-warning');
    expect(warning.textContent).toContain('Gói hàng bất thường');
    expect(warning.textContent).toContain('Gói hàng nặng 582 kg, quá nặng với một đơn nhà thuốc (trên 30 kg)');
    expect(warning.textContent).toContain('Gói hàng có cạnh dài 300 cm (trên 150 cm)');
  });

  it('says nothing for a parcel of a few kilograms', () => {
    render(<Fields draft={draftOf({ weight_grams: 7_340, length_cm: 21, width_cm: 21, height_cm: 21 }, [])} />, { wrapper });
    expect(screen.queryByTestId('book-parcel-warning')).toBeNull();
  });
});
