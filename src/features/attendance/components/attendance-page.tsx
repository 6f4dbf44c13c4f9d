/**
 * "Chấm công" (docs/attendance.md): the month's timesheet (reps × days on a desktop, from the
 * server; the rep's own month on a phone, from the device so it shows offline), the Excel sheet, the
 * claims waiting for a manager, and the rep's "Xin chấm công".
 */
import { Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { addDays } from '@contract/calendar-days';
import { apiErrorMessage } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { ExportButton } from '@/ui/list-page/export-button';
import { LoadingBlock } from '@/ui/loading-block';
import { exportTimesheet, useDeviceMonth, useTimesheet } from '../api/attendance-api';
import { ClaimForm } from './claim-form';
import { MyMonth } from './my-month';
import { TimesheetGrid } from './timesheet-grid';
import { WaitingClaims } from './waiting-claims';

type Props = { db: AppDb; companyId: number; accountId: number; accountName: string; isMobile: boolean };

/** This month and the eleven before it, newest first ("Tháng 12/2026"). */
function monthOptions(today: string) {
  const options: { value: string; label: string }[] = [];
  let day = `${today.slice(0, 7)}-01`;
  for (let i = 0; i < 12; i += 1) {
    options.push({ value: day.slice(0, 7), label: `Tháng ${day.slice(5, 7)}/${day.slice(0, 4)}` });
    day = `${addDays(day, -1).slice(0, 7)}-01`;
  }
  return options;
}

function OwnMonth({ db, rep, month }: { db: AppDb; rep: { companyId: number; accountId: number; name: string }; month: string }) {
  const judged = useDeviceMonth(db, rep, month);
  return judged ? <MyMonth rep={judged} /> : <LoadingBlock />;
}

function OfficeMonth({ companyId, month }: { companyId: number; month: string }) {
  const sheet = useTimesheet(companyId, month, true);
  if (sheet.isError) return <Text c="red.8">{apiErrorMessage(sheet.error, 'Không tải được bảng chấm công')}</Text>;
  return sheet.data ? <TimesheetGrid sheet={sheet.data} /> : <LoadingBlock />;
}

export function AttendancePage({ db, companyId, accountId, accountName, isMobile }: Props) {
  const options = monthOptions(vietnamDay());
  const [month, setMonth] = useState(options[0]!.value);
  const canClaim = useCan('visits', 'create');
  const canApprove = useCan('visits', 'approve');
  const canExport = useCan('visits', 'export');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Tháng"
          data={options}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={180}
          data-testid="attendance-month"
        />
        {canExport && (
          <ExportButton
            run={async () => `Đã tải về ${await exportTimesheet(companyId, month)}`}
            failure={(error) => apiErrorMessage(error, 'Không xuất được bảng chấm công')}
            iconOnly={isMobile}
            testId="attendance-export"
          />
        )}
      </Group>
      {isMobile ? (
        <OwnMonth db={db} rep={{ companyId, accountId, name: accountName }} month={month} />
      ) : (
        <OfficeMonth companyId={companyId} month={month} />
      )}
      {canApprove && <WaitingClaims companyId={companyId} />}
      {canClaim && <ClaimForm db={db} claimant={{ companyId, accountId, accountName }} />}
    </Stack>
  );
}
