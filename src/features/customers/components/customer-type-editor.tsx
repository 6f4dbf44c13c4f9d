/** /customers/type/edit/{id}: the group's fields, saved with PUT customertype/{id}/ (needs the server). */
import { Alert, Button, Card } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AppDb } from '@/db/app-db';
import { useSyncStatus } from '@/sync/sync-status';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { useCustomerType } from '../api/customer-queries';
import { useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import { CustomerTypeForm } from './customer-type-form';
import { LoadingBlock } from '@/ui/loading-block';

type Props = {
  db: AppDb;
  companyId: number;
  id: number;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: () => void;
  onCancel: () => void;
};

export function CustomerTypeEditor({ db, companyId, id, onDirtyChange, onSaved, onCancel }: Props) {
  const type = useCustomerType(db, companyId, id);
  const writes = useCustomerWrites(db, companyId);
  const online = useSyncStatus((sync) => sync.online);

  if (type.isPending) {
    return <LoadingBlock />;
  }
  if (type.isError) {
    return (
      <EmptyState
        title="Không tìm thấy nhóm khách hàng"
        description={type.error.message}
        action={
          <Button component={Link} to="/customers/type" variant="light">
            Về danh sách nhóm
          </Button>
        }
      />
    );
  }
  const group = type.data;
  return (
    <Card withBorder radius="md" padding="md" maw={640}>
      {!online && (
        <Alert color="yellow" variant="light" mb="sm">
          Cần kết nối mạng để lưu thay đổi nhóm khách hàng.
        </Alert>
      )}
      <CustomerTypeForm
        // A fresh form when another copy of the group arrives (e.g. the server's after the device's).
        key={`${group.id}:${group.updated_at}`}
        initial={{ title: group.title, description: group.description, is_wholesale: group.is_wholesale }}
        submitLabel="Lưu thay đổi"
        disabled={!online}
        onDirtyChange={onDirtyChange}
        onCancel={onCancel}
        onSubmit={async (values) => {
          try {
            await writes.saveType(id, values);
            toast.success('Cập nhật nhóm khách hàng thành công');
            onSaved();
          } catch (error) {
            toast.error(writeErrorMessage(error, 'Không lưu được nhóm khách hàng'));
            throw error;
          }
        }}
      />
    </Card>
  );
}
