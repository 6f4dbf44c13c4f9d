/**
 * What can be done to a programme from its page, by its status and the member's role
 * (promotion-text.ts promotionButtons; the server checks both again): Sửa while it waits or was
 * refused, Duyệt and Từ chối (with a reason, required) while it waits, Dừng (after a confirmation)
 * while approved and not ended, Sao chép (to the copy's page), Xóa (a programme no order used,
 * not yet approved; otherwise the server says why).
 */
import { Group, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import type { PromotionRecord } from '@contract/promotions';
import { promotionButtons } from '@/features/promotions/model/promotion-text';
import { PromotionActionButtons } from './promotion-action-buttons';
import { RejectDialog } from './promotion-reject-dialog';
import { usePromotionActions } from './use-promotion-actions';

type Props = { companyId: number; record: PromotionRecord; isMobile: boolean };

export function PromotionActions({ companyId, record, isMobile }: Props) {
  const { rights, busy, act, approve, stop, copy, remove } = usePromotionActions(companyId, record);
  const buttons = promotionButtons(record.status, rights);
  const [rejecting, setRejecting] = useState(false);
  const list = (
    <PromotionActionButtons
      record={record}
      buttons={buttons}
      busy={busy}
      approve={() => void approve()}
      reject={() => setRejecting(true)}
      stop={() => void stop()}
      copy={() => void copy()}
      remove={() => void remove()}
    />
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
