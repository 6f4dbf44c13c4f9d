/**
 * An account's webhook address on /connect-dlo. Lists carry it with the secret's last four
 * characters only; "Tạo địa chỉ mới" makes a new secret (the old address stops at once) and shows
 * the whole address here, once, to copy to the carrier's site.
 */
import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CarrierAccountRecord } from '@contract/delivery';
import { openConfirm } from '@/ui/confirm-dialog';
import { toastedWrite } from '@/ui/toasted-write';
import { deliveryError, type DeliveryWrites } from '@/features/delivery/api/delivery-api';

export function WebhookAddress({ account, writes }: { account: CarrierAccountRecord; writes: DeliveryWrites }) {
  const [shown, setShown] = useState<string | null>(null);
  if (!account.webhook_hint) return null;
  const renew = () =>
    void openConfirm({
      title: 'Tạo địa chỉ webhook mới',
      message: 'Địa chỉ cũ sẽ ngừng nhận cập nhật từ hãng ngay. Bạn cần dán địa chỉ mới vào trang của hãng.',
      okLabel: 'Tạo địa chỉ mới',
      onOk: () =>
        toastedWrite(
          async () => {
            const answer = await writes.renewWebhook(account.id);
            setShown(answer.data.webhook_url);
            return answer.message ?? 'Đã tạo địa chỉ webhook mới';
          },
          (error) => deliveryError(error, 'Không tạo được địa chỉ webhook mới'),
        ),
    });
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="webhook-hint">
          Webhook: {account.webhook_hint}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={renew} data-testid="webhook-renew">
          Tạo địa chỉ mới
        </Button>
      </Group>
      {shown && (
        <Alert color="blue" variant="light" title="Địa chỉ webhook mới (chỉ hiện một lần)" data-testid="webhook-shown">
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" style={{ wordBreak: 'break-all' }}>
              {shown}
            </Text>
            <CopyButton value={shown}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy}>
                  {copied ? 'Đã chép' : 'Chép'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
