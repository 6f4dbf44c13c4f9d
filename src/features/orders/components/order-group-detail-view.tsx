/**
 * /order-groups/{id}: a delivery group, its orders, adding and removing orders while it is open,
 * and its moves (Bắt đầu giao ships its confirmed orders, Đã giao xong completes those delivering,
 * Hủy releases them), each answered with the server's message. Moves and the group's orders need
 * order_groups/edit, deleting it order_groups/delete; without them they are not shown.
 */
import { Alert, Stack } from '@mantine/core';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { LoadingBlock } from '@/ui/loading-block';
import { AddOrdersDialog } from './order-group-form';
import { GroupHeaderCard, GroupOrdersCard } from './order-group-detail-parts';
import { useOrderGroupScreen } from './use-order-group-screen';

type Props = { companyId: number; id: number; isMobile: boolean };

export function OrderGroupDetailView({ companyId, id, isMobile }: Props) {
  const screen = useOrderGroupScreen(companyId, id);
  const { group, update, setAdding } = screen;
  const data = group.data;

  if (group.isPending) {
    return <LoadingBlock />;
  }
  if (!data) return <EmptyState title="Không tìm thấy nhóm đơn" description={group.error?.message} />;

  return (
    <Stack gap="md" data-testid="group-detail" data-status={data.status}>
      <GroupHeaderCard
        data={data}
        isMobile={isMobile}
        moves={screen.moves}
        deletable={screen.deletable}
        onMove={(status) => void screen.moveTo(status)}
        onDelete={() => void screen.deleteGroup()}
      />
      <GroupOrdersCard
        orders={data.orders}
        isMobile={isMobile}
        changeable={screen.changeable}
        update={update}
        onAdd={() => {
          update.reset();
          setAdding(true);
        }}
        onRemove={screen.removeOrder}
      />
      {group.isError && <Alert color="red">{group.error.message}</Alert>}
      <AddOrdersDialog
        opened={screen.adding}
        companyId={companyId}
        isMobile={isMobile}
        busy={update.isPending}
        error={update.error?.message ?? null}
        onClose={() => setAdding(false)}
        onAdd={(ids) =>
          update.mutate(
            { id, add: ids },
            {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setAdding(false);
              },
            },
          )
        }
      />
    </Stack>
  );
}
