/**
 * /area: the company's regions (product-spec.md §3 "Region filter": page, limit, search) as a table on desktop
 * and cards on phones, with their provinces, staff and customers; "Thêm khu vực", "Nhập Excel",
 * edit and delete for members who may (useCan). A region's name opens its detail.
 */
import { Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { RegionRecord } from '@contract/regions';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { RowActions } from '@/ui/list-page/row-actions';
import { toast } from '@/ui/toast';
import { regionErrorMessage, useRegionList, useRegionWrites, type RegionWrites } from '../api/region-api';
import { REGION_PAGE_SIZES } from '../model/region-search';
import { RegionFormModal } from './region-form';
import { RegionImportDialog } from './region-import-dialog';
import { CardHead } from '@/ui/list-page/card-head';

export type RegionListFilter = { search: string; page: number; limit: number };

type Props = ListScreenProps<RegionListFilter> & { onOpen: (id: number) => void };

/** Asks, then deletes; a refusal (staff still assigned) is shown as the server words it. */
export async function confirmDeleteRegion(region: RegionRecord, writes: RegionWrites, onDeleted?: () => void): Promise<void> {
  await openConfirm({
    title: 'Xóa khu vực',
    message: `Xác nhận xóa khu vực ${region.name} (${region.code})? Chỉ tiêu KPI của khu vực cũng bị xóa; khách hàng và đơn hàng vẫn giữ nguyên địa chỉ.`,
    icon: 'warning',
    onOk: async () => {
      try {
        toast.success((await writes.remove(region.id)) ?? 'Đã xóa khu vực');
        onDeleted?.();
      } catch (error) {
        toast.error(regionErrorMessage(error, 'Không xóa được khu vực'));
      }
      return true;
    },
  });
}

export function ProvinceBadges({ region, max = 4 }: { region: RegionRecord; max?: number }) {
  if (region.provinces.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Chưa có tỉnh/thành
      </Text>
    );
  const shown = region.provinces.slice(0, max);
  const rest = region.provinces.slice(max);
  return (
    <Group gap={4}>
      {shown.map((province) => (
        <Badge key={province.code} variant="light" size="sm" tt="none">
          {province.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((province) => province.name).join(', ')} multiline w={260} withArrow>
          <Badge variant="outline" size="sm" tt="none">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

export function RegionListView(props: Props) {
  const { companyId, filter, onOpen, isMobile } = props;
  const list = useRegionList(companyId, filter);
  const writes = useRegionWrites(companyId);
  const canCreate = useCan('regions', 'create');
  const canEdit = useCan('regions', 'edit');
  const canDelete = useCan('regions', 'delete');
  const [editing, setEditing] = useState<RegionRecord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} data-testid="region-create">
      Thêm khu vực
    </Button>
  ) : null;

  const name = (region: RegionRecord) => (
    <Anchor component="button" type="button" fw={600} onClick={() => onOpen(region.id)} data-testid="region-name-link" ta="left">
      {region.name}
    </Anchor>
  );
  const actions = (region: RegionRecord) => (
    <RowActions
      edit={canEdit && { label: `Sửa khu vực ${region.name}`, onClick: () => setEditing(region) }}
      remove={canDelete && { label: `Xóa khu vực ${region.name}`, onClick: () => void confirmDeleteRegion(region, writes) }}
    />
  );
  const rows: RowsSpec<RegionRecord> = {
    testId: 'region',
    rowProps: (region) => ({ 'data-code': region.code }),
    card: (region) => (
      <Stack gap={6}>
        <CardHead aside={actions(region)}>
          {name(region)}
          <Text size="xs" c="dimmed">
            {region.code} · {region.staff_count} nhân viên · {region.customer_count} khách hàng
          </Text>
        </CardHead>
        <ProvinceBadges region={region} max={3} />
      </Stack>
    ),
    minWidth: 860,
    columns: [
      { key: 'code', label: 'Mã', nowrap: true, cell: (region) => region.code },
      { key: 'name', label: 'Tên khu vực', cell: name, sub: (region) => region.description },
      { key: 'provinces', label: 'Tỉnh/thành', maxWidth: 380, cell: (region) => <ProvinceBadges region={region} /> },
      { key: 'staff', label: 'Nhân viên', align: 'right', cell: (region) => region.staff_count },
      { key: 'customers', label: 'Khách hàng', align: 'right', cell: (region) => region.customer_count },
      ...(canEdit || canDelete ? [{ key: 'actions', cell: actions }] : []),
    ],
  };

  return (
    <ListPage
      screen={props}
      search={{ label: 'Tìm khu vực', placeholder: 'Tìm theo mã, tên khu vực, tỉnh/thành…', testId: 'region-search' }}
      actions={
        <>
          {createButton}
          {canCreate && canEdit && (
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={18} />}
              onClick={() => setImporting(true)}
              data-testid="region-import"
            >
              Nhập Excel
            </Button>
          )}
        </>
      }
      query={list}
      empty={{
        title: filter.search ? 'Không có khu vực phù hợp' : 'Chưa có khu vực nào',
        description: filter.search
          ? 'Thử từ khóa khác.'
          : 'Khu vực gom các tỉnh/thành để phân công nhân viên, xem khách hàng, đơn hàng và đặt KPI theo vùng.',
        action: filter.search ? undefined : createButton,
      }}
      pager={{ noun: 'khu vực', sizes: REGION_PAGE_SIZES }}
      footer={
        <>
          <RegionFormModal
            companyId={companyId}
            editing={editing}
            onClose={() => setEditing(null)}
            onSaved={(region) => {
              const created = editing === 'new';
              setEditing(null);
              if (created) onOpen(region.id);
            }}
            writes={writes}
            isMobile={isMobile}
          />
          <RegionImportDialog opened={importing} onClose={() => setImporting(false)} writes={writes} />
        </>
      }
      rows={rows}
    />
  );
}
