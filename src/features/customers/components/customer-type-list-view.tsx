/**
 * /customers/type: the customer groups with how many customers each holds; search; new group (for
 * members whose role may edit the company's settings: groups decide prices).
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { AnchorLink } from '@/ui/anchor-link';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { toast } from '@/ui/toast';
import { useCustomerTypeList, type CustomerTypeRow } from '../api/customer-queries';
import { useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import { CustomerTypeForm } from './customer-type-form';
import { ResponsiveModal } from '@/ui/responsive-modal';

export const TYPE_PAGE_SIZE = 20;

type Props = {
  db: AppDb;
  companyId: number;
  search: string;
  page: number;
  onQuery: (query: { search: string; page: number }) => void;
  isMobile: boolean;
  onCreated: (id: number) => void;
};

function TypeName({ row }: { row: CustomerTypeRow }) {
  return (
    <AnchorLink to="/customers/type/$id" params={{ id: String(row.id) }} fw={600} data-testid="type-name">
      {row.title}
    </AnchorLink>
  );
}

const count = (row: CustomerTypeRow) => (row.customer_count === null ? '—' : String(row.customer_count));

const ROWS: RowsSpec<CustomerTypeRow> = {
  testId: 'type',
  card: (row) => <TypeCard row={row} />,
  columns: [
    { key: 'name', label: 'Tên nhóm', cell: (row) => <TypeName row={row} /> },
    { key: 'description', label: 'Mô tả', lines: 2, cell: (row) => row.description ?? '—' },
    {
      key: 'wholesale',
      label: 'Khách sỉ',
      cell: (row) =>
        row.is_wholesale ? (
          <Badge variant="outline" color="orange">
            Khách sỉ
          </Badge>
        ) : (
          '—'
        ),
    },
    { key: 'count', label: 'Số khách hàng', align: 'right', cell: count },
  ],
};

function TypeCard({ row }: { row: CustomerTypeRow }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <TypeName row={row} />
        {row.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {row.description}
          </Text>
        )}
      </div>
      <Stack gap={4} align="flex-end">
        <Badge variant="light">{count(row)} KH</Badge>
        {row.is_wholesale && (
          <Badge variant="outline" color="orange" size="sm">
            Khách sỉ
          </Badge>
        )}
      </Stack>
    </Group>
  );
}

export function CustomerTypeListView({ db, companyId, search, page, onQuery, isMobile, onCreated }: Props) {
  const filter = { search, page, limit: TYPE_PAGE_SIZE };
  const list = useCustomerTypeList(db, companyId, filter);
  const writes = useCustomerWrites(db, companyId);
  const online = useSyncStatus((sync) => sync.online);
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('settings', 'edit');

  const createButton = canCreate && (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} disabled={!online} data-testid="type-create">
      Thêm nhóm khách hàng
    </Button>
  );

  return (
    <ListPage
      screen={{ filter, onFilter: (next) => onQuery({ search: next.search, page: next.page }), isMobile }}
      search={{ label: 'Tìm nhóm khách hàng', placeholder: 'Tìm theo tên hoặc mô tả nhóm…', testId: 'type-search' }}
      actions={createButton}
      query={list}
      deviceNotice={{ text: 'Không có kết nối mạng: đang xem nhóm đã lưu trên máy (không có số lượng khách hàng).' }}
      empty={{
        title: search ? 'Không có nhóm phù hợp' : 'Chưa có nhóm khách hàng nào',
        description: search ? 'Thử từ khóa khác.' : 'Nhóm giúp áp chính sách giá và lọc khách hàng nhanh hơn.',
        action: search ? undefined : createButton,
      }}
      pager={{ noun: 'nhóm khách hàng', sizes: null }}
      footer={
        <ResponsiveModal opened={creating} onClose={() => setCreating(false)} title="Thêm nhóm khách hàng" centered>
          <CustomerTypeForm
            submitLabel="Thêm nhóm"
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              try {
                const saved = await writes.saveType(null, values);
                toast.success('Thêm nhóm khách hàng thành công');
                setCreating(false);
                onCreated(saved.id);
              } catch (error) {
                toast.error(writeErrorMessage(error, 'Không thêm được nhóm khách hàng'));
                throw error;
              }
            }}
          />
        </ResponsiveModal>
      }
      rows={ROWS}
    />
  );
}
