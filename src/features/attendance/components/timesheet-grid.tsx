/**
 * The month's timesheet on a desktop: a row per rep, a column per day, then the totals. A cell shows
 * the day's mark (X full, ½ half, V absent, – off) and names the day, the status and the times
 * for a screen reader and a hover.
 */
import { Table, Text } from '@mantine/core';
import { CLAIM_STATUS_LABELS, DAY_STATUS_LABELS, type AttendanceDay, type DayStatus, type Timesheet } from '@contract/attendance';
import { formatDate, formatTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import classes from './timesheet-grid.module.css';

const MARKS: Record<DayStatus, string> = { full: 'X', half: '½', absent: 'V', off: '–', future: '' };

function cellTitle(name: string, day: AttendanceDay): string {
  const parts = [`${name}, ${formatDate(day.day)}: ${DAY_STATUS_LABELS[day.status]}`];
  if (day.first_in) parts.push(`vào ${formatTime(day.first_in)}`);
  if (day.last_out) parts.push(`ra ${formatTime(day.last_out)}`);
  if (day.claim) parts.push(`đơn xin chấm công ${CLAIM_STATUS_LABELS[day.claim.status].toLowerCase()}`);
  return parts.join(', ');
}

export function TimesheetGrid({ sheet }: { sheet: Timesheet }) {
  const days = sheet.reps[0]?.days.map((day) => day.day) ?? [];
  if (sheet.reps.length === 0)
    return (
      <Text c="dimmed" data-testid="timesheet-empty">
        Không có nhân viên nào trong phạm vi bạn phụ trách.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table
        withTableBorder
        withColumnBorders
        className={classes.grid}
        data-testid="timesheet-grid"
        aria-label={`Bảng chấm công tháng ${sheet.month}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Nhân viên</Table.Th>
            {days.map((day) => (
              <Table.Th key={day} scope="col" className={classes.day} aria-label={formatDate(day)}>
                {Number(day.slice(8))}
              </Table.Th>
            ))}
            <Table.Th scope="col">Công</Table.Th>
            <Table.Th scope="col">Đủ</Table.Th>
            <Table.Th scope="col">Nửa</Table.Th>
            <Table.Th scope="col">Vắng</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.reps.map((rep) => (
            <Table.Tr key={rep.account_id} data-testid="timesheet-rep" data-account={rep.account_id}>
              <Table.Th scope="row" className={classes.name}>
                {rep.account_name}
              </Table.Th>
              {rep.days.map((day) => (
                <Table.Td
                  key={day.day}
                  className={classes.day}
                  data-status={day.status}
                  data-day={day.day}
                  title={cellTitle(rep.account_name, day)}
                  aria-label={cellTitle(rep.account_name, day)}
                >
                  {MARKS[day.status]}
                </Table.Td>
              ))}
              <Table.Td data-testid="timesheet-cong">{formatNumber(rep.totals.cong)}</Table.Td>
              <Table.Td>{rep.totals.full}</Table.Td>
              <Table.Td>{rep.totals.half}</Table.Td>
              <Table.Td>{rep.totals.absent}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        X: đủ công · ½: nửa công · V: vắng · –: ngày nghỉ
      </Text>
    </Table.ScrollContainer>
  );
}
