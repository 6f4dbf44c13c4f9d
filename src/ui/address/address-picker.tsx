/**
 * The address field of customer forms (docs/vietnam.md "Addresses"): new addresses on the two-level units
 * (province → ward/commune, plus a street line), searchable without diacritics, working offline from
 * the files of model/address-data.ts. An address entered before July 2025 (scheme VN_LEGACY) is shown
 * read-only as it was entered; "Chuyển sang địa chỉ mới" suggests the new ward from the mapping and
 * converts only when the person confirms.
 */
import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { type Address, formatAddress } from '@contract/address';
import { bareName } from '@contract/address-units';
import { type AddressData, addressData as defaultAddressData, type NewProvince } from './address-data';
import { type ConversionPlan, planConversion } from './legacy-conversion';
import { indexPlaces, indexProvinces, placeFilter } from './place-filter';
import { useAddressFile } from './use-address-data';

export const LEGACY_NOTE = 'Địa chỉ theo đơn vị hành chính cũ (trước 07/2025)';
export const CONVERT_LABEL = 'Chuyển sang địa chỉ mới';

export type AddressFieldErrors = { province?: ReactNode; ward?: ReactNode; street?: ReactNode };

export interface AddressPickerProps {
  value: Address;
  onChange: (address: Address) => void;
  /** A heading above the fields. */
  label?: ReactNode;
  /** Marks the province and ward as required (the form validates). */
  required?: boolean;
  disabled?: boolean;
  errors?: AddressFieldErrors;
  /** Where the units come from; the app's offline files by default (tests pass their own). */
  data?: AddressData;
}

export function AddressPicker({ value, onChange, label, required, disabled, errors, data = defaultAddressData }: AddressPickerProps) {
  const [converting, setConverting] = useState(false);
  let body: ReactNode;
  if (value.scheme === 'VN_LEGACY' && converting) {
    body = (
      <LegacyConversion
        legacy={value}
        data={data}
        required={required}
        onCancel={() => setConverting(false)}
        onConfirm={(address) => {
          setConverting(false);
          onChange(address);
        }}
      />
    );
  } else if (value.scheme === 'VN_LEGACY') {
    body = (
      <LegacyAddressView
        value={value}
        disabled={disabled}
        error={errors?.province ?? errors?.ward ?? errors?.street}
        onConvert={() => setConverting(true)}
      />
    );
  } else {
    body = <NewAddressFields value={value} onChange={onChange} data={data} required={required} disabled={disabled} errors={errors} />;
  }
  return (
    <Stack gap="sm">
      {label ? (
        <Text fw={600} size="sm">
          {label}
        </Text>
      ) : null}
      {body}
    </Stack>
  );
}

// ---- New (VN2025) address -------------------------------------------------------------------------

function fallbackOption(code: string | null, name: string | null) {
  return code && name ? [{ value: code, label: name }] : [];
}

const NO_SUGGESTIONS: readonly string[] = [];
const SUGGESTED_GROUP = 'Gợi ý từ địa chỉ cũ';
const OTHER_GROUP = 'Phường/xã khác';

function NewAddressFields({
  value,
  onChange,
  data,
  required,
  disabled,
  errors,
  suggestedWards = NO_SUGGESTIONS,
}: {
  value: Address;
  onChange: (address: Address) => void;
  data: AddressData;
  required?: boolean;
  disabled?: boolean;
  errors?: AddressFieldErrors;
  /** New wards the mapping suggests, listed first. */
  suggestedWards?: readonly string[];
}) {
  const provinces = useAddressFile('provinces', data.provinces);
  const wards = useAddressFile(value.province_code, data.wards);

  const provinceByCode = useMemo(() => new Map((provinces.data ?? []).map((province) => [province.code, province])), [provinces.data]);
  const provinceFilter = useMemo(() => placeFilter(indexProvinces(provinces.data ?? [])), [provinces.data]);
  const wardFilter = useMemo(() => placeFilter(indexPlaces(wards.data ?? [])), [wards.data]);

  const provinceOptions = useMemo(
    () =>
      provinces.data
        ? provinces.data.map((province) => ({ value: province.code, label: province.name }))
        : fallbackOption(value.province_code, value.province_name),
    [provinces.data, value.province_code, value.province_name],
  );
  const wardOptions = useMemo(() => {
    if (!wards.data) return fallbackOption(value.ward_code, value.ward_name);
    const options = wards.data.map((ward) => ({ value: ward.code, label: ward.name }));
    // A ward saved under a code the list has since replaced (docs/vietnam.md "Addresses") still shows as saved.
    if (value.ward_code && !wards.data.some((ward) => ward.code === value.ward_code))
      options.push(...fallbackOption(value.ward_code, value.ward_name));
    const suggested = options.filter((option) => suggestedWards.includes(option.value));
    if (suggested.length === 0) return options;
    return [
      { group: SUGGESTED_GROUP, items: suggested },
      { group: OTHER_GROUP, items: options.filter((option) => !suggestedWards.includes(option.value)) },
    ];
  }, [wards.data, value.ward_code, value.ward_name, suggestedWards]);

  const chooseProvince = (code: string | null) => {
    if (code === value.province_code) return;
    const province = code ? provinceByCode.get(code) : undefined;
    onChange({
      ...value,
      scheme: 'VN2025',
      province_code: province?.code ?? null,
      province_name: province?.name ?? null,
      district_code: null,
      district_name: null,
      ward_code: null,
      ward_name: null,
    });
  };
  const chooseWard = (code: string | null) => {
    const ward = code ? wards.data?.find((item) => item.code === code) : undefined;
    onChange({ ...value, ward_code: ward?.code ?? null, ward_name: ward?.name ?? null });
  };

  const wardPlaceholder = value.province_code ? 'Chọn phường/xã' : 'Chọn tỉnh/thành phố trước';

  return (
    <Stack gap="sm">
      <Select
        label="Tỉnh/Thành phố"
        placeholder="Chọn tỉnh/thành phố"
        data={provinceOptions}
        value={value.province_code}
        onChange={chooseProvince}
        filter={provinceFilter}
        searchable
        clearable
        required={required}
        disabled={disabled}
        nothingFoundMessage={provinces.loading ? 'Đang tải…' : 'Không tìm thấy tỉnh/thành phố'}
        rightSection={provinces.loading ? <Loader size="xs" /> : undefined}
        error={provinces.error ?? errors?.province}
        renderOption={({ option }) => <ProvinceOption name={option.label} province={provinceByCode.get(option.value)} />}
        maxDropdownHeight={320}
      />
      <Select
        label="Phường/Xã"
        placeholder={wardPlaceholder}
        data={wardOptions}
        value={value.ward_code}
        onChange={chooseWard}
        filter={wardFilter}
        searchable
        clearable
        required={required}
        disabled={disabled || !value.province_code}
        nothingFoundMessage={wards.loading ? 'Đang tải…' : 'Không tìm thấy phường/xã'}
        rightSection={wards.loading ? <Loader size="xs" /> : undefined}
        error={wards.error ?? errors?.ward}
        maxDropdownHeight={320}
      />
      {provinces.error || wards.error ? (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              provinces.retry();
              wards.retry();
            }}
          >
            Thử tải lại
          </Button>
        </Group>
      ) : null}
      <TextInput
        label="Số nhà, tên đường"
        placeholder="Ví dụ: 12 Lê Lợi"
        value={value.street ?? ''}
        onChange={(event) => onChange({ ...value, street: event.currentTarget.value === '' ? null : event.currentTarget.value })}
        maxLength={300}
        disabled={disabled}
        error={errors?.street}
      />
    </Stack>
  );
}

function ProvinceOption({ name, province }: { name: string; province: NewProvince | undefined }) {
  const former = province?.former_names ?? [];
  return (
    <div>
      <Text size="sm">{name}</Text>
      {former.length > 0 ? (
        <Text size="xs" c="dimmed">
          Gồm cả {former.map(bareName).join(', ')} (cũ)
        </Text>
      ) : null}
    </div>
  );
}

// ---- Legacy address -------------------------------------------------------------------------------

function LegacyAddressView({
  value,
  disabled,
  error,
  onConvert,
}: {
  value: Address;
  disabled?: boolean;
  error?: ReactNode;
  onConvert: () => void;
}) {
  const rows: [string, string | null][] = [
    ['Tỉnh/Thành phố', value.province_name],
    ['Quận/Huyện', value.district_name],
    ['Phường/Xã', value.ward_name],
    ['Số nhà, tên đường', value.street],
  ];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="legacy-address">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <IconHistory size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {LEGACY_NOTE}
          </Text>
        </Group>
        {rows.map(([label, text]) => (
          <Text key={label} size="sm">
            <Text span c="dimmed" size="sm">
              {label}:{' '}
            </Text>
            {text?.trim() ? text : '—'}
          </Text>
        ))}
        {error ? (
          <Text size="xs" c="red">
            {error}
          </Text>
        ) : null}
        <Group mt={4}>
          <Button variant="light" leftSection={<IconArrowsExchange size={16} />} onClick={onConvert} disabled={disabled}>
            {CONVERT_LABEL}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function planMessage(legacy: Address, plan: ConversionPlan): string {
  const oldWard = legacy.ward_name ?? 'Phường/xã cũ';
  const place = plan.province ? `, ${plan.province.name}` : '';
  if (plan.status === 'single') {
    return `Theo bảng chuyển đổi, ${oldWard} nay thuộc ${plan.candidates[0]!.name}${place}. Vui lòng kiểm tra và xác nhận.`;
  }
  if (plan.status === 'divided') {
    return `${oldWard} đã được chia cho ${plan.candidates.length} phường/xã mới (${plan.candidates
      .map((ward) => ward.name)
      .join(', ')}). Vui lòng chọn đúng phường/xã theo địa chỉ thực tế.`;
  }
  return 'Chưa có dữ liệu chuyển đổi cho phường/xã này, vui lòng chọn phường/xã mới.';
}

function draftFromPlan(legacy: Address, plan: ConversionPlan | undefined): Address {
  const ward = plan?.wardCode ? plan.candidates.find((item) => item.code === plan.wardCode) : undefined;
  return {
    scheme: 'VN2025',
    province_code: plan?.province?.code ?? null,
    province_name: plan?.province?.name ?? null,
    district_code: null,
    district_name: null,
    ward_code: ward?.code ?? null,
    ward_name: ward?.name ?? null,
    street: legacy.street,
  };
}

function LegacyConversion({
  legacy,
  data,
  required,
  onConfirm,
  onCancel,
}: {
  legacy: Address;
  data: AddressData;
  required?: boolean;
  onConfirm: (address: Address) => void;
  onCancel: () => void;
}) {
  const loadPlan = useCallback(() => planConversion(legacy, data), [legacy, data]);
  const plan = useAddressFile('plan', loadPlan);
  const [draft, setDraft] = useState<Address | null>(null);
  const current = draft ?? draftFromPlan(legacy, plan.data);
  // The mapping's wards come first in the list while the suggested province is chosen.
  const suggestedProvince = plan.data?.province?.code ?? null;
  const suggestedCodes = useMemo(
    () => (plan.data && current.province_code === suggestedProvince ? plan.data.candidates.map((ward) => ward.code) : NO_SUGGESTIONS),
    [plan.data, current.province_code, suggestedProvince],
  );
  const ready = Boolean(current.province_code && current.ward_code && current.province_name && current.ward_name);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="legacy-conversion">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {CONVERT_LABEL}
        </Text>
        <Text size="sm" c="dimmed">
          Địa chỉ cũ: {formatAddress(legacy) || '—'}
        </Text>
        {plan.loading ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Đang tìm phường/xã mới tương ứng…</Text>
          </Group>
        ) : plan.error ? (
          <Alert color="red" icon={<IconInfoCircle size={16} />}>
            {plan.error}{' '}
            <Button variant="subtle" size="compact-sm" onClick={plan.retry}>
              Thử lại
            </Button>
          </Alert>
        ) : plan.data ? (
          <Alert color={plan.data.status === 'single' ? 'blue' : 'yellow'} icon={<IconInfoCircle size={16} />}>
            {planMessage(legacy, plan.data)}
          </Alert>
        ) : null}
        {plan.loading ? null : (
          <NewAddressFields value={current} onChange={setDraft} data={data} required={required} suggestedWards={suggestedCodes} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Giữ địa chỉ cũ
          </Button>
          <Button onClick={() => onConfirm(current)} disabled={!ready}>
            Dùng địa chỉ mới
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
