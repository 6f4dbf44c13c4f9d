/**
 * "Mở đợt thu hồi" (POST /pharma/api/recalls/): from the lot the warehouse sent (or every lot of a
 * registration number), the level with its legal deadline shown as it will be fixed, the decision,
 * the reason, and the ZNS template the customers get when the company has Zalo. The new campaign opens.
 */
import { Alert, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RECALL_LEVEL_RULES, RECALL_LEVELS, recallDeadline, type RecallLevel, type RecallScope } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { ApiError } from '@/api/api-error';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { DayField } from '@/ui/day-field';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { useBusyWork } from '@/ui/use-busy-work';
import { useRecallLot, useRecallWrites, useZnsTemplates } from '../api/recall-api';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = { companyId: number; opened: boolean; lotId: number | null; onClose: () => void };

const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? (error.fields ?? {}) : {});

export function RecallOpenDialog({ companyId, opened, lotId, onClose }: Props) {
  const navigate = useNavigate();
  const lot = useRecallLot(companyId, opened ? lotId : null);
  const templates = useZnsTemplates(companyId, opened);
  const writes = useRecallWrites(companyId);
  const work = useBusyWork('Không mở được đợt thu hồi');
  const [scope, setScope] = useState<RecallScope>(lotId ? 'lot' : 'registration');
  const [registration, setRegistration] = useState('');
  const [level, setLevel] = useState<RecallLevel>(2);
  const [decisionNumber, setDecisionNumber] = useState('');
  const [decisionDate, setDecisionDate] = useState<string | null>(vietnamDay());
  const [reason, setReason] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const fromLot = lotId !== null && scope === 'lot';
  const rule = RECALL_LEVEL_RULES[level];

  const submit = () =>
    work.run(async () => {
      setFields({});
      try {
        const answer = await writes.open({
          scope: fromLot ? 'lot' : 'registration',
          lot_id: fromLot ? lotId : null,
          registration_number: fromLot ? null : registration.trim() || null,
          level,
          decision_number: decisionNumber,
          decision_date: decisionDate ?? '',
          reason,
          zns_template: template ? Number(template) : null,
        });
        toast.success(answer.message ?? `Đã mở đợt thu hồi ${answer.data.code}`);
        // Straight to the campaign: closing first would also rewrite /recall's URL (dropping ?lot=) and race this navigation.
        void navigate({ to: '/recall/$id', params: { id: String(answer.data.id) } });
      } catch (error) {
        setFields(fieldsOf(error));
        throw error;
      }
    });

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title="Mở đợt thu hồi" size="lg">
      <Stack gap="sm" data-testid="recall-open-dialog">
        {lotId !== null && (
          <SegmentedControl
            value={scope}
            onChange={(next) => setScope(next as RecallScope)}
            data={[
              { value: 'lot', label: 'Chỉ lô này' },
              { value: 'registration', label: 'Mọi lô của số đăng ký' },
            ]}
            data-testid="recall-scope"
          />
        )}
        {fromLot ? (
          <Alert variant="light" color="orange" data-testid="recall-open-lot">
            {lot.data
              ? `${lot.data.product_name} · lô ${lot.data.lot_no} · hạn dùng ${formatDate(lot.data.expires_on) || '—'} · tồn ${formatNumber(lot.data.quantity)} ${lot.data.base_unit}`
              : 'Đang đọc lô hàng…'}
          </Alert>
        ) : (
          <TextInput
            label="Số đăng ký lưu hành"
            description="Mọi lô của thuốc mang số đăng ký này đều bị thu hồi"
            value={registration}
            onChange={(event) => setRegistration(event.currentTarget.value)}
            error={fields.registration_number}
            withAsterisk
            maxLength={50}
            data-testid="recall-registration"
          />
        )}
        <Select
          label="Mức độ vi phạm"
          data={RECALL_LEVELS.map((one) => ({ value: String(one), label: RECALL_LEVEL_RULES[one].label }))}
          value={String(level)}
          onChange={(next) => next && setLevel(Number(next) as RecallLevel)}
          allowDeselect={false}
          error={fields.level}
          data-testid="recall-level"
        />
        <TextInput
          label="Số quyết định thu hồi"
          value={decisionNumber}
          onChange={(event) => setDecisionNumber(event.currentTarget.value)}
          error={fields.decision_number}
          withAsterisk
          maxLength={100}
          data-testid="recall-decision-number"
        />
        <DayField
          label="Ngày quyết định"
          value={decisionDate}
          onChange={setDecisionDate}
          maxDate={vietnamDay()}
          error={fields.decision_date}
          withAsterisk
        />
        <Text size="sm" data-testid="recall-deadline-preview">
          Hạn hoàn thành: <b>{decisionDate ? formatDate(recallDeadline(decisionDate, level)) : '—'}</b> ({rule.days} ngày kể từ ngày quyết
          định). {rule.scope}.
        </Text>
        <Text size="xs" c="dimmed">
          Căn cứ: {rule.source}
        </Text>
        <NoteField
          label="Lý do thu hồi"
          value={reason}
          onChange={setReason}
          maxLength={1000}
          error={fields.reason}
          withAsterisk
          data-testid="recall-reason"
        />
        <Select
          label="Mẫu ZNS gửi khách hàng"
          placeholder={templates.data?.length ? 'Không gửi ZNS' : 'Công ty chưa có mẫu ZNS được duyệt'}
          data={(templates.data ?? []).map((one) => ({ value: String(one.id), label: one.name }))}
          value={template}
          onChange={setTemplate}
          clearable
          disabled={!templates.data?.length}
          data-testid="recall-zns-template"
        />
        <ProblemAlert problem={work.problem} testId="recall-open-problem" />
        <DialogActions
          onCancel={onClose}
          label="Mở đợt thu hồi"
          color="red"
          onConfirm={() => void submit()}
          busy={work.busy}
          testId="recall-open-submit"
        />
      </Stack>
    </ResponsiveModal>
  );
}
