/** The system administrator's forms for a service package and a voucher (contract/plans.ts). */
import { Checkbox, MultiSelect, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SWITCH_CODES, SWITCH_LABELS } from '@contract/company-switches';
import {
  MAX_TRIAL_DAYS,
  type ServicePackageInput,
  type ServicePackageRecord,
  type VoucherInput,
  type VoucherKind,
  type VoucherRecord,
} from '@contract/plans';
import { DayField } from '@/ui/day-field';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { NumericInput } from '@/ui/numeric-input';
import { ProblemAlert } from '@/ui/problem';
import { useDialogWrite } from '@/ui/use-dialog-write';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { ResponsiveModal } from '@/ui/responsive-modal';

const digits = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

type PackageProps = {
  pkg: ServicePackageRecord | null;
  onClose: () => void;
  onSave: (input: ServicePackageInput) => Promise<string | undefined>;
};

export function PackageFormModal({ pkg, onClose, onSave }: PackageProps) {
  const [draft, setDraft] = useState({
    code: pkg?.code ?? '',
    name: pkg?.name ?? '',
    description: pkg?.description ?? '',
    price: digits(pkg?.price_per_month),
    seats: digits(pkg?.seats),
    features: pkg?.features ?? [],
    is_active: pkg?.is_active ?? true,
    sort: pkg?.sort ?? 0,
    trial: digits(pkg?.trial_days),
  });
  const save = useDialogWrite(onSave, 'Không lưu được gói dịch vụ', onClose);
  const submit = () =>
    void save.run({
      code: draft.code,
      name: draft.name,
      description: draft.description || null,
      price_per_month: Number(draft.price || 0),
      seats: Number(draft.seats || 0),
      features: draft.features,
      is_active: draft.is_active,
      sort: draft.sort,
      trial_days: draft.trial ? Number(draft.trial) : null,
    });
  return (
    <ResponsiveModal opened onClose={onClose} title={pkg ? `Sửa gói ${pkg.name}` : 'Thêm gói dịch vụ'} size="xl">
      <Stack gap="sm" data-testid="package-form">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Mã gói"
            withAsterisk
            maxLength={30}
            value={draft.code}
            onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value.toUpperCase() })}
          />
          <TextInput
            label="Tên gói"
            withAsterisk
            maxLength={100}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          />
          <WholeAmountInput
            label="Giá mỗi tháng (đ)"
            withAsterisk
            value={draft.price}
            onChange={(price) => setDraft({ ...draft, price })}
          />
          <NumericInput
            label="Số tài khoản"
            withAsterisk
            max={100_000}
            value={draft.seats}
            onChange={(seats) => setDraft({ ...draft, seats })}
          />
          <NumericInput
            label="Dùng thử cho công ty mới (ngày)"
            description="Để trống nếu không phải gói dùng thử; chỉ một gói là gói dùng thử"
            max={MAX_TRIAL_DAYS}
            value={draft.trial}
            onChange={(trial) => setDraft({ ...draft, trial })}
          />
        </SimpleGrid>
        <NoteField
          label="Mô tả"
          value={draft.description}
          maxLength={1000}
          minRows={1}
          onChange={(description) => setDraft({ ...draft, description })}
        />
        <Checkbox.Group
          label="Chức năng của gói"
          value={draft.features}
          onChange={(features) => setDraft({ ...draft, features: features as typeof draft.features })}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {SWITCH_CODES.map((code) => (
              <Checkbox key={code} value={code} label={SWITCH_LABELS[code]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Checkbox
          label="Đang bán"
          checked={draft.is_active}
          onChange={(event) => setDraft({ ...draft, is_active: event.currentTarget.checked })}
        />
        <ProblemAlert problem={save.problem} />
        <DialogActions onCancel={onClose} cancelLabel="Hủy" label="Lưu" busy={save.busy} onConfirm={submit} />
      </Stack>
    </ResponsiveModal>
  );
}

type VoucherProps = {
  voucher: VoucherRecord | null;
  packages: ServicePackageRecord[];
  onClose: () => void;
  onSave: (input: VoucherInput) => Promise<string | undefined>;
};

export function VoucherFormModal({ voucher, packages, onClose, onSave }: VoucherProps) {
  const [draft, setDraft] = useState({
    code: voucher?.code ?? '',
    description: voucher?.description ?? '',
    kind: voucher?.kind ?? ('percent' as VoucherKind),
    value: digits(voucher?.value),
    max_discount: digits(voucher?.max_discount),
    starts_on: voucher?.starts_on ?? null,
    ends_on: voucher?.ends_on ?? null,
    max_uses: digits(voucher?.max_uses),
    package_ids: (voucher?.package_ids ?? []).map(String),
    is_active: voucher?.is_active ?? true,
  });
  const save = useDialogWrite(onSave, 'Không lưu được mã giảm giá', onClose);
  const submit = () => {
    if (!draft.starts_on || !draft.ends_on) return save.setProblem('Vui lòng chọn ngày bắt đầu và ngày kết thúc');
    void save.run({
      code: draft.code,
      description: draft.description || null,
      kind: draft.kind,
      value: Number(draft.value || 0),
      max_discount: draft.kind === 'percent' && draft.max_discount ? Number(draft.max_discount) : null,
      starts_on: draft.starts_on,
      ends_on: draft.ends_on,
      max_uses: draft.max_uses ? Number(draft.max_uses) : null,
      package_ids: draft.package_ids.map(Number),
      is_active: draft.is_active,
    });
  };
  return (
    <ResponsiveModal opened onClose={onClose} title={voucher ? `Sửa mã ${voucher.code}` : 'Thêm mã giảm giá'} size="lg">
      <Stack gap="sm" data-testid="voucher-form">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Mã giảm giá"
            withAsterisk
            maxLength={30}
            value={draft.code}
            onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value.toUpperCase() })}
          />
          <SegmentedControl
            mt={24}
            data={[
              { value: 'percent', label: 'Giảm theo %' },
              { value: 'amount', label: 'Giảm số tiền' },
            ]}
            value={draft.kind}
            onChange={(kind) => setDraft({ ...draft, kind: kind as VoucherKind })}
          />
          {draft.kind === 'percent' ? (
            <NumericInput
              label="Mức giảm (%)"
              withAsterisk
              max={100}
              unit="%"
              value={draft.value}
              onChange={(value) => setDraft({ ...draft, value })}
            />
          ) : (
            <WholeAmountInput
              label="Số tiền giảm (đ)"
              withAsterisk
              value={draft.value}
              onChange={(value) => setDraft({ ...draft, value })}
            />
          )}
          {draft.kind === 'percent' && (
            <WholeAmountInput
              label="Giảm tối đa (đ)"
              placeholder="Không giới hạn"
              value={draft.max_discount}
              onChange={(max_discount) => setDraft({ ...draft, max_discount })}
            />
          )}
          <DayField label="Từ ngày" withAsterisk value={draft.starts_on} onChange={(starts_on) => setDraft({ ...draft, starts_on })} />
          <DayField label="Đến ngày" withAsterisk value={draft.ends_on} onChange={(ends_on) => setDraft({ ...draft, ends_on })} />
          <NumericInput
            label="Số lượt dùng tối đa"
            placeholder="Không giới hạn"
            max={1_000_000}
            value={draft.max_uses}
            onChange={(max_uses) => setDraft({ ...draft, max_uses })}
          />
          <MultiSelect
            label="Áp dụng cho gói"
            placeholder="Mọi gói"
            data={packages.map((pkg) => ({ value: String(pkg.id), label: pkg.name }))}
            value={draft.package_ids}
            onChange={(package_ids) => setDraft({ ...draft, package_ids })}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <NoteField
          label="Mô tả"
          value={draft.description}
          maxLength={500}
          minRows={1}
          onChange={(description) => setDraft({ ...draft, description })}
        />
        <Checkbox
          label="Đang áp dụng"
          checked={draft.is_active}
          onChange={(event) => setDraft({ ...draft, is_active: event.currentTarget.checked })}
        />
        <ProblemAlert problem={save.problem} />
        <DialogActions onCancel={onClose} cancelLabel="Hủy" label="Lưu" busy={save.busy} onConfirm={submit} />
      </Stack>
    </ResponsiveModal>
  );
}
