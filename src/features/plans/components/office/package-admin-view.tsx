/**
 * /system/packages: the service packages (service-package/: features, seats, price; a change reaches
 * the switches of every company on the package) and the vouchers (validity, use limit, packages,
 * how many companies used each), for the system administrator.
 */
import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SWITCH_LABELS } from '@contract/company-switches';
import { voucherStanding, type ServicePackageRecord, type VoucherRecord } from '@contract/plans';
import { vietnamDay } from '@contract/price-policy';
import { formatDate } from '@/lib/dates';
import { CopyButton } from '@/ui/copy-button';
import { ListPage } from '@/ui/list-page/list-page';
import type { Column } from '@/ui/list-page/data-table';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { RowActions } from '@/ui/list-page/row-actions';
import { MoneyText } from '@/ui/money-text';
import { planWrites, usePackages, usePlanWrite, useVouchers } from '@/features/plans/api/plan-api';
import { PackageFormModal, VoucherFormModal } from './package-forms';
import { formatNumber } from '@/lib/money';

/** The "Trạng thái" column of a package or a voucher: in use or not. */
/** The trial package says so, with its days. */
const trial = (pkg: ServicePackageRecord) => (pkg.trial_days === null ? '' : `Dùng thử ${pkg.trial_days} ngày cho công ty mới`);

function stateColumn(on: string, off: string): Column<{ is_active: boolean }> {
  return {
    key: 'active',
    label: 'Trạng thái',
    cell: (row) => (
      <Badge tt="none" variant="light" color={row.is_active ? 'teal' : 'gray'}>
        {row.is_active ? on : off}
      </Badge>
    ),
  };
}

function PackageList({ isMobile }: { isMobile: boolean }) {
  const [filter, setFilter] = useState({ page: 1, limit: 100 });
  const packages = usePackages(true);
  const save = usePlanWrite(planWrites.savePackage);
  const [editing, setEditing] = useState<ServicePackageRecord | 'new' | null>(null);
  const features = (pkg: ServicePackageRecord) => pkg.features.map((code) => SWITCH_LABELS[code]).join(', ') || 'Không có chức năng thêm';
  const edit = (pkg: ServicePackageRecord) => <RowActions edit={{ label: `Sửa gói ${pkg.name}`, onClick: () => setEditing(pkg) }} />;
  const rows: RowsSpec<ServicePackageRecord> = {
    testId: 'package',
    minWidth: 900,
    card: (pkg) => (
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600}>{pkg.name}</Text>
          {edit(pkg)}
        </Group>
        <Text size="sm">
          <MoneyText value={pkg.price_per_month} span /> / tháng · {pkg.seats} tài khoản
          {pkg.trial_days !== null && ` · ${trial(pkg)}`}
        </Text>
        <Text size="xs" c="dimmed">
          {features(pkg)}
        </Text>
      </Stack>
    ),
    columns: [
      { key: 'name', label: 'Gói', cell: (pkg) => pkg.name, bold: true, sub: (pkg) => [pkg.code, trial(pkg)].filter(Boolean).join(' · ') },
      { key: 'price', label: 'Giá / tháng', align: 'right', cell: (pkg) => <MoneyText value={pkg.price_per_month} /> },
      { key: 'seats', label: 'Tài khoản', align: 'right', cell: (pkg) => pkg.seats },
      { key: 'features', label: 'Chức năng', cell: features, lines: 2, maxWidth: 380 },
      stateColumn('Đang bán', 'Ngừng bán'),
      { key: 'actions', cell: edit },
    ],
  };
  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      actions={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          Thêm gói
        </Button>
      }
      query={packages}
      empty={{ title: 'Chưa có gói dịch vụ' }}
      rows={rows}
      footer={
        editing && (
          <PackageFormModal
            key={editing === 'new' ? 'new' : editing.id}
            pkg={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSave={(input) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, input })}
          />
        )
      }
    />
  );
}

function VoucherList({ isMobile }: { isMobile: boolean }) {
  const [filter, setFilter] = useState({ page: 1, limit: 100 });
  const vouchers = useVouchers();
  const packages = usePackages(true);
  const save = usePlanWrite(planWrites.saveVoucher);
  const [editing, setEditing] = useState<VoucherRecord | 'new' | null>(null);
  const value = (voucher: VoucherRecord) =>
    voucher.kind === 'percent'
      ? `${voucher.value}%${voucher.max_discount ? `, tối đa ${formatNumber(voucher.max_discount)} đ` : ''}`
      : `${formatNumber(voucher.value)} đ`;
  const uses = (voucher: VoucherRecord) => `${voucher.used_count}${voucher.max_uses === null ? '' : `/${voucher.max_uses}`}`;
  const code = (voucher: VoucherRecord) => (
    <Group gap={4} wrap="nowrap">
      <Text fw={600} size="sm">
        {voucher.code}
      </Text>
      <CopyButton value={voucher.code} label={`Sao chép mã ${voucher.code}`} />
    </Group>
  );
  const edit = (voucher: VoucherRecord) => <RowActions edit={{ label: `Sửa mã ${voucher.code}`, onClick: () => setEditing(voucher) }} />;
  const rows: RowsSpec<VoucherRecord> = {
    testId: 'voucher',
    minWidth: 900,
    card: (voucher) => (
      <Stack gap={4}>
        <Group justify="space-between">
          {code(voucher)}
          {edit(voucher)}
        </Group>
        <Text size="sm">{value(voucher)}</Text>
        <Text size="xs" c="dimmed">
          {formatDate(voucher.starts_on)} – {formatDate(voucher.ends_on)} · đã dùng {uses(voucher)}
        </Text>
      </Stack>
    ),
    columns: [
      { key: 'code', label: 'Mã', cell: code, nowrap: true, sub: (voucher) => voucher.description },
      { key: 'value', label: 'Mức giảm', cell: value },
      {
        key: 'valid',
        label: 'Hiệu lực',
        nowrap: true,
        cell: (voucher) => `${formatDate(voucher.starts_on)} – ${formatDate(voucher.ends_on)}`,
      },
      { key: 'uses', label: 'Đã dùng', align: 'right', cell: uses },
      {
        key: 'active',
        label: 'Trạng thái',
        cell: (voucher) => {
          // An active voucher past its end is "Hết hạn", not "Đang áp dụng".
          const standing = voucherStanding(voucher, vietnamDay());
          return (
            <Badge tt="none" variant="light" color={standing.usable ? 'teal' : 'gray'} data-testid="voucher-standing">
              {standing.label}
            </Badge>
          );
        },
      },
      { key: 'actions', cell: edit },
    ],
  };
  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      actions={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          Thêm mã giảm giá
        </Button>
      }
      query={vouchers}
      empty={{ title: 'Chưa có mã giảm giá' }}
      rows={rows}
      footer={
        editing && (
          <VoucherFormModal
            key={editing === 'new' ? 'new' : editing.id}
            voucher={editing === 'new' ? null : editing}
            packages={packages.data ?? []}
            onClose={() => setEditing(null)}
            onSave={(input) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, input })}
          />
        )
      }
    />
  );
}

export function PackageAdminView({ isMobile }: { isMobile: boolean }) {
  return (
    <Tabs defaultValue="packages" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="packages">Gói dịch vụ</Tabs.Tab>
        <Tabs.Tab value="vouchers">Mã giảm giá</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="packages">
        <PackageList isMobile={isMobile} />
      </Tabs.Panel>
      <Tabs.Panel value="vouchers">
        <VoucherList isMobile={isMobile} />
      </Tabs.Panel>
    </Tabs>
  );
}
