/**
 * /area: the company's regions (product-spec.md §3 "Region filter": page, limit, search) as a table on desktop
 * and cards on phones, with their provinces, staff and customers; "Thêm khu vực", "Nhập Excel",
 * edit and delete for members who may (useCan). A region's name opens its detail.
 */
import { REGION_PAGE_SIZES } from '../model/region-search';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconFileSpreadsheet, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { RegionRecord } from '@contract/regions';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { regionErrorMessage, useRegionList, useRegionWrites, type RegionWrites } from '../api/region-api';
import { RegionFormModal } from './region-form';
import { RegionImportDialog } from './region-import-dialog';
import { SearchInput } from '@/ui/search-input';

export type RegionListFilter = { search: string; page: number; limit: number };

type Props = {
  companyId: number;
  filter: RegionListFilter;
  onFilter: (filter: RegionListFilter) => void;
  onOpen: (id: number) => void;
  isMobile: boolean;
};

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

export function RegionListView({ companyId, filter, onFilter, onOpen, isMobile }: Props) {
  const list = useRegionList(companyId, filter);
  const writes = useRegionWrites(companyId);
  const canCreate = useCan('regions', 'create');
  const canEdit = useCan('regions', 'edit');
  const canDelete = useCan('regions', 'delete');
  const [editing, setEditing] = useState<RegionRecord | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / filter.limit)) : 1;

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
    <Group gap={4} wrap="nowrap">
      {canEdit && (
        <ActionIcon variant="subtle" aria-label={`Sửa khu vực ${region.name}`} onClick={() => setEditing(region)}>
          <IconEdit size={18} />
        </ActionIcon>
      )}
      {canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Xóa khu vực ${region.name}`}
          onClick={() => void confirmDeleteRegion(region, writes)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );

  return (
    <Stack gap="md">
      <Group gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'}>
        <SearchInput
          value={filter.search}
          onSearch={(search) => onFilter({ ...filter, search, page: 1 })}
          label="Tìm khu vực"
          placeholder="Tìm theo mã, tên khu vực, tỉnh/thành…"
          testId="region-search"
        />
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
      </Group>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState
          title={filter.search ? 'Không có khu vực phù hợp' : 'Chưa có khu vực nào'}
          description={
            filter.search
              ? 'Thử từ khóa khác.'
              : 'Khu vực gom các tỉnh/thành để phân công nhân viên, xem khách hàng, đơn hàng và đặt KPI theo vùng.'
          }
          action={filter.search ? undefined : createButton}
        />
      ) : data ? (
        <Stack gap="sm">
          {isMobile ? (
            <Stack gap="xs" data-testid="region-cards">
              {data.rows.map((region) => (
                <Card key={region.id} withBorder radius="md" padding="sm" data-testid="region-row" data-code={region.code}>
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        {name(region)}
                        <Text size="xs" c="dimmed">
                          {region.code} · {region.staff_count} nhân viên · {region.customer_count} khách hàng
                        </Text>
                      </div>
                      {actions(region)}
                    </Group>
                    <ProvinceBadges region={region} max={3} />
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="region-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Mã</Table.Th>
                    <Table.Th>Tên khu vực</Table.Th>
                    <Table.Th>Tỉnh/thành</Table.Th>
                    <Table.Th ta="right">Nhân viên</Table.Th>
                    <Table.Th ta="right">Khách hàng</Table.Th>
                    {(canEdit || canDelete) && <Table.Th />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((region) => (
                    <Table.Tr key={region.id} data-testid="region-row" data-code={region.code}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{region.code}</Table.Td>
                      <Table.Td>
                        {name(region)}
                        {region.description && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {region.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td maw={380}>
                        <ProvinceBadges region={region} />
                      </Table.Td>
                      <Table.Td ta="right">{region.staff_count}</Table.Td>
                      <Table.Td ta="right">{region.customer_count}</Table.Td>
                      {(canEdit || canDelete) && <Table.Td>{actions(region)}</Table.Td>}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {data.count} khu vực
            </Text>
            <Group gap="sm">
              {pages > 1 && <Pagination total={pages} value={filter.page} onChange={(page) => onFilter({ ...filter, page })} size="sm" />}
              <Select
                aria-label="Số dòng mỗi trang"
                data={REGION_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / trang` }))}
                value={String(filter.limit)}
                onChange={(value) => value && onFilter({ ...filter, limit: Number(value), page: 1 })}
                allowDeselect={false}
                w={120}
                size="xs"
              />
            </Group>
          </Group>
        </Stack>
      ) : null}
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
    </Stack>
  );
}
