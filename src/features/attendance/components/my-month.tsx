/** The signed-in rep's month on a phone, day by day, from the device (../api/attendance-api.ts useDeviceMonth). */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { CLAIM_STATUS_LABELS, DAY_STATUS_LABELS, type TimesheetRep } from '@contract/attendance';
import { formatDate, formatTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { STATUS_COLORS } from './status-colors';

export function MyMonth({ rep }: { rep: TimesheetRep }) {
  const days = rep.days.filter((day) => day.status !== 'future').reverse();
  const { cong, full, half, absent } = rep.totals;
  return (
    <Stack gap="xs" data-testid="my-month">
      <Text fw={600} data-testid="my-month-totals">
        {formatNumber(cong)} công · {full} ngày đủ · {half} nửa ngày · {absent} ngày vắng
      </Text>
      {days.map((day) => (
        <Card key={day.day} withBorder padding="xs" data-testid="my-day" data-day={day.day}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {formatDate(day.day)}
              </Text>
              <Text size="xs" c="dimmed">
                {day.first_in ? `Vào ${formatTime(day.first_in)}` : 'Không check-in'}
                {day.last_out ? ` · Ra ${formatTime(day.last_out)}` : ''}
                {day.claim ? ` · Đơn: ${CLAIM_STATUS_LABELS[day.claim.status]}` : ''}
              </Text>
            </Stack>
            <Badge color={STATUS_COLORS[day.status]} variant="light">
              {DAY_STATUS_LABELS[day.status]}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
