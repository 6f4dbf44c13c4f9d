/**
 * "Tuyến ghé thăm" (/visits/plans): the reps' route plans as the office builds them (docs/visits.md
 * "Route plans"), by rep then name as the server lists them, with who approved
 * each and whether the approved version still applies while a change waits. Filtered by rep; the
 * export takes the same filter. Online only (src/routes/_app/visits_.plans.tsx loads it).
 */
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PLAN_STATUS_LABELS, type RoutePlanRecord } from '@contract/visits-plans';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { CardHead } from '@/ui/list-page/card-head';
import type { Column } from '@/ui/list-page/data-table';
import { ExportButton } from '@/ui/list-page/export-button';
import { ListResults } from '@/ui/list-page/list-results';
import { ListRows } from '@/ui/list-page/list-rows';
import { usePlanList, usePlanWrites, useRepOptions, type PlanWrites } from '@/features/visits/api/plans-api';
import { PlanActions, PlanCopyDialog } from './plan-actions';
import { PlanEditor } from './plan-editor';
import { PlanImportDialog } from './plan-import-dialog';

type Props = { companyId: number; isMobile: boolean };

type Open = { kind: 'edit'; plan: RoutePlanRecord | null } | { kind: 'copy'; plan: RoutePlanRecord } | { kind: 'import' } | null;

function PlanStatus({ plan }: { plan: RoutePlanRecord }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={plan.status === 'approved' ? 'teal' : 'yellow'} data-testid="plan-status">
        {PLAN_STATUS_LABELS[plan.status]}
      </Badge>
      {plan.status === 'waiting' && plan.approved_stops && (
        <Text size="xs" c="dimmed" data-testid="plan-in-effect">
          {`Bản đã duyệt (${formatNumber(plan.approved_stops.length)} khách hàng, từ ${formatDate(plan.approved_from!)}) vẫn áp dụng`}
        </Text>
      )}
    </Stack>
  );
}

const approverOf = (plan: RoutePlanRecord) =>
  plan.approved_by_name ? `${plan.approved_by_name}${plan.approved_at ? `, ${formatDateTime(plan.approved_at)}` : ''}` : '—';

function planColumns(actions: (plan: RoutePlanRecord) => ReactNode): Column<RoutePlanRecord>[] {
  return [
    { key: 'rep', label: 'Nhân viên', cell: (plan) => plan.account_name, bold: true },
    { key: 'name', label: 'Tuyến', cell: (plan) => plan.name },
    { key: 'stops', label: 'Số khách hàng', align: 'right', nowrap: true, cell: (plan) => formatNumber(plan.stops.length) },
    { key: 'from', label: 'Ngày áp dụng', nowrap: true, cell: (plan) => formatDate(plan.effective_from) },
    { key: 'status', label: 'Trạng thái', maxWidth: 220, cell: (plan) => <PlanStatus plan={plan} /> },
    { key: 'approver', label: 'Người duyệt', maxWidth: 200, cell: approverOf },
    { key: 'actions', ariaLabel: 'Thao tác', cell: actions },
  ];
}

function PlanCard({ plan, actions }: { plan: RoutePlanRecord; actions: ReactNode }) {
  return (
    <Stack gap={6}>
      <CardHead aside={<PlanStatus plan={plan} />}>
        <Text fw={600}>{plan.name}</Text>
        <Text size="sm">{plan.account_name}</Text>
      </CardHead>
      <Text size="sm" c="dimmed">
        {`${formatNumber(plan.stops.length)} khách hàng · áp dụng từ ${formatDate(plan.effective_from)} · duyệt: ${approverOf(plan)}`}
      </Text>
      {actions}
    </Stack>
  );
}

function Toolbar(props: {
  reps: { value: string; label: string }[];
  accountId: number | null;
  onAccount: (accountId: number | null) => void;
  onCreate: () => void;
  onImport: () => void;
  writes: PlanWrites;
}) {
  const canEdit = useCan('visits', 'edit');
  const canExport = useCan('visits', 'export');
  return (
    <Group gap="sm" align="flex-end" justify="space-between">
      <Select
        label="Nhân viên"
        placeholder="Tất cả nhân viên"
        searchable
        clearable
        w={280}
        data={props.reps}
        value={props.accountId === null ? null : String(props.accountId)}
        onChange={(value) => props.onAccount(value ? Number(value) : null)}
        nothingFoundMessage="Không tìm thấy nhân viên"
        data-testid="plan-filter-rep"
      />
      <Group gap="sm">
        {canExport && (
          <ExportButton
            run={async () => `Đã tải về ${await props.writes.exportSheet(props.accountId)}`}
            failure={(error) => apiErrorMessage(error, 'Xuất Excel thất bại')}
            testId="plan-export"
          />
        )}
        {canEdit && (
          <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={props.onImport} data-testid="plan-import">
            Nhập Excel
          </Button>
        )}
        {canEdit && (
          <Button leftSection={<IconPlus size={18} />} onClick={props.onCreate} data-testid="plan-create">
            Tạo tuyến
          </Button>
        )}
      </Group>
    </Group>
  );
}

export function PlanPage({ companyId, isMobile }: Props) {
  const [accountId, setAccountId] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const list = usePlanList(companyId, accountId);
  const reps = useRepOptions(companyId).data ?? [];
  const writes = usePlanWrites(companyId);
  const close = () => setOpen(null);
  const actions = (plan: RoutePlanRecord) => (
    <PlanActions
      plan={plan}
      writes={writes}
      onEdit={() => setOpen({ kind: 'edit', plan })}
      onCopy={() => setOpen({ kind: 'copy', plan })}
    />
  );
  return (
    <Stack gap="md">
      <Toolbar
        reps={reps}
        accountId={accountId}
        onAccount={setAccountId}
        onCreate={() => setOpen({ kind: 'edit', plan: null })}
        onImport={() => setOpen({ kind: 'import' })}
        writes={writes}
      />
      <ListResults
        query={list}
        empty={{
          title: 'Chưa có tuyến ghé thăm',
          description: 'Tạo tuyến cho từng nhân viên: khách hàng, tần suất, ngày ghé thăm và thứ tự trong ngày.',
        }}
      >
        {(plans) => (
          <ListRows
            rows={plans}
            isMobile={isMobile}
            spec={{
              testId: 'plan',
              minWidth: 900,
              columns: planColumns(actions),
              card: (plan) => <PlanCard plan={plan} actions={actions(plan)} />,
              rowProps: (plan) => ({ 'data-name': plan.name, 'data-rep': plan.account_name }),
            }}
          />
        )}
      </ListResults>
      {open?.kind === 'edit' && (
        <PlanEditor companyId={companyId} plan={open.plan} accountId={accountId} reps={reps} writes={writes} onClose={close} />
      )}
      {open?.kind === 'copy' && <PlanCopyDialog plan={open.plan} reps={reps} writes={writes} onClose={close} />}
      <PlanImportDialog opened={open?.kind === 'import'} onClose={close} writes={writes} accountId={accountId} />
    </Stack>
  );
}
