/**
 * "Xin chấm công": the rep asks for a day the phone could not check in. Checked and kept on the
 * device, then sent through the outbox (../model/claim-actions.ts), so it works without signal.
 */
import { Button, Card, Radio, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CLAIM_KIND_LABELS, CLAIM_KINDS, CLAIM_STATUS_LABELS, type ClaimKind } from '@contract/attendance';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import type { AppDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { DayField } from '@/ui/day-field';
import { NoteField } from '@/ui/note-field';
import { SyncChip } from '@/ui/sync-chip';
import { toast } from '@/ui/toast';
import { useDeviceClaims } from '../api/attendance-api';
import { ClaimRefused, fileClaim, type Claimant } from '../model/claim-actions';

export function ClaimForm({ db, claimant }: { db: AppDb; claimant: Claimant }) {
  const today = vietnamDay();
  const [day, setDay] = useState<string | null>(addDays(today, -1));
  const [kind, setKind] = useState<ClaimKind>('full');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const claims = useDeviceClaims(db, claimant.companyId, claimant.accountId);

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await fileClaim(db, claimant, { day: day ?? '', kind, reason });
      setReason('');
      toast.success('Đã lưu đơn xin chấm công, sẽ gửi khi có mạng');
    } catch (error) {
      setProblem(error instanceof ClaimRefused ? error.message : 'Không lưu được đơn xin chấm công');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="claim-form-title" data-testid="claim-form">
      <Stack gap="sm">
        <Title order={4} id="claim-form-title">
          Xin chấm công
        </Title>
        <Text size="sm" c="dimmed">
          Khi máy không check-in được, gửi đơn để quản lý duyệt công cho ngày đó.
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <DayField
              label="Ngày xin chấm công"
              value={day}
              onChange={setDay}
              maxDate={today}
              minDate={addDays(today, -31)}
              withAsterisk
              data-testid="claim-day"
            />
            <Radio.Group label="Loại công" value={kind} onChange={(value) => setKind(value as ClaimKind)} withAsterisk>
              <Group mt={4}>
                {CLAIM_KINDS.map((option) => (
                  <Radio key={option} value={option} label={CLAIM_KIND_LABELS[option]} data-testid={`claim-kind-${option}`} />
                ))}
              </Group>
            </Radio.Group>
            <NoteField label="Lý do" value={reason} onChange={setReason} maxLength={500} withAsterisk data-testid="claim-reason" />
            {problem && (
              <Text c="red.8" size="sm" role="alert" data-testid="claim-problem">
                {problem}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="claim-submit">
                Gửi đơn
              </Button>
            </Group>
          </Stack>
        </form>
        {claims && claims.length > 0 && (
          <Stack gap={4} data-testid="my-claims">
            <Text fw={600} size="sm">
              Đơn của tôi
            </Text>
            {claims.slice(0, 10).map((claim) => (
              <Group key={claim.id} justify="space-between" wrap="nowrap" data-testid="my-claim">
                <Text size="sm">
                  {formatDate(claim.day)} · {CLAIM_KIND_LABELS[claim.kind]} · {CLAIM_STATUS_LABELS[claim.status]}
                  {claim.reject_reason ? `: ${claim.reject_reason}` : ''}
                </Text>
                <SyncChip state={claim.syncState} error={claim.error} />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
