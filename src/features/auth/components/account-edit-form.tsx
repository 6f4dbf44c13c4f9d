/** Editing one's own profile (/my-account/edit): details, and the address by province and ward (address/{id}/). */
import { Button, Group, Select, Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { EMPTY_ADDRESS, formatAddress, type Address } from '@contract/address';
import { GENDERS, type Account, type UpdateAccountInput } from '@contract/auth';
import { vietnamDay } from '@contract/price-policy';
import { AddressPicker } from '@/ui/address/address-picker';
import { DayField } from '@/ui/day-field';
import { email as emailRule, maxLength, required } from '@/ui/input-rules';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';

type Props = { account: Account; saving: boolean; onSave: (input: UpdateAccountInput, address: Address) => void; onCancel: () => void };

/** The stored address, or (for an account whose address was typed before units) its text as the street. */
function initialAddress(account: Account): Address {
  return account.address_data ?? { ...EMPTY_ADDRESS, street: account.address };
}

export function AccountEditForm({ account, saving, onSave, onCancel }: Props) {
  const [fullName, setFullName] = useState(account.full_name);
  const [email, setEmail] = useState(account.email ?? '');
  const [address, setAddress] = useState<Address>(() => initialAddress(account));
  // An ISO day, typed (DD/MM/YYYY, 05031990) or picked; the field holds only whole days up to today.
  const [birthday, setBirthday] = useState<string | null>(account.birthday ? account.birthday.slice(0, 10) : null);
  const [gender, setGender] = useState<string | null>(account.gender);
  const fullNameRef = useRef<RuleInputHandle>(null);
  const emailRef = useRef<RuleInputHandle>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const valid = [fullNameRef, emailRef].map((ref) => ref.current?.validate() ?? true);
    if (!valid.every(Boolean)) return;
    onSave(
      {
        full_name: fullName,
        email: email || null,
        address: formatAddress(address) || null,
        birthday: birthday || null,
        gender: (gender as (typeof GENDERS)[number] | null) ?? null,
      },
      address,
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={560}>
        <RuleTextInput
          ref={fullNameRef}
          label="Họ và tên"
          value={fullName}
          onChange={setFullName}
          rules={[required('Vui lòng nhập họ và tên.'), maxLength(120)]}
          autoComplete="name"
        />
        <RuleTextInput
          ref={emailRef}
          label="Email"
          value={email}
          onChange={setEmail}
          rules={[emailRule('Email không hợp lệ')]}
          autoComplete="email"
        />
        <DayField
          label="Ngày sinh"
          value={birthday}
          onChange={setBirthday}
          maxDate={vietnamDay()}
          clearable
          data-testid="account-birthday"
        />
        <Select label="Giới tính" data={[...GENDERS]} value={gender} onChange={setGender} clearable placeholder="Chọn giới tính" />
        <AddressPicker label="Địa chỉ" value={address} onChange={setAddress} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Hủy
          </Button>
          <Button type="submit" loading={saving}>
            Lưu thay đổi
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
