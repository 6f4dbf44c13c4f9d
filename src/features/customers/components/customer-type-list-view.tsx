/**
 * /customers/type: the customer groups with how many customers each holds; search; new group (for
 * members whose role may edit the company's settings: groups decide prices).
 */
import { Alert, Badge, Button, Card, Group, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconCloudOff, IconPlus } from '@tabler/icons-react';
import { AnchorLink } from '@/ui/anchor-link';
import { useState } from 'react';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { useCustomerTypeList, type CustomerTypeRow } from '../api/customer-queries';
import { useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import { SearchInput } from '@/ui/search-input';
import { CustomerTypeForm } from './customer-type-form';

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

export function CustomerTypeListView({ db, companyId, search, page, onQuery, isMobile, onCreated }: Props) {
  const list = useCustomerTypeList(db, companyId, { search, page, limit: TYPE_PAGE_SIZE });
  const writes = useCustomerWrites(db, companyId);
  const { online } = useSyncStatus();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('settings', 'edit');
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / TYPE_PAGE_SIZE)) : 1;

  const createButton = canCreate && (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} disabled={!online} data-testid="type-create">
      Thêm nhóm khách hàng
    </Button>
  );

  return (
    <Stack gap="md">
      <Group gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'}>
        <SearchInput
          value={search || undefined}
          onSearch={(next) => onQuery({ search: next, page: 1 })}
          label="Tìm nhóm khách hàng"
          placeholder="Tìm theo tên hoặc mô tả nhóm…"
          testId="type-search"
        />
        {createButton}
      </Group>
      {data?.source === 'device' && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} p="xs">
          Không có kết nối mạng: đang xem nhóm đã lưu trên máy (không có số lượng khách hàng).
        </Alert>
      )}
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState
          title={search ? 'Không có nhóm phù hợp' : 'Chưa có nhóm khách hàng nào'}
          description={search ? 'Thử từ khóa khác.' : 'Nhóm giúp áp chính sách giá và lọc khách hàng nhanh hơn.'}
          action={search || !canCreate ? undefined : createButton}
        />
      ) : data ? (
        <Stack gap="sm">
          {isMobile ? (
            <Stack gap="xs" data-testid="type-cards">
              {data.rows.map((row) => (
                <Card key={row.id} withBorder radius="md" padding="sm" data-testid="type-row">
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
                </Card>
              ))}
            </Stack>
          ) : (
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="type-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tên nhóm</Table.Th>
                  <Table.Th>Mô tả</Table.Th>
                  <Table.Th>Khách sỉ</Table.Th>
                  <Table.Th ta="right">Số khách hàng</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="type-row">
                    <Table.Td>
                      <TypeName row={row} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {row.description ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.is_wholesale ? (
                        <Badge variant="outline" color="orange">
                          Khách sỉ
                        </Badge>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{count(row)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {pages > 1 && <Pagination total={pages} value={page} onChange={(next) => onQuery({ search, page: next })} />}
        </Stack>
      ) : null}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Thêm nhóm khách hàng" fullScreen={isMobile} centered>
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
      </Modal>
    </Stack>
  );
}
