import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Address, EMPTY_ADDRESS } from '@contract/address';
import { ADDRESS_DATA_ERROR, type AddressData } from './address-data';
import { fileAddressData } from '@/testing/address-files';
import { AddressPicker, CONVERT_LABEL, LEGACY_NOTE } from './address-picker';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

function Harness({ initial, data, onChange }: { initial: Address; data: AddressData; onChange?: (address: Address) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AddressPicker
        value={value}
        data={data}
        required
        onChange={(address) => {
          onChange?.(address);
          setValue(address);
        }}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const currentValue = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as Address;
const provinceInput = () => screen.getByRole('combobox', { name: /Tỉnh\/Thành phố/ }) as HTMLInputElement;
const wardInput = () => screen.getByRole('combobox', { name: /Phường\/Xã/ }) as HTMLInputElement;

/** Typing: Mantine takes a change of an input that has not the focus for autofill, not a search. */
async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    input.focus();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: text } });
  });
}

async function pick(name: string | RegExp) {
  const option = await screen.findByRole('option', { name });
  await act(async () => {
    fireEvent.click(option);
  });
}

const benNghe: Address = {
  scheme: 'VN_LEGACY',
  province_code: '79',
  province_name: 'Thành phố Hồ Chí Minh',
  district_code: '760',
  district_name: 'Quận 1',
  ward_code: '26740',
  ward_name: 'Phường Bến Nghé',
  street: '5 Công xã Paris',
};

describe('AddressPicker, new address', () => {
  it('shows a ward saved under a code the list has since replaced (Xã Ba Chẽ, 06970 → 06978)', async () => {
    const saved: Address = {
      ...EMPTY_ADDRESS,
      scheme: 'VN2025',
      province_code: '22',
      province_name: 'Tỉnh Quảng Ninh',
      ward_code: '06970',
      ward_name: 'Xã Ba Chẽ',
    };
    render(<Harness initial={saved} data={fileAddressData()} />, { wrapper });
    await waitFor(() => expect(wardInput().value).toBe('Xã Ba Chẽ'));
    await act(async () => {
      fireEvent.click(wardInput());
    });
    // The list offers the ward under its current code too.
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Xã Ba Chẽ' })).toHaveLength(2));
  });

  it('offers Phường Bến Thành for "ben thanh" after choosing TP. Hồ Chí Minh by "hcm"', async () => {
    render(<Harness initial={EMPTY_ADDRESS} data={fileAddressData()} />, { wrapper });
    expect(wardInput().disabled).toBe(true);

    // The 34 provinces arrive from the files; "hcm" leaves one.
    await act(async () => {
      fireEvent.click(provinceInput());
    });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(34));
    await type(provinceInput(), 'hcm');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await pick(/Thành phố Hồ Chí Minh/);
    expect(currentValue()).toMatchObject({
      scheme: 'VN2025',
      province_code: '79',
      province_name: 'Thành phố Hồ Chí Minh',
      ward_code: null,
    });

    await waitFor(() => expect(wardInput().disabled).toBe(false));
    await type(wardInput(), 'ben thanh');
    await screen.findByRole('option', { name: 'Phường Bến Thành' });
    expect(screen.queryByRole('option', { name: 'Phường Sài Gòn' })).toBeNull();
    await pick('Phường Bến Thành');

    fireEvent.change(screen.getByRole('textbox', { name: /Số nhà, tên đường/ }), { target: { value: '12 Lê Lợi' } });
    expect(currentValue()).toEqual({
      scheme: 'VN2025',
      province_code: '79',
      province_name: 'Thành phố Hồ Chí Minh',
      district_code: null,
      district_name: null,
      ward_code: '26743',
      ward_name: 'Phường Bến Thành',
      street: '12 Lê Lợi',
    });
  });

  it('clears the ward when the province changes', async () => {
    const initial: Address = {
      ...EMPTY_ADDRESS,
      province_code: '79',
      province_name: 'Thành phố Hồ Chí Minh',
      ward_code: '26743',
      ward_name: 'Phường Bến Thành',
    };
    render(<Harness initial={initial} data={fileAddressData()} />, { wrapper });
    await waitFor(() => expect(wardInput().value).toBe('Phường Bến Thành'));
    await type(provinceInput(), 'ha noi');
    await pick(/Thành phố Hà Nội/);
    expect(currentValue()).toMatchObject({ province_code: '01', ward_code: null, ward_name: null });
  });

  it('says so when the data cannot be loaded (offline before the files were cached)', async () => {
    render(<Harness initial={EMPTY_ADDRESS} data={fileAddressData({ unavailable: () => true })} />, { wrapper });
    expect(await screen.findByText(ADDRESS_DATA_ERROR)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thử tải lại' })).toBeTruthy();
  });
});

describe('AddressPicker, address entered before July 2025', () => {
  it('shows it read-only as entered, with the note and the convert action', () => {
    const onChange = vi.fn();
    render(<Harness initial={benNghe} data={fileAddressData()} onChange={onChange} />, { wrapper });
    const card = screen.getByTestId('legacy-address');
    expect(within(card).getByText(LEGACY_NOTE)).toBeTruthy();
    expect(card.textContent).toContain('Thành phố Hồ Chí Minh');
    expect(card.textContent).toContain('Quận 1');
    expect(card.textContent).toContain('Phường Bến Nghé');
    expect(card.textContent).toContain('5 Công xã Paris');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(card).getByRole('button', { name: CONVERT_LABEL })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('prefills the single new ward of the mapping and converts only on confirmation', async () => {
    const onChange = vi.fn();
    render(<Harness initial={benNghe} data={fileAddressData()} onChange={onChange} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: CONVERT_LABEL }));

    expect(await screen.findByText(/Phường Bến Nghé nay thuộc Phường Sài Gòn/)).toBeTruthy();
    await waitFor(() => expect(wardInput().value).toBe('Phường Sài Gòn'));
    expect(provinceInput().value).toBe('Thành phố Hồ Chí Minh');
    expect(onChange).not.toHaveBeenCalled();
    expect(currentValue().scheme).toBe('VN_LEGACY');

    fireEvent.click(screen.getByRole('button', { name: 'Dùng địa chỉ mới' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(currentValue()).toEqual({
      scheme: 'VN2025',
      province_code: '79',
      province_name: 'Thành phố Hồ Chí Minh',
      district_code: null,
      district_name: null,
      ward_code: '26740',
      ward_name: 'Phường Sài Gòn',
      street: '5 Công xã Paris',
    });
  });

  it('asks the person to choose when the old ward was divided, listing the suggestions first', async () => {
    const dichVong: Address = {
      ...benNghe,
      province_code: '01',
      province_name: 'Thành phố Hà Nội',
      district_code: '005',
      district_name: 'Quận Cầu Giấy',
      ward_code: '00166',
      ward_name: 'Phường Dịch Vọng',
    };
    render(<Harness initial={dichVong} data={fileAddressData()} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: CONVERT_LABEL }));
    expect(await screen.findByText(/đã được chia cho 2 phường\/xã mới/)).toBeTruthy();
    await waitFor(() => expect(wardInput().disabled).toBe(false));
    expect(wardInput().value).toBe('');
    expect((screen.getByRole('button', { name: 'Dùng địa chỉ mới' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      fireEvent.click(wardInput());
    });
    const options = await screen.findAllByRole('option');
    expect(options.slice(0, 2).map((option) => option.textContent)).toEqual(['Phường Cầu Giấy', 'Phường Nghĩa Đô']);
    expect(screen.getByText('Gợi ý từ địa chỉ cũ')).toBeTruthy();
    await pick('Phường Nghĩa Đô');
    fireEvent.click(screen.getByRole('button', { name: 'Dùng địa chỉ mới' }));
    expect(currentValue()).toMatchObject({ scheme: 'VN2025', province_code: '01', ward_code: '00160', ward_name: 'Phường Nghĩa Đô' });
  });

  it('keeps the old address when the person declines', async () => {
    const onChange = vi.fn();
    render(<Harness initial={benNghe} data={fileAddressData()} onChange={onChange} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: CONVERT_LABEL }));
    await screen.findByText(/nay thuộc/);
    fireEvent.click(screen.getByRole('button', { name: 'Giữ địa chỉ cũ' }));
    expect(screen.getByTestId('legacy-address')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    expect(currentValue()).toEqual(benNghe);
  });
});
