/** The reason a programme is refused, required, asked for before the refusal is sent (promotion-actions.tsx). */
import { Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import { NoteField } from '@/ui/note-field';
import { DialogActions } from '@/ui/dialog-actions';

export function RejectDialog({
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
    <ResponsiveModal
      phoneFullScreen={false}
      opened={opened}
      onClose={() => !sending && onClose()}
      title={`Từ chối chương trình ${code}`}
      centered
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
    </ResponsiveModal>
  );
}
