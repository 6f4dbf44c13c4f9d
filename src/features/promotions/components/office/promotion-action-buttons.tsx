/** The buttons a programme's status and the member's role allow (promotion-text.ts promotionButtons). */
import { Button, Tooltip } from '@mantine/core';
import { IconBan, IconCheck, IconCopy, IconEdit, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PromotionRecord } from '@contract/promotions';
import { toast } from '@/ui/toast';
import type { promotionButtons } from '@/features/promotions/model/promotion-text';

type Props = {
  record: PromotionRecord;
  buttons: ReturnType<typeof promotionButtons>;
  busy: string | null;
  approve: () => void;
  reject: () => void;
  stop: () => void;
  copy: () => void;
  remove: () => void;
};

export function PromotionActionButtons({ record, buttons, busy, approve, reject, stop, copy, remove }: Props) {
  const size = 'sm';
  return (
    <>
      {buttons.approve && (
        <Button
          color="teal"
          size={size}
          leftSection={<IconCheck size={16} />}
          onClick={approve}
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
          onClick={reject}
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
          onClick={stop}
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
          onClick={copy}
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
          onClick={remove}
          loading={busy === 'delete'}
          data-testid="promotion-delete"
        >
          Xóa
        </Button>
      )}
    </>
  );
}
