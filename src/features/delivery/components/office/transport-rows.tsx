/**
 * The rows of the delivery list (transport-list-view.tsx): a card on a phone, columns on a wider
 * screen; a member who may edit orders gets a checkbox per row and one over them for the labels to
 * print; the code opens the delivery's drawer.
 */
import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { CARRIER_LABELS, PRINT_STATUS_LABELS, type DeliveryRecord } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { formatDateTime } from '@/lib/dates';
import { CardHead } from '@/ui/list-page/card-head';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { COD_STATE_COLORS, COD_STATE_LABELS, carrierLine } from '@/features/delivery/model/delivery-text';
import { DeliveryStatusBadge } from './delivery-status-badge';

type Options = {
  canEdit: boolean;
  rowsShown: readonly DeliveryRecord[];
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>;
  setOpen: (id: string) => void;
};

export function transportRows({ canEdit, rowsShown, selected, setSelected, setOpen }: Options): RowsSpec<DeliveryRecord> {
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChecked = rowsShown.length > 0 && rowsShown.every((row) => selected.has(row.id));
  const check = (row: DeliveryRecord) => (
    <Checkbox
      checked={selected.has(row.id)}
      onChange={() => toggle(row.id)}
      onClick={(event) => event.stopPropagation()}
      aria-label={`Chọn ${row.code}`}
      data-testid="transport-check"
    />
  );
  const codeCell = (row: DeliveryRecord) => (
    <Text size="sm" fw={600} c="blue" style={{ cursor: 'pointer' }} onClick={() => setOpen(row.id)} data-testid="transport-code">
      {row.code}
    </Text>
  );

  return {
    testId: 'transport',
    minWidth: 1100,
    rowProps: (row) => ({ 'data-id': row.id, 'data-code': row.code, 'data-status': row.status }),
    card: (row) => (
      <Stack gap={4}>
        <CardHead aside={<DeliveryStatusBadge status={row.status} />}>
          <Group gap="xs" wrap="nowrap">
            {canEdit && check(row)}
            {codeCell(row)}
          </Group>
          <Text size="sm">{row.customer_name}</Text>
        </CardHead>
        <Text size="xs" c="dimmed">
          {carrierLine(row)} · Đơn {row.order_code} · {formatDateTime(row.created_at)}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs">Phí {formatMoney(row.fee)}</Text>
          <Badge size="xs" variant="light" color={COD_STATE_COLORS[row.cod.state]}>
            {COD_STATE_LABELS[row.cod.state]}
          </Badge>
        </Group>
      </Stack>
    ),
    columns: [
      ...(canEdit
        ? [
            {
              key: 'check',
              width: 40,
              ariaLabel: 'Chọn',
              label: (
                <Checkbox
                  checked={allChecked}
                  indeterminate={!allChecked && rowsShown.some((row) => selected.has(row.id))}
                  onChange={() => setSelected(allChecked ? new Set() : new Set(rowsShown.map((row) => row.id)))}
                  aria-label="Chọn tất cả"
                  data-testid="transport-check-all"
                />
              ),
              cell: check,
            },
          ]
        : []),
      { key: 'code', label: 'Mã', nowrap: true, cell: codeCell, sub: (row) => row.tracking_code },
      { key: 'order', label: 'Đơn hàng', nowrap: true, cell: (row) => row.order_code },
      { key: 'customer', label: 'Người nhận', cell: (row) => row.customer_name, sub: (row) => row.receiver.phone, lines: 1, maxWidth: 220 },
      { key: 'carrier', label: 'Hãng', nowrap: true, cell: (row) => CARRIER_LABELS[row.carrier], sub: (row) => row.service_name },
      { key: 'status', label: 'Trạng thái', cell: (row) => <DeliveryStatusBadge status={row.status} /> },
      { key: 'fee', label: 'Phí', align: 'right', nowrap: true, cell: (row) => formatMoney(row.fee) },
      {
        key: 'cod',
        label: 'Thu hộ',
        align: 'right',
        nowrap: true,
        cell: (row) => formatMoney(row.cod_amount),
        sub: (row) => (row.cod.state === 'none' ? null : COD_STATE_LABELS[row.cod.state]),
      },
      { key: 'print', label: 'In', nowrap: true, cell: (row) => PRINT_STATUS_LABELS[row.print_status] },
      { key: 'created', label: 'Ngày tạo', nowrap: true, cell: (row) => formatDateTime(row.created_at) },
    ],
  };
}
