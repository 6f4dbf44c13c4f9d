/**
 * What the office does with one route plan from the list: change it, approve it (who approves
 * visits, while it waits), copy it to another rep (a new plan waiting for approval) and delete it.
 * Each button names the plan and its rep, so a screen reader tells the rows apart.
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { RoutePlanRecord } from '@contract/visits-plans';
import { apiErrorMessage } from '@/api/api-error';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { toastedWrite } from '@/ui/toasted-write';
import { useDialogWrite } from '@/ui/use-dialog-write';
import type { PlanWrites, RepOption } from '@/features/visits/api/plans-api';

type CopyProps = { plan: RoutePlanRecord; reps: RepOption[]; writes: PlanWrites; onClose: () => void };

export function PlanCopyDialog({ plan, reps, writes, onClose }: CopyProps) {
  const [accountId, setAccountId] = useState<string | null>(null);
  const copy = useDialogWrite((target: number) => writes.copy(plan.id, target), 'Không sao chép được tuyến', onClose);
  const others = reps.filter((rep) => rep.value !== String(plan.account_id));
  return (
    <ResponsiveModal opened onClose={copy.busy ? () => undefined : onClose} phoneFullScreen={false} title={`Sao chép tuyến ${plan.name}`}>
      <Stack gap="sm">
        <Text size="sm">
          Tuyến mới có cùng khách hàng, tần suất và thứ tự, giao cho nhân viên được chọn và chờ duyệt. Tuyến của {plan.account_name} giữ
          nguyên.
        </Text>
        <Select
          label="Giao cho nhân viên"
          withAsterisk
          searchable
          data={others}
          value={accountId}
          onChange={setAccountId}
          nothingFoundMessage="Không tìm thấy nhân viên"
          data-testid="plan-copy-rep"
        />
        <ProblemLine problem={copy.problem} testId="plan-copy-problem" />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label="Sao chép"
          disabled={!accountId}
          busy={copy.busy}
          onConfirm={() => void copy.run(Number(accountId))}
          testId="plan-copy-confirm"
        />
      </Stack>
    </ResponsiveModal>
  );
}

type Props = {
  plan: RoutePlanRecord;
  writes: PlanWrites;
  onEdit: () => void;
  onCopy: () => void;
};

export function PlanActions({ plan, writes, onEdit, onCopy }: Props) {
  const canEdit = useCan('visits', 'edit');
  const canApprove = useCan('visits', 'approve');
  const [approving, setApproving] = useState(false);
  const whose = `${plan.name} của ${plan.account_name}`;
  const approve = async () => {
    setApproving(true);
    await toastedWrite(
      () => writes.approve(plan.id),
      (error) => apiErrorMessage(error, 'Không duyệt được tuyến'),
    );
    setApproving(false);
  };
  const remove = () =>
    void openConfirm({
      title: 'Xóa tuyến',
      message: `Xóa tuyến ${whose}? Điện thoại của nhân viên sẽ không còn tuyến này.`,
      okLabel: 'Xóa',
      onOk: () =>
        toastedWrite(
          () => writes.remove(plan.id),
          (error) => apiErrorMessage(error, 'Không xóa được tuyến'),
        ),
    });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canApprove && plan.status === 'waiting' && (
        <Button
          size="compact-sm"
          onClick={() => void approve()}
          loading={approving}
          aria-label={`Duyệt tuyến ${whose}`}
          data-testid="plan-approve"
        >
          Duyệt
        </Button>
      )}
      {canEdit && (
        <>
          <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={`Sửa tuyến ${whose}`} data-testid="plan-edit">
            Sửa
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={onCopy}
            aria-label={`Sao chép tuyến ${whose} cho nhân viên khác`}
            data-testid="plan-copy"
          >
            Sao chép
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            onClick={remove}
            aria-label={`Xóa tuyến ${whose}`}
            data-testid="plan-delete"
          >
            Xóa
          </Button>
        </>
      )}
    </Group>
  );
}
