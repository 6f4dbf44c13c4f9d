/** "Đóng đợt thu hồi" (PUT …/close/): a note is asked for, and required while goods are still out with customers. */
import { Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import type { RecallDetail } from '@contract/pharma-recalls';
import { formatNumber } from '@/lib/money';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { useDialogWrite } from '@/ui/use-dialog-write';
import { useRecallWrites } from '../api/recall-api';

type Props = { companyId: number; recall: RecallDetail; opened: boolean; onClose: () => void };

export function RecallCloseDialog({ companyId, recall, opened, onClose }: Props) {
  const writes = useRecallWrites(companyId);
  const [note, setNote] = useState('');
  const outstanding = recall.customers.reduce((sum, row) => sum + row.outstanding, 0);
  const write = useDialogWrite(
    async () => (await writes.close(recall.id, note.trim() || null)).message,
    'Không đóng được đợt thu hồi',
    onClose,
  );
  return (
    <ResponsiveModal phoneFullScreen={false} opened={opened} onClose={onClose} title={`Đóng đợt thu hồi ${recall.code}`}>
      <Stack gap="sm" data-testid="recall-close-dialog">
        <Text size="sm">
          {outstanding > 0
            ? `Còn ${formatNumber(outstanding)} đơn vị chưa thu hồi ở khách hàng: ghi rõ lý do đóng đợt (báo cáo gửi cơ quan quản lý sẽ ghi lại).`
            : 'Mọi khách hàng đã trả đủ số lượng đã nhận.'}
        </Text>
        <NoteField
          label="Ghi chú khi đóng đợt"
          value={note}
          onChange={setNote}
          maxLength={1000}
          withAsterisk={outstanding > 0}
          data-testid="recall-close-note"
        />
        <ProblemAlert problem={write.problem} testId="recall-close-problem" />
        <DialogActions
          onCancel={onClose}
          label="Đóng đợt"
          onConfirm={() => void write.run(undefined)}
          busy={write.busy}
          disabled={outstanding > 0 && !note.trim()}
          testId="recall-close-submit"
        />
      </Stack>
    </ResponsiveModal>
  );
}
