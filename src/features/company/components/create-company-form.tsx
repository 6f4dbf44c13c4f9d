/** Onboarding: a person without any company creates one and becomes its owner. */
import { Button, Select, Stack, Text, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { COMPANY_TYPES, type CreateCompanyInput } from '@contract/company';
import { maxLength, required } from '@/ui/input-rules';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';
import { ProblemAlert } from '@/ui/problem';

type Props = { saving: boolean; error: string | null; onCreate: (input: CreateCompanyInput) => void };

export function CreateCompanyForm({ saving, error, onCreate }: Props) {
  const [title, setTitle] = useState('');
  const [type, setType] = useState<string>('Dược phẩm');
  const [taxCode, setTaxCode] = useState('');
  const [address, setAddress] = useState('');
  const titleRef = useRef<RuleInputHandle>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!titleRef.current?.validate()) return;
    onCreate({
      title,
      type: type as CreateCompanyInput['type'],
      tax_code: taxCode || null,
      address: address || null,
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={2}>Tạo công ty của bạn</Title>
          <Text c="dimmed" size="sm">
            Bạn chưa thuộc công ty nào. Tạo công ty để bắt đầu, hoặc nhờ quản trị viên công ty thêm số điện thoại của bạn.
          </Text>
        </div>
        <ProblemAlert problem={error} />
        <RuleTextInput ref={titleRef} label="Tên công ty" value={title} onChange={setTitle} rules={[required(), maxLength(255)]} />
        <Select
          label="Loại hình"
          data={[...COMPANY_TYPES]}
          value={type}
          onChange={(value) => setType(value ?? 'Khác')}
          allowDeselect={false}
        />
        <RuleTextInput label="Mã số thuế" value={taxCode} onChange={setTaxCode} rules={[maxLength(20)]} inputMode="numeric" />
        <RuleTextInput label="Địa chỉ" value={address} onChange={setAddress} rules={[maxLength(500)]} />
        <Button type="submit" loading={saving}>
          Tạo công ty
        </Button>
      </Stack>
    </form>
  );
}
