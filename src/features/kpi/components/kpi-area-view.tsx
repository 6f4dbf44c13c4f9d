/**
 * /kpi-area: the month's KPI by area. The company (against its own target or the regions' sum),
 * each region (its own target or its reps' sum) and each rep, as tables on desktop and cards on
 * phones, with the four progress bars; "Đặt chỉ tiêu" edits a target when the member may.
 * What a member sees follows their role's scope (the server filters `views/`).
 */
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { KPI_METRICS, type KpiProgress, type MonthClock, type TargetSource } from '@contract/kpi';
import type { KpiRegionRow, KpiRepRow } from '@contract/regions';
import { EmptyState } from '@/ui/empty-state';
import { useKpiViews } from '../api/kpi-api';
import { clockText, formatPercent, KpiBars, MetricCell, PaceBadge } from './kpi-bars';
import { MonthPicker } from './month-picker';
import { TargetEditor, type TargetSubject } from './target-editor';
import { LoadingBlock } from '@/ui/loading-block';

type Props = {
  companyId: number;
  month: string;
  onMonth: (month: string) => void;
  isMobile: boolean;
  /** "Trình dược viên" or "Nhân viên bán hàng" by company type. */
  staffLabel: string;
  canEdit: boolean;
};

const SOURCE_NOTES: Record<TargetSource, string | null> = {
  own: null,
  sum: 'Chưa có chỉ tiêu riêng: đang tính theo tổng chỉ tiêu bên dưới',
  none: null,
};

function ScoreLine({ progress, clock }: { progress: KpiProgress; clock: MonthClock }) {
  return (
    <Group gap="xs">
      <PaceBadge onTrack={progress.on_track} clock={clock} />
      {progress.score !== null && (
        <Text size="xs" c="dimmed">
          Hoàn thành trung bình {formatPercent(progress.score)}
        </Text>
      )}
    </Group>
  );
}

function EditButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconTarget size={14} />} onClick={onClick} aria-label={`Đặt chỉ tiêu: ${label}`}>
      Đặt chỉ tiêu
    </Button>
  );
}

type Row = {
  key: string;
  name: string;
  detail: string | null;
  progress: KpiProgress;
  note: string | null;
  subject: TargetSubject;
  testId: string;
  code: string;
};

function regionRow(row: KpiRegionRow, staffLabel: string): Row {
  const note = SOURCE_NOTES[row.target_source];
  return {
    key: `region-${row.region.id}`,
    name: row.region.name,
    detail: `${row.region.code} · ${row.rep_count} ${staffLabel.toLowerCase()}`,
    progress: row.progress,
    note: row.target_source === 'sum' ? 'Chỉ tiêu = tổng chỉ tiêu nhân viên' : null,
    subject: { region: row.region.id, account: null, label: `Khu vực ${row.region.name}`, current: row.own_target, note },
    testId: 'kpi-region-row',
    code: row.region.code,
  };
}

function repRow(row: KpiRepRow): Row {
  return {
    key: `rep-${row.account.id}`,
    name: row.account.full_name,
    detail: [row.account.code, row.region?.name ?? 'Chưa có khu vực', row.is_active ? null : 'Đã ngừng hoạt động']
      .filter(Boolean)
      .join(' · '),
    progress: row.progress,
    note: null,
    subject: { region: null, account: row.account.id, label: row.account.full_name, current: row.target },
    testId: 'kpi-rep-row',
    code: row.account.code ?? String(row.account.id),
  };
}

function RowsTable({
  rows,
  clock,
  canEdit,
  onEdit,
  firstColumn,
}: {
  rows: Row[];
  clock: MonthClock;
  canEdit: boolean;
  onEdit: (row: Row) => void;
  firstColumn: string;
}) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{firstColumn}</Table.Th>
            <Table.Th>Doanh thu</Table.Th>
            <Table.Th>Đơn hàng</Table.Th>
            <Table.Th>Khách hàng mới</Table.Th>
            <Table.Th>Ghé thăm</Table.Th>
            <Table.Th>Đánh giá</Table.Th>
            {canEdit && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid={row.testId} data-code={row.code}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {row.name}
                </Text>
                {row.detail && (
                  <Text size="xs" c="dimmed">
                    {row.detail}
                  </Text>
                )}
                {row.note && (
                  <Text size="xs" c="blue">
                    {row.note}
                  </Text>
                )}
              </Table.Td>
              {KPI_METRICS.map((metric) => (
                <Table.Td key={metric}>
                  <MetricCell metric={metric} progress={row.progress.metrics[metric]} />
                </Table.Td>
              ))}
              <Table.Td>
                <PaceBadge onTrack={row.progress.on_track} clock={clock} size="xs" />
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <EditButton onClick={() => onEdit(row)} label={row.name} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards({ rows, clock, canEdit, onEdit }: { rows: Row[]; clock: MonthClock; canEdit: boolean; onEdit: (row: Row) => void }) {
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={row.key} withBorder radius="md" padding="sm" data-testid={row.testId} data-code={row.code}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{row.name}</Text>
                {row.detail && (
                  <Text size="xs" c="dimmed">
                    {row.detail}
                  </Text>
                )}
                {row.note && (
                  <Text size="xs" c="blue">
                    {row.note}
                  </Text>
                )}
              </div>
              <PaceBadge onTrack={row.progress.on_track} clock={clock} size="xs" />
            </Group>
            <KpiBars progress={row.progress} clock={clock} />
            {canEdit && (
              <Group justify="flex-end">
                <EditButton onClick={() => onEdit(row)} label={row.name} />
              </Group>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function KpiAreaView({ companyId, month, onMonth, isMobile, staffLabel, canEdit }: Props) {
  const views = useKpiViews(companyId, month);
  const [editing, setEditing] = useState<TargetSubject | null>(null);
  const [repRegion, setRepRegion] = useState<string | null>(null);
  const data = views.data;

  const regionRows = useMemo(() => (data?.regions ?? []).map((row) => regionRow(row, staffLabel)), [data, staffLabel]);
  const repRows = useMemo(
    () =>
      (data?.reps ?? [])
        .filter((rep) => repRegion === null || (repRegion === 'none' ? rep.region === null : String(rep.region?.id) === repRegion))
        .map(repRow),
    [data, repRegion],
  );
  const regionFilter = useMemo(
    () => [
      ...(data?.regions ?? []).map((row) => ({ value: String(row.region.id), label: row.region.name })),
      { value: 'none', label: 'Chưa có khu vực' },
    ],
    [data],
  );
  const edit = (row: Row) => setEditing(row.subject);
  const Rows = isMobile ? RowCards : RowsTable;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <MonthPicker value={month} onChange={onMonth} />
        {data && (
          <Text size="sm" c="dimmed" data-testid="kpi-clock">
            {clockText(data.clock)}
          </Text>
        )}
      </Group>
      {views.isError && <Alert color="red">{views.error.message}</Alert>}
      {views.isPending ? (
        <LoadingBlock />
      ) : data ? (
        <>
          {data.company && (
            <Card withBorder radius="md" padding="md" data-testid="kpi-company">
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Title order={4}>Toàn công ty</Title>
                    {data.company.target_source === 'sum' && (
                      <Text size="xs" c="dimmed">
                        Chưa có chỉ tiêu riêng: tính theo tổng chỉ tiêu các khu vực và nhân viên chưa có khu vực
                      </Text>
                    )}
                  </div>
                  <Group gap="xs">
                    <ScoreLine progress={data.company.progress} clock={data.clock} />
                    {canEdit && (
                      <EditButton
                        label="Toàn công ty"
                        onClick={() =>
                          setEditing({
                            region: null,
                            account: null,
                            label: 'Toàn công ty',
                            current: data.company!.own_target,
                            note: SOURCE_NOTES.sum,
                          })
                        }
                      />
                    )}
                  </Group>
                </Group>
                <KpiBars progress={data.company.progress} clock={data.clock} />
              </Stack>
            </Card>
          )}

          {data.scope !== 'own' && (
            <Stack gap="sm">
              <Group gap="xs">
                <Title order={4}>Theo khu vực</Title>
                <Badge variant="light">{regionRows.length}</Badge>
              </Group>
              {regionRows.length === 0 ? (
                <EmptyState title="Chưa có khu vực" description="Tạo khu vực ở trang Khu vực để đặt chỉ tiêu theo vùng." />
              ) : (
                <Rows rows={regionRows} clock={data.clock} canEdit={canEdit} onEdit={edit} firstColumn="Khu vực" />
              )}
            </Stack>
          )}

          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Title order={4}>{data.scope === 'own' ? 'KPI của tôi' : `Theo ${staffLabel.toLowerCase()}`}</Title>
                {data.scope !== 'own' && <Badge variant="light">{repRows.length}</Badge>}
              </Group>
              {data.scope === 'company' && data.regions.length > 0 && (
                <Select
                  aria-label="Lọc theo khu vực"
                  placeholder="Tất cả khu vực"
                  data={regionFilter}
                  value={repRegion}
                  onChange={setRepRegion}
                  clearable
                  w={220}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            </Group>
            {repRows.length === 0 ? (
              <EmptyState
                title={`Chưa có ${staffLabel.toLowerCase()} nào`}
                description="Nhân viên bán hàng đang hoạt động và người có chỉ tiêu riêng sẽ hiện ở đây."
              />
            ) : data.scope === 'own' ? (
              <RowCards rows={repRows} clock={data.clock} canEdit={false} onEdit={edit} />
            ) : (
              <Rows rows={repRows} clock={data.clock} canEdit={canEdit} onEdit={edit} firstColumn={staffLabel} />
            )}
          </Stack>
        </>
      ) : null}
      <TargetEditor companyId={companyId} month={month} subject={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
