/**
 * What can be done to a programme from its page, by its status and the member's role
 * (promotion-text.ts promotionButtons; the server checks both again): Sửa while it waits or was
 * refused, Duyệt and Từ chối (with a reason, required) while it waits, Dừng (after a confirmation)
 * while approved and not ended, Sao chép (to the copy's page), Xóa (a programme no order used,
 * not yet approved; otherwise the server says why).
 */
import { Button, Group, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan, IconCheck, IconCopy, IconEdit, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PromotionRecord } from '@contract/promotions';
import type { PromotionAction } from '@contract/promotions-status';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { promotionError, usePromotionWrites } from '@/features/promotions/api/promotion-api';
import { promotionButtons } from '@/features/promotions/model/promotion-text';
import { NoteField } from '@/ui/note-field';
import { DialogActions } from '@/ui/dialog-actions';
import { toastedWrite } from '@/ui/toasted-write';

type Props = { companyId: number; record: PromotionRecord; isMobile: boolean };

export function PromotionActions({ companyId, record, isMobile }: Props) {
  const navigate = useNavigate();
  const writes = usePromotionWrites(companyId);
  const rights = {
    create: useCan('promotions', 'create'),
    edit: useCan('promotions', 'edit'),
    delete: useCan('promotions', 'delete'),
    approve: useCan('promotions', 'approve'),
  };
  const buttons = promotionButtons(record.status, rights);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);

  /** Runs a write, toasts its message or its refusal; true when it went through. */
  const run = async (name: string, write: () => Promise<{ message?: string }>, fallback: string) => {
    setBusy(name);
    try {
      return await toastedWrite(
        async () => (await write()).message,
        (error) => promotionError(error, fallback),
      );
    } finally {
      setBusy(null);
    }
  };
  const act = (action: PromotionAction, reason: string | null = null) =>
    run(action, () => writes.act(record.id, action, reason), 'Không cập nhật được trạng thái chương trình');

  const approve = () =>
    openConfirm({
      title: 'Duyệt chương trình',
      message: `Duyệt chương trình ${record.code} – ${record.name}? Chương trình sẽ áp dụng cho đơn hàng từ ngày bắt đầu.`,
      icon: 'success',
      okLabel: 'Duyệt',
      onOk: () => act('approve'),
    });
  const stop = () =>
    openConfirm({
      title: 'Dừng chương trình',
      message: `Dừng chương trình ${record.code}? Đơn hàng mới sẽ không được áp dụng nữa; chương trình đã dừng không chạy lại được.`,
      okLabel: 'Dừng chương trình',
      onOk: () => act('stop'),
    });
  const copy = async () => {
    setBusy('copy');
    try {
      const answer = await writes.copy(record.id);
      toast.success(answer.message ?? 'Đã sao chép chương trình');
      void navigate({ to: '/promotion/$id', params: { id: String(answer.data.id) } });
    } catch (error) {
      toast.error(promotionError(error, 'Không sao chép được chương trình'));
    } finally {
      setBusy(null);
    }
  };
  const remove = () =>
    openConfirm({
      title: 'Xóa chương trình',
      message: `Xóa chương trình ${record.code} – ${record.name}? Thao tác này không hoàn tác được.`,
      icon: 'error',
      okLabel: 'Xóa',
      onOk: async () => {
        const done = await run('delete', () => writes.remove(record.id), 'Không xóa được chương trình');
        if (done) void navigate({ to: '/promotion' });
        return done;
      },
    });

  const size = 'sm';
  const list = (
    <>
      {buttons.approve && (
        <Button
          color="teal"
          size={size}
          leftSection={<IconCheck size={16} />}
          onClick={() => void approve()}
          loading={busy === 'approve'}
          data-testid="promotion-approve"
        >
          Duyệt
        </Button>
      )}
      {buttons.reject && (
        <Button
          color="red"
          variant="light"
          size={size}
          leftSection={<IconBan size={16} />}
          onClick={() => setRejecting(true)}
          loading={busy === 'reject'}
          data-testid="promotion-reject"
        >
          Từ chối
        </Button>
      )}
      {buttons.stop && (
        <Button
          color="orange"
          variant="light"
          size={size}
          leftSection={<IconPlayerStop size={16} />}
          onClick={() => void stop()}
          loading={busy === 'stop'}
          data-testid="promotion-stop"
        >
          Dừng
        </Button>
      )}
      {buttons.edit && (
        <Button
          component={Link}
          to="/promotion/create"
          search={{ id: record.id } as never}
          variant="default"
          size={size}
          leftSection={<IconEdit size={16} />}
          data-testid="promotion-edit"
        >
          Sửa
        </Button>
      )}
      {buttons.editRefusal && (
        <Tooltip label={buttons.editRefusal} multiline w={280}>
          <Button
            variant="default"
            size={size}
            leftSection={<IconEdit size={16} />}
            data-disabled
            aria-disabled
            // A tooltip never shows on a phone: a tap says why as well.
            onClick={() => toast.info(buttons.editRefusal!)}
            data-testid="promotion-edit-locked"
          >
            Sửa
          </Button>
        </Tooltip>
      )}
      {buttons.copy && (
        <Button
          variant="default"
          size={size}
          leftSection={<IconCopy size={16} />}
          onClick={() => void copy()}
          loading={busy === 'copy'}
          data-testid="promotion-copy"
        >
          Sao chép
        </Button>
      )}
      {buttons.remove && (
        <Button
          color="red"
          variant="subtle"
          size={size}
          leftSection={<IconTrash size={16} />}
          onClick={() => void remove()}
          loading={busy === 'delete'}
          data-testid="promotion-delete"
        >
          Xóa
        </Button>
      )}
    </>
  );
  return (
    <>
      {isMobile ? (
        <SimpleGrid cols={2} spacing="xs" data-testid="promotion-actions">
          {list}
        </SimpleGrid>
      ) : (
        <Group gap="xs" wrap="wrap" data-testid="promotion-actions">
          {list}
        </Group>
      )}
      <RejectDialog
        opened={rejecting}
        code={record.code}
        onClose={() => setRejecting(false)}
        onReject={async (reason) => {
          const done = await act('reject', reason);
          if (done) setRejecting(false);
        }}
      />
    </>
  );
}

function RejectDialog({
  opened,
  code,
  onClose,
  onReject,
}: {
  opened: boolean;
  code: string;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    const text = reason.trim();
    if (!text) {
      setError('Vui lòng nhập lý do từ chối');
      return;
    }
    setSending(true);
    try {
      await onReject(text);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={() => !sending && onClose()}
      title={`Từ chối chương trình ${code}`}
      centered
      closeButtonProps={{ 'aria-label': 'Đóng' }}
    >
      <Stack gap="sm" data-testid="promotion-reject-dialog">
        <Text size="sm">Người tạo sẽ thấy lý do này và có thể sửa chương trình rồi gửi duyệt lại.</Text>
        <NoteField
          label="Lý do từ chối"
          withAsterisk
          placeholder="VD: Thiếu số thông báo Sở Công Thương"
          value={reason}
          onChange={(text) => {
            setReason(text);
            setError(null);
          }}
          minRows={3}
          maxLength={500}
          error={error}
          data-autofocus
          data-testid="promotion-reject-reason"
        />
        <DialogActions
          onCancel={onClose}
          label="Từ chối"
          onConfirm={() => void send()}
          busy={sending}
          color="red"
          testId="promotion-reject-confirm"
          gap="sm"
        />
      </Stack>
    </Modal>
  );
}
