/** The self-claims waiting for the manager: Duyệt, or Từ chối with a reason (server/modules/attendance/attendance.routes.ts). */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CLAIM_KIND_LABELS, type AttendanceClaimRecord } from '@contract/attendance';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate } from '@/lib/dates';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { toastedWrite } from '@/ui/toasted-write';
import { useClaimDecisions, useWaitingClaims } from '../api/attendance-api';

export function WaitingClaims({ companyId }: { companyId: number }) {
  const list = useWaitingClaims(companyId, true);
  const { approve, reject } = useClaimDecisions(companyId);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AttendanceClaimRecord | null>(null);
  const [reason, setReason] = useState('');
  const claims = list.data ?? [];

  const run = async (id: string, write: () => Promise<string>, failure: string) => {
    setBusy(id);
    const done = await toastedWrite(write, (error) => apiErrorMessage(error, failure));
    setBusy(null);
    return done;
  };

  return (
    <Card withBorder component="section" aria-labelledby="waiting-claims-title" data-testid="waiting-claims">
      <Stack gap="sm">
        <Title order={4} id="waiting-claims-title">
          Đơn xin chấm công chờ duyệt
        </Title>
        {list.isError && <Text c="red.8">{apiErrorMessage(list.error, 'Không tải được đơn xin chấm công')}</Text>}
        {list.isSuccess && claims.length === 0 && <Text c="dimmed">Không có đơn nào chờ duyệt.</Text>}
        {claims.map((claim) => (
          <Group key={claim.id} justify="space-between" wrap="wrap" data-testid="waiting-claim" data-claim={claim.id}>
            <Stack gap={0}>
              <Text fw={600}>
                {claim.account_name} · {formatDate(claim.day)} · {CLAIM_KIND_LABELS[claim.kind]}
              </Text>
              <Text size="sm" c="dimmed">
                {claim.reason}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                loading={busy === claim.id}
                onClick={() => void run(claim.id, () => approve(claim.id), 'Không duyệt được đơn')}
                aria-label={`Duyệt đơn của ${claim.account_name} ngày ${formatDate(claim.day)}`}
                data-testid="claim-approve"
              >
                Duyệt
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={busy === claim.id}
                onClick={() => {
                  setReason('');
                  setRejecting(claim);
                }}
                aria-label={`Từ chối đơn của ${claim.account_name} ngày ${formatDate(claim.day)}`}
                data-testid="claim-reject"
              >
                Từ chối
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <ResponsiveModal opened={rejecting !== null} onClose={() => setRejecting(null)} title="Từ chối đơn xin chấm công">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!rejecting) return;
            void run(rejecting.id, () => reject(rejecting.id, reason.trim()), 'Không từ chối được đơn').then(
              (done) => done && setRejecting(null),
            );
          }}
        >
          <NoteField
            label="Lý do từ chối"
            value={reason}
            onChange={setReason}
            maxLength={500}
            withAsterisk
            data-autofocus
            data-testid="claim-reject-reason"
          />
          <DialogActions
            onCancel={() => setRejecting(null)}
            label="Từ chối"
            color="red"
            busy={busy !== null}
            mt="md"
            testId="claim-reject-confirm"
          />
        </form>
      </ResponsiveModal>
    </Card>
  );
}
