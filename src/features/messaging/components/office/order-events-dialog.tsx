/** Messages on order events: per event (confirmed, delivering, delivered), the ZNS template sent to the order's customer, or none. */
import { Select, Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import { ORDER_EVENT_LABELS, ORDER_EVENTS, type OaRecord, type OrderEventSettings } from '@contract/messaging';
import { DialogActions } from '@/ui/dialog-actions';
import { toastedWrite } from '@/ui/toasted-write';
import { errorText, updateOa, useRefreshMessaging, useTemplates } from '@/features/messaging/api/messaging-api';

export function OrderEventsDialog({ companyId, oa, onClose }: { companyId: number; oa: OaRecord; onClose: () => void }) {
  const templates = useTemplates(companyId, oa.id);
  const refresh = useRefreshMessaging(companyId);
  const [settings, setSettings] = useState<OrderEventSettings>(oa.order_events);
  const [busy, setBusy] = useState(false);
  const options = (templates.data ?? [])
    .filter((one) => one.status === 'enabled')
    .map((one) => ({ value: String(one.id), label: one.name }));

  async function save() {
    setBusy(true);
    const done = await toastedWrite(
      async () => {
        const text = await updateOa(companyId, oa.id, {
          order_events: { confirmed: null, delivering: null, delivered: null, ...settings },
        });
        await refresh();
        return text;
      },
      (error) => errorText(error, 'Không lưu được cài đặt'),
    );
    setBusy(false);
    if (done) onClose();
  }

  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Tin nhắn theo đơn hàng">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Chọn mẫu ZNS gửi tới khách hàng của đơn khi đơn chuyển trạng thái. Dữ liệu mẫu lấy từ đơn hàng và khách hàng theo cách điền tham
          số của mẫu. Để trống: không gửi.
        </Text>
        {ORDER_EVENTS.map((event) => (
          <Select
            key={event}
            label={ORDER_EVENT_LABELS[event]}
            placeholder="Không gửi"
            data={options}
            value={settings[event] ? String(settings[event]) : null}
            onChange={(value) => setSettings({ ...settings, [event]: value ? Number(value) : null })}
            clearable
            data-testid={`zalo-order-event-${event}`}
          />
        ))}
        <DialogActions onCancel={onClose} label="Lưu" onConfirm={() => void save()} busy={busy} />
      </Stack>
    </ResponsiveModal>
  );
}
