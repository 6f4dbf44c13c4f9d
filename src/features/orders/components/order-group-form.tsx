/** Creating a delivery group (title, delivery date, note, its orders) and adding orders to an open one. */
import '@mantine/dates/styles.layer.css';
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { DayField } from '@/ui/day-field';
import '@/lib/dayjs';
import { useState } from 'react';
import { ORDER_GROUP_STATUS_LABELS, type OrderGroupStatus } from '@contract/orders-groups';
import { NoteField } from '@/ui/note-field';
import type { GroupInput } from '../api/order-group-api';
import { OrderPicker } from './order-group-picker';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';

export const GROUP_STATUS_COLORS: Record<OrderGroupStatus, string> = {
  open: 'blue',
  delivering: 'indigo',
  done: 'teal',
  cancelled: 'gray',
};

/** The verb on the button that moves a group to a status. */
export const GROUP_MOVE_LABELS: Record<OrderGroupStatus, string> = {
  open: 'Mở lại',
  delivering: 'Bắt đầu giao',
  done: 'Đã giao xong',
  cancelled: 'Hủy',
};

export function GroupStatusBadge({ status }: { status: OrderGroupStatus }) {
  return (
    <Badge variant="light" color={GROUP_STATUS_COLORS[status]} tt="none" data-testid="group-status" data-status={status}>
      {ORDER_GROUP_STATUS_LABELS[status]}
    </Badge>
  );
}

export const TITLE_REQUIRED = 'Vui lòng nhập tên nhóm';

type CreateProps = {
  opened: boolean;
  companyId: number;
  isMobile: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onCreate: (input: GroupInput) => void;
};

export function CreateGroupDialog({ opened, ...rest }: CreateProps) {
  return (
    <ResponsiveModal opened={opened} onClose={() => !rest.busy && rest.onClose()} title="Tạo nhóm đơn giao" size="xl" centered>
      {opened && <CreateGroupForm {...rest} />}
    </ResponsiveModal>
  );
}

function CreateGroupForm({ companyId, isMobile, busy, error, onClose, onCreate }: Omit<CreateProps, 'opened'>) {
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [deliveryDate, setDeliveryDate] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [orders, setOrders] = useState<Set<string>>(() => new Set());
  const submit = () => {
    if (!title.trim()) {
      setTitleError(TITLE_REQUIRED);
      return;
    }
    onCreate({ title: title.trim(), delivery_date: deliveryDate, note: note.trim() || null, orders: [...orders] });
  };
  return (
    <Stack gap="md">
      <Group grow align="flex-start" wrap={isMobile ? 'wrap' : 'nowrap'}>
        <TextInput
          label="Tên nhóm"
          placeholder="VD: Tuyến Quận 1 – sáng thứ Hai"
          withAsterisk
          maxLength={120}
          value={title}
          error={titleError}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            if (event.currentTarget.value.trim()) setTitleError(null);
          }}
          data-testid="group-title"
          data-autofocus
        />
        <DayField
          size="md"
          label="Ngày giao"
          placeholder="Chọn ngày giao"
          value={deliveryDate}
          onChange={setDeliveryDate}
          clearable
          withIcon
          clearLabel="Xóa ngày giao"
        />
      </Group>
      <NoteField label="Ghi chú" minRows={1} maxRows={4} maxLength={500} value={note} onChange={setNote} />
      <div>
        <Text fw={600} size="sm" mb={4}>
          Đơn hàng trong nhóm
        </Text>
        <OrderPicker companyId={companyId} selected={orders} onChange={setOrders} isMobile={isMobile} />
      </div>
      <ProblemLine problem={error} />
      <DialogActions
        onCancel={onClose}
        label={`Tạo nhóm (${orders.size} đơn)`}
        onConfirm={submit}
        busy={busy}
        testId="group-create-submit"
      />
    </Stack>
  );
}

type AddProps = {
  opened: boolean;
  companyId: number;
  isMobile: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onAdd: (ids: string[]) => void;
};

export function AddOrdersDialog({ opened, companyId, isMobile, busy, error, onClose, onAdd }: AddProps) {
  const [orders, setOrders] = useState<Set<string>>(() => new Set());
  return (
    <ResponsiveModal
      opened={opened}
      onClose={() => !busy && onClose()}
      title="Thêm đơn vào nhóm"
      size="xl"
      centered
      onExitTransitionEnd={() => setOrders(new Set())}
    >
      {opened && (
        <Stack gap="md">
          <OrderPicker companyId={companyId} selected={orders} onChange={setOrders} isMobile={isMobile} />
          <ProblemLine problem={error} />
          <DialogActions
            onCancel={onClose}
            label={`Thêm ${orders.size} đơn`}
            onConfirm={() => onAdd([...orders])}
            busy={busy}
            disabled={orders.size === 0}
            testId="group-add-submit"
          />
        </Stack>
      )}
    </ResponsiveModal>
  );
}
