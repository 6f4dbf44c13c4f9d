/**
 * Setting one month's target of a region, a rep or the company: the four numbers (money with dot
 * thousands), saved with `configkpi/`. A zero leaves that metric without a target; "Bỏ chỉ tiêu"
 * removes the whole target (a region then falls back to the sum of its reps').
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMonth, KPI_METRIC_LABELS, ZERO_KPI, type KpiMetric, type KpiValues } from '@contract/kpi';
import { toast } from '@/ui/toast';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { useKpiWrites, type TargetTarget } from '../api/kpi-api';
import { ApiError } from '@/api/api-error';
import { ProblemAlert } from '@/ui/problem';
import { submitWith } from '@/ui/submit-with';
import { ResponsiveModal } from '@/ui/responsive-modal';

export type TargetSubject = TargetTarget & {
  /** "Khu vực Miền Nam", "Lê Văn Trình", "Toàn công ty". */
  label: string;
  /** Its own target (null when it has none). */
  current: KpiValues | null;
  /** Shown when there is no own target and the judged target is a sum. */
  note?: string | null;
};

type Props = {
  companyId: number;
  month: string;
  subject: TargetSubject | null;
  onClose: () => void;
};

const FIELDS: { metric: KpiMetric; suffix?: string; max: number }[] = [
  { metric: 'revenue', suffix: ' ₫', max: 1_000_000_000_000_000 },
  { metric: 'orders', max: 1_000_000_000 },
  { metric: 'new_customers', max: 1_000_000_000 },
  { metric: 'visits', max: 1_000_000_000 },
];

export function TargetEditor({ companyId, month, subject, onClose }: Props) {
  return (
    <ResponsiveModal
      opened={subject !== null}
      onClose={onClose}
      title={subject ? `Chỉ tiêu tháng ${formatMonth(month)} · ${subject.label}` : ''}
      centered
      size="lg"
    >
      {subject && (
        <TargetForm key={`${subject.region}:${subject.account}`} companyId={companyId} month={month} subject={subject} onDone={onClose} />
      )}
    </ResponsiveModal>
  );
}

function TargetForm({
  companyId,
  month,
  subject,
  onDone,
}: {
  companyId: number;
  month: string;
  subject: TargetSubject;
  onDone: () => void;
}) {
  const writes = useKpiWrites(companyId);
  const [values, setValues] = useState<KpiValues>(subject.current ?? { ...ZERO_KPI });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (next: KpiValues) => {
    setBusy(true);
    setProblem(null);
    try {
      const message = await writes.saveTarget(month, { region: subject.region, account: subject.account }, next);
      toast.success(message ?? 'Đã lưu chỉ tiêu KPI');
      onDone();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Không lưu được chỉ tiêu, vui lòng thử lại');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submitWith(() => save(values))}>
      <Stack gap="md" data-testid="target-editor">
        {subject.note && !subject.current && (
          <Text size="sm" c="dimmed">
            {subject.note}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map(({ metric, suffix, max }) => (
            <StrictNumberInput
              key={metric}
              label={KPI_METRIC_LABELS[metric]}
              value={values[metric]}
              onChange={(next) => setValues((current) => ({ ...current, [metric]: typeof next === 'number' ? next : Number(next) || 0 }))}
              thousandSeparator="."
              decimalSeparator=","
              allowNegative={false}
              allowDecimal={false}
              min={0}
              max={max}
              suffix={suffix}
              hideControls
              inputMode="numeric"
              data-testid={`target-${metric}`}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Để 0 nếu không đặt chỉ tiêu cho chỉ số đó.
        </Text>
        <ProblemAlert problem={problem} testId="target-problem" />
        <Group justify="space-between">
          {subject.current ? (
            <Button variant="subtle" color="red" disabled={busy} onClick={() => void save({ ...ZERO_KPI })}>
              Bỏ chỉ tiêu
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onDone} disabled={busy}>
              Hủy
            </Button>
            <Button type="submit" loading={busy} data-testid="target-save">
              Lưu chỉ tiêu
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
