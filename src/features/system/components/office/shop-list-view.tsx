/**
 * /system/shops: stores, suppliers and distributors (shop/), by kind; creating one with its owner's
 * account and a picture (chth/ncc/npt admincreate/, multipart); the business types (bussinesstype/).
 */
import {
  Badge,
  Button,
  FileInput,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SHOP_KIND_LABELS, SHOP_KINDS, type ShopKind, type ShopRecord } from '@contract/system';
import { formatDate } from '@/lib/dates';
import { CopyButton } from '@/ui/copy-button';
import { DialogActions } from '@/ui/dialog-actions';
import { SelectFilters } from '@/ui/list-page/filter-select';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { ProblemAlert } from '@/ui/problem';
import { systemWrites, useBusinessTypes, useShops } from '@/features/system/api/system-api';
import { useSystemDialogWrite } from './account-modals';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Filter = { search?: string; page: number; limit: number; kind?: ShopKind };
const FIELDS = ['phone', 'full_name', 'password', 'name', 'tax_code', 'email', 'address'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  phone: 'Số điện thoại đăng nhập',
  full_name: 'Họ và tên chủ cửa hàng',
  password: 'Mật khẩu ban đầu',
  name: 'Tên cửa hàng',
  tax_code: 'Mã số thuế',
  email: 'Email',
  address: 'Địa chỉ',
};

function ShopCreateModal({ onClose }: { onClose: () => void }) {
  const types = useBusinessTypes();
  const [kind, setKind] = useState<ShopKind>('chth');
  const [values, setValues] = useState<Record<string, string>>({});
  const [businessType, setBusinessType] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const save = useSystemDialogWrite(systemWrites.createShop, 'Không tạo được cửa hàng', onClose);
  const submit = () => {
    const form = new FormData();
    for (const field of FIELDS) if (values[field]?.trim()) form.append(field, values[field].trim());
    if (businessType) form.append('business_type', businessType);
    if (file) form.append('file', file);
    void save.run({ kind, form });
  };
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Tạo tài khoản cửa hàng" size="lg">
      <Stack gap="sm" data-testid="shop-create">
        <SegmentedControl
          fullWidth
          data={SHOP_KINDS.map((value) => ({ value, label: SHOP_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => setKind(value as ShopKind)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) =>
            field === 'password' ? (
              <PasswordInput
                key={field}
                label={LABELS[field]}
                withAsterisk
                autoComplete="new-password"
                value={values[field] ?? ''}
                onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
              />
            ) : (
              <TextInput
                key={field}
                label={LABELS[field]}
                withAsterisk={['phone', 'full_name', 'name'].includes(field)}
                value={values[field] ?? ''}
                onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
                data-testid={`shop-${field}`}
              />
            ),
          )}
          <Select
            label="Ngành hàng"
            clearable
            data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
            value={businessType}
            onChange={setBusinessType}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label="Ảnh giấy phép hoặc mặt tiền"
            description="JPEG, PNG hoặc WebP, tối đa 2 MB"
            accept="image/jpeg,image/png,image/webp"
            clearable
            value={file}
            onChange={setFile}
          />
        </SimpleGrid>
        <ProblemAlert problem={save.problem} testId="shop-create-error" />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label="Tạo tài khoản"
          busy={save.busy}
          onConfirm={submit}
          testId="shop-create-save"
        />
      </Stack>
    </ResponsiveModal>
  );
}

function BusinessTypeModal({ onClose }: { onClose: () => void }) {
  const [draft, setDraft] = useState({ code: '', name: '' });
  const save = useSystemDialogWrite(systemWrites.addBusinessType, 'Không thêm được ngành hàng', onClose);
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Thêm ngành hàng">
      <Stack gap="sm">
        <TextInput
          label="Mã"
          withAsterisk
          maxLength={30}
          value={draft.code}
          onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value.toUpperCase() })}
        />
        <TextInput
          label="Tên ngành hàng"
          withAsterisk
          maxLength={100}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
        />
        <ProblemAlert problem={save.problem} />
        <DialogActions onCancel={onClose} cancelLabel="Hủy" label="Thêm" busy={save.busy} onConfirm={() => void save.run(draft)} />
      </Stack>
    </ResponsiveModal>
  );
}

export function ShopListView({ isMobile }: { isMobile: boolean }) {
  const [filter, setFilter] = useState<Filter>({ page: 1, limit: 20 });
  const shops = useShops({ ...filter });
  const types = useBusinessTypes();
  const [dialog, setDialog] = useState<'shop' | 'type' | null>(null);
  const code = (shop: ShopRecord) => (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={600}>
        {shop.code}
      </Text>
      <CopyButton value={shop.code} label={`Sao chép mã ${shop.code}`} />
    </Group>
  );
  const kind = (shop: ShopRecord) => (
    <Badge tt="none" variant="light">
      {SHOP_KIND_LABELS[shop.kind]}
    </Badge>
  );
  const rows: RowsSpec<ShopRecord> = {
    testId: 'shop',
    minWidth: 900,
    card: (shop) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{shop.name}</Text>
          {kind(shop)}
        </Group>
        {code(shop)}
        <Text size="xs" c="dimmed">
          {shop.account.full_name} · {shop.phone}
          {shop.business_type ? ` · ${shop.business_type.name}` : ''}
        </Text>
      </Stack>
    ),
    columns: [
      { key: 'code', label: 'Mã', cell: code, nowrap: true },
      { key: 'name', label: 'Tên', cell: (shop) => shop.name, bold: true, sub: (shop) => shop.address },
      { key: 'kind', label: 'Loại', cell: kind },
      { key: 'owner', label: 'Chủ tài khoản', cell: (shop) => shop.account.full_name, sub: (shop) => shop.phone },
      { key: 'type', label: 'Ngành hàng', cell: (shop) => shop.business_type?.name ?? '—' },
      { key: 'tax', label: 'Mã số thuế', cell: (shop) => shop.tax_code ?? '—', nowrap: true },
      { key: 'created', label: 'Ngày tạo', cell: (shop) => formatDate(shop.created_at), nowrap: true },
    ],
  };
  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm cửa hàng', placeholder: 'Tìm theo mã, tên, số điện thoại…' }}
      actions={
        <Group gap="xs">
          <Button variant="default" onClick={() => setDialog('type')}>
            Thêm ngành hàng
          </Button>
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog('shop')} data-testid="shop-create-open">
            Tạo tài khoản cửa hàng
          </Button>
        </Group>
      }
      header={
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <SelectFilters
            filter={filter}
            onChange={(patch) => setFilter({ ...filter, ...patch, page: 1 })}
            fields={[
              {
                field: 'kind',
                label: 'Loại',
                all: 'loại',
                data: SHOP_KINDS.map((value) => ({ value, label: SHOP_KIND_LABELS[value] })),
                testId: 'shop-filter-kind',
              },
            ]}
          />
          <Text size="sm" c="dimmed" mt={28}>
            {(types.data ?? []).length} ngành hàng: {(types.data ?? []).map((type) => type.name).join(', ')}
          </Text>
        </SimpleGrid>
      }
      query={shops}
      empty={{ title: 'Chưa có cửa hàng phù hợp' }}
      pager={{ noun: 'cửa hàng', sizes: [20, 50, 100] }}
      rows={rows}
      footer={
        <>
          {dialog === 'shop' && <ShopCreateModal onClose={() => setDialog(null)} />}
          {dialog === 'type' && <BusinessTypeModal onClose={() => setDialog(null)} />}
        </>
      }
    />
  );
}
