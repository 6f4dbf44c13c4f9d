/**
 * "Quy tắc check-in" (/visits, for who keeps the company's settings): the radius around a customer's
 * pin, the accuracy a fix must reach, and what happens past either (contract/visits-place.ts). The
 * phones pull the rules and decide offline as the server decides.
 */
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { RULE_MODE_LABELS, RULE_MODES, type RuleMode } from '@contract/rule-modes';
import { ACCURACY_RANGE, LOCATION_NOTICE, POSITION_DAYS_RANGE, RADIUS_RANGE, type VisitSettings } from '@contract/visits-place';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { toast } from '@/ui/toast';
import { useLocationNotices, useSaveVisitSettings, useVisitSettings } from '../api/visits-api';

const RULE_HELP: Record<RuleMode, string> = {
  block: 'Không cho check-in',
  warn: 'Báo cho nhân viên, nhân viên xác nhận mới check-in',
  allow: 'Cho check-in, chỉ đánh dấu để văn phòng xem lại',
};

type NumberField = 'radius_m' | 'accuracy_limit_m' | 'position_days';

/** The form's number fields: their labels and the contract's ranges. */
const NUMBER_FIELDS: Record<NumberField, { label: string; description?: string; range: { min: number; max: number } }> = {
  radius_m: { label: 'Bán kính quanh vị trí khách hàng (m)', range: RADIUS_RANGE },
  accuracy_limit_m: {
    label: 'GPS phải chính xác trong (m)',
    description: 'Máy báo độ chính xác kém hơn mức này thì coi như chưa biết nhân viên đứng ở đâu',
    range: ACCURACY_RANGE,
  },
  position_days: {
    label: 'Giữ vị trí GPS của lượt ghé thăm (ngày)',
    description: 'Sau số ngày này vị trí được xóa, lượt ghé thăm vẫn còn. Nhân viên ngừng hoạt động thì vị trí của họ được xóa ngay.',
    range: POSITION_DAYS_RANGE,
  },
};

function RulesForm({ companyId, saved, onDone }: { companyId: number; saved: VisitSettings; onDone: () => void }) {
  const [rule, setRule] = useState<RuleMode>(saved.place_rule);
  const [numbers, setNumbers] = useState<Record<NumberField, string | number>>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveVisitSettings(companyId);
  const submit = () => {
    setProblem(null);
    const number = (field: NumberField) => Number(numbers[field]) || 0;
    save.mutate(
      {
        place_rule: rule,
        radius_m: number('radius_m'),
        accuracy_limit_m: number('accuracy_limit_m'),
        position_days: number('position_days'),
      },
      {
        onSuccess: () => {
          toast.success('Đã lưu quy tắc check-in');
          onDone();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  const input = (field: NumberField) => (
    <StrictNumberInput
      label={NUMBER_FIELDS[field].label}
      description={NUMBER_FIELDS[field].description}
      value={numbers[field]}
      onChange={(value) => setNumbers((current) => ({ ...current, [field]: value }))}
      min={NUMBER_FIELDS[field].range.min}
      max={NUMBER_FIELDS[field].range.max}
      allowDecimal={false}
    />
  );
  return (
    <Stack gap="md">
      {input('radius_m')}
      {input('accuracy_limit_m')}
      <Radio.Group
        label="Khi check-in ngoài bán kính, GPS kém chính xác hoặc không có vị trí"
        value={rule}
        onChange={(value) => setRule(value as RuleMode)}
      >
        <Stack gap={6} mt={6}>
          {RULE_MODES.map((mode) => (
            <Radio key={mode} value={mode} label={`${RULE_MODE_LABELS[mode]}: ${RULE_HELP[mode]}`} data-testid={`check-in-rule-${mode}`} />
          ))}
        </Stack>
      </Radio.Group>
      {input('position_days')}
      <Text size="xs" c="dimmed">
        Khách hàng chưa có vị trí thì không so được: lần check-in đầu có GPS đủ chính xác sẽ ghim vị trí cho khách hàng.
      </Text>
      <ProblemLine problem={problem} />
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={submit}>
          Lưu quy tắc
        </Button>
      </Group>
    </Stack>
  );
}

/** Who accepted the location notice: the current version, an older one, or not yet. */
function NoticeAcceptances({ companyId }: { companyId: number }) {
  const rows = useLocationNotices(companyId, true);
  if (!rows.data) return null;
  const current = rows.data.filter((row) => row.version === LOCATION_NOTICE.version).length;
  return (
    <Stack gap={4} data-testid="location-notice-acceptances">
      <Text size="sm" fw={600}>
        Thông báo vị trí (phiên bản {formatDate(LOCATION_NOTICE.version)}): {current}/{rows.data.length} nhân viên đã đồng ý
      </Text>
      {rows.data.map((row) => (
        <Text key={row.account_id} size="xs">
          {row.full_name}:{' '}
          {row.version === LOCATION_NOTICE.version
            ? `đồng ý lúc ${formatDateTime(row.accepted_at)}`
            : row.version
              ? `đồng ý phiên bản cũ ${formatDate(row.version)}`
              : 'chưa đồng ý'}
        </Text>
      ))}
    </Stack>
  );
}

/** The button and its dialog; nothing for a member who may not change the company's settings. */
export function CheckInRulesButton({ companyId }: { companyId: number }) {
  const canEdit = useCan('settings', 'edit');
  const [opened, setOpened] = useState(false);
  const settings = useVisitSettings(companyId, opened);
  if (!canEdit) return null;
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconSettings size={16} />} onClick={() => setOpened(true)}>
        Quy tắc check-in
      </Button>
      <ResponsiveModal opened={opened} onClose={() => setOpened(false)} title="Quy tắc check-in">
        {settings.data ? (
          <Stack gap="lg">
            <RulesForm companyId={companyId} saved={settings.data} onDone={() => setOpened(false)} />
            <NoticeAcceptances companyId={companyId} />
          </Stack>
        ) : settings.error ? (
          <ProblemLine problem={settings.error.message} />
        ) : (
          <LoadingBlock />
        )}
      </ResponsiveModal>
    </>
  );
}
