/**
 * Warehouse settings (GET/PUT settings/): the accounting regime the printed forms follow (TT 99/2025
 * or TT 133/2016), the unit and department printed at their top, and the form numbers (settings,
 * not constants), and where goods received short-dated land (sellable or quarantine) under how many
 * days left; expired goods always land in quarantine (contract/warehouse-expiry.ts). Saving needs
 * settings/edit.
 */
import { Alert, Button, Card, Group, Loader, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ACCOUNTING_REGIME_LABELS, ACCOUNTING_REGIMES, type AccountingRegime, type WarehouseSettings } from '@contract/warehouse';
import { MAX_SHORT_DATED_DAYS, SHORT_DATED_RULE_LABELS, SHORT_DATED_RULES, type ShortDatedRule } from '@contract/warehouse-expiry';
import { useCan } from '@/session/access';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { toast } from '@/ui/toast';
import { errorFields, errorMessage, useWarehouseSettings, useWarehouseWrites } from '@/features/warehouse/api/warehouse-api';

const FORMS = [
  ['import_form', 'Mẫu phiếu nhập kho'],
  ['export_form', 'Mẫu phiếu xuất kho'],
  ['check_form', 'Mẫu biên bản kiểm kê'],
  ['transfer_form', 'Mẫu phiếu chuyển kho'],
] as const;

function SettingsForm({ companyId, initial }: { companyId: number; initial: WarehouseSettings }) {
  const writes = useWarehouseWrites(companyId);
  const canEdit = useCan('settings', 'edit');
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<WarehouseSettings>) => setForm((current) => ({ ...current, ...patch }));
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      toast.success(
        (await writes.saveSettings({ ...form, unit_name: form.unit_name?.trim() || null, department: form.department?.trim() || null }))
          .message ?? 'Đã lưu thiết lập',
      );
    } catch (failure) {
      setErrors({ ...errorFields(failure), form: errorMessage(failure, 'Không lưu được thiết lập') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" maw={760}>
      <Stack gap="sm" data-testid="warehouse-settings">
        <Select
          label="Chế độ kế toán"
          data={ACCOUNTING_REGIMES.map((regime) => ({ value: regime, label: ACCOUNTING_REGIME_LABELS[regime] }))}
          value={form.regime}
          onChange={(regime) => regime && set({ regime: regime as AccountingRegime })}
          allowDeselect={false}
          disabled={!canEdit}
          data-testid="settings-regime"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Đơn vị"
            value={form.unit_name ?? ''}
            onChange={(event) => set({ unit_name: event.currentTarget.value })}
            maxLength={200}
            disabled={!canEdit}
            error={errors.unit_name}
            data-testid="settings-unit"
          />
          <TextInput
            label="Bộ phận"
            value={form.department ?? ''}
            onChange={(event) => set({ department: event.currentTarget.value })}
            maxLength={200}
            disabled={!canEdit}
            error={errors.department}
            data-testid="settings-department"
          />
          {FORMS.map(([field, label]) => (
            <TextInput
              key={field}
              label={label}
              value={form[field]}
              onChange={(event) => set({ [field]: event.currentTarget.value })}
              maxLength={30}
              withAsterisk
              disabled={!canEdit}
              error={errors[field]}
              data-testid={`settings-${field}`}
            />
          ))}
        </SimpleGrid>
        <Title order={5} mt="xs">
          Nhận hàng hết hạn, cận hạn
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <WholeAmountInput
            label="Cận hạn khi còn (ngày)"
            description="Dòng phiếu nhập có lô còn ít ngày hơn sẽ được cảnh báo"
            value={String(form.short_dated_days)}
            onChange={(days) => set({ short_dated_days: days === '' ? 0 : Number(days) })}
            max={MAX_SHORT_DATED_DAYS}
            disabled={!canEdit}
            error={errors.short_dated_days}
            data-testid="settings-short-dated-days"
          />
          <Select
            label="Hàng cận hạn khi nhập kho"
            description="Hàng đã hết hạn luôn vào biệt trữ, không được bán"
            data={SHORT_DATED_RULES.map((rule) => ({ value: rule, label: SHORT_DATED_RULE_LABELS[rule] }))}
            value={form.short_dated_rule}
            onChange={(rule) => rule && set({ short_dated_rule: rule as ShortDatedRule })}
            allowDeselect={false}
            disabled={!canEdit}
            error={errors.short_dated_rule}
            data-testid="settings-short-dated-rule"
          />
        </SimpleGrid>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        {canEdit && (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={busy} data-testid="settings-save">
              Lưu thiết lập
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function SettingsView({ companyId }: { companyId: number }) {
  const settings = useWarehouseSettings(companyId);
  if (settings.isPending) return <Loader />;
  if (!settings.data) return <Alert color="red">{settings.error?.message ?? 'Không tải được thiết lập kho'}</Alert>;
  return <SettingsForm companyId={companyId} initial={settings.data} />;
}
