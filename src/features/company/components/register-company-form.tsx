/**
 * Onboarding, "Đăng ký công ty": the company's name (names alike are pointed out, in case the
 * person's company is already here and they should ask to join it), its kind (Dược phẩm or Khác),
 * tax code checked by its check digit as it is typed (contract/tax-code.ts), address and business
 * type (the system's list, shop/api/bussinesstype/).
 */
import { Alert, Anchor, Button, List, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import {
  REGISTER_COMPANY_TYPES,
  type BusinessTypeRecord,
  type RegisterCompanyInput,
  type SimilarTitles,
} from '@contract/company-onboarding';
import { taxCodeProblem } from '@contract/tax-code';
import { maxLength, required, type Rule } from '@/ui/input-rules';
import { validateRuleInputs } from '@/ui/rule-form';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';

const taxCodeRule: Rule = (value) => (value.trim() === '' ? true : (taxCodeProblem(value) ?? true));

type Props = {
  busy: boolean;
  /** The system's business types; when it has none, the field is left out. */
  businessTypes: BusinessTypeRecord[];
  fieldErrors: Record<string, string>;
  onSubmit: (input: RegisterCompanyInput) => void;
  /** Names alike the one typed (counttitle/), asked when the name field is left. */
  checkTitle: (title: string) => Promise<SimilarTitles>;
  onWantToJoin: () => void;
};

export function RegisterCompanyForm({ busy, businessTypes, fieldErrors, onSubmit, checkTitle, onWantToJoin }: Props) {
  const [title, setTitle] = useState('');
  const [type, setType] = useState<RegisterCompanyInput['type']>('Dược phẩm');
  const [taxCode, setTaxCode] = useState('');
  const [address, setAddress] = useState('');
  const [businessType, setBusinessType] = useState<string | null>(null);
  const [businessError, setBusinessError] = useState<string | null>(null);
  const [similar, setSimilar] = useState<SimilarTitles | null>(null);
  const titleRef = useRef<RuleInputHandle>(null);
  const taxCodeRef = useRef<RuleInputHandle>(null);
  const addressRef = useRef<RuleInputHandle>(null);

  function lookForSimilar() {
    const typed = title.trim();
    if (!typed) return setSimilar(null);
    // A warning only: when the check fails the form goes on without it.
    checkTitle(typed).then(setSimilar, () => setSimilar(null));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const fieldsPass = validateRuleInputs([titleRef.current, taxCodeRef.current, addressRef.current]);
    const typeMissing = businessTypes.length > 0 && !businessType;
    setBusinessError(typeMissing ? 'Vui lòng chọn ngành hàng kinh doanh' : null);
    if (!fieldsPass || typeMissing) return;
    onSubmit({ title, type, tax_code: taxCode, address, business_type: businessType ? Number(businessType) : null });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <RuleTextInput
          ref={titleRef}
          label="Tên công ty"
          placeholder="Công ty TNHH Dược phẩm …"
          value={title}
          onChange={setTitle}
          onBlur={lookForSimilar}
          rules={[required(), maxLength(255)]}
          error={fieldErrors.title}
          name="title"
        />
        {similar && similar.count > 0 && (
          <Alert color="yellow" variant="light" data-testid="similar-companies">
            <Text size="sm">Đã có {similar.count} công ty có tên tương tự:</Text>
            <List size="sm" my={4}>
              {similar.similar.map((company) => (
                <List.Item key={company.id}>{company.title}</List.Item>
              ))}
            </List>
            <Text size="sm">
              Nếu bạn làm việc tại một trong các công ty này,{' '}
              <Anchor component="button" type="button" size="sm" onClick={onWantToJoin}>
                gửi yêu cầu tham gia
              </Anchor>{' '}
              thay vì đăng ký mới.
            </Text>
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Loại hình
          </Text>
          <SegmentedControl
            fullWidth
            data={[...REGISTER_COMPANY_TYPES]}
            value={type}
            onChange={(value) => setType(value as RegisterCompanyInput['type'])}
            aria-label="Loại hình công ty"
          />
          {type === 'Khác' && (
            <Text size="xs" c="dimmed">
              Nhân viên bán hàng sẽ được gọi là &quot;Nhân viên bán hàng&quot; thay cho &quot;Trình dược viên&quot;.
            </Text>
          )}
        </Stack>
        <RuleTextInput
          ref={taxCodeRef}
          label="Mã số thuế"
          placeholder="10 chữ số, chi nhánh thêm 3 chữ số"
          value={taxCode}
          onChange={setTaxCode}
          rules={[required(), taxCodeRule]}
          error={fieldErrors.tax_code}
          inputMode="numeric"
          name="tax_code"
        />
        <RuleTextInput
          ref={addressRef}
          label="Địa chỉ"
          value={address}
          onChange={setAddress}
          rules={[required(), maxLength(500)]}
          error={fieldErrors.address}
          name="address"
        />
        {businessTypes.length > 0 && (
          <Select
            label="Ngành hàng kinh doanh"
            placeholder="Chọn ngành hàng"
            data={businessTypes.map((entry) => ({ value: String(entry.id), label: entry.name }))}
            value={businessType}
            onChange={(value) => {
              setBusinessType(value);
              if (value) setBusinessError(null);
            }}
            error={businessError ?? fieldErrors.business_type}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="field-business-type"
          />
        )}
        <Button type="submit" size="md" loading={busy} fullWidth mt="xs">
          Đăng ký công ty
        </Button>
      </Stack>
    </form>
  );
}
