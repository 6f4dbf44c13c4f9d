/**
 * /connect-dlo (DLO on): one card per carrier (GHN, GHTK, Viettel Post) with its connected
 * accounts, and self delivery by the company's staff. An account shows its environment, state,
 * identifiers (secrets only as ••••1234), pick-up address and the webhook address to paste at the
 * carrier's site (webhook-address.tsx); it can be checked now, its details read from the carrier, reconnected or
 * disconnected. Connecting needs settings/edit; reading settings/view.
 */
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { API_CARRIERS, CARRIER_LABELS, ENVIRONMENT_LABELS, type ApiCarrier, type CarrierAccountRecord } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { toastedWrite } from '@/ui/toasted-write';
import {
  deliveryError,
  useAccountDetail,
  useCarrierAccounts,
  useDeliveryWrites,
  useSelfDelivery,
} from '@/features/delivery/api/delivery-api';
import { CarrierAccountForm, SelfDeliveryForm } from './carrier-account-form';
import { WebhookAddress } from './webhook-address';

type Props = { companyId: number };

const STATUS_WORDS = {
  connected: ['Đang hoạt động', 'teal'],
  needs_reconnect: ['Cần kết nối lại', 'orange'],
  error: ['Lỗi kết nối', 'red'],
  disconnected: ['Đã ngắt', 'gray'],
} as const;

type Editing = { carrier: ApiCarrier; existing: CarrierAccountRecord | null } | 'self' | null;

export function ConnectDloView({ companyId }: Props) {
  const accounts = useCarrierAccounts(companyId);
  const self = useSelfDelivery(companyId);
  const canEdit = useCan('settings', 'edit');
  const [editing, setEditing] = useState<Editing>(null);
  const [detail, setDetail] = useState<number | null>(null);
  if (accounts.isPending) return <LoadingBlock />;
  if (accounts.error) return <ProblemAlert problem={deliveryError(accounts.error, 'Không tải được các kết nối giao vận')} />;
  const list = accounts.data;
  const sender = list.find((account) => account.sender.name)?.sender ?? null;
  const selfAccount = self.data?.account ?? null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Kết nối tài khoản của công ty tại các hãng vận chuyển để so sánh phí, đặt giao và theo dõi đơn ngay trên đơn hàng. Chọn môi trường
        “Trình giả lập” để dùng thử mà không cần tài khoản thật.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {API_CARRIERS.map((carrier) => (
          <Card key={carrier} withBorder data-testid={`carrier-card-${carrier}`}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>{CARRIER_LABELS[carrier]}</Text>
                {canEdit && (
                  <Button
                    size="xs"
                    leftSection={<IconPlugConnected size={16} />}
                    onClick={() => setEditing({ carrier, existing: null })}
                    data-testid={`carrier-connect-${carrier}`}
                  >
                    Kết nối
                  </Button>
                )}
              </Group>
              {list
                .filter((account) => account.carrier === carrier)
                .map((account) => (
                  <AccountBlock
                    key={account.id}
                    companyId={companyId}
                    account={account}
                    canEdit={canEdit}
                    onEdit={() => setEditing({ carrier, existing: account })}
                    onDetail={() => setDetail(account.id)}
                  />
                ))}
              {!list.some((account) => account.carrier === carrier) && (
                <Text size="sm" c="dimmed">
                  Chưa kết nối.
                </Text>
              )}
            </Stack>
          </Card>
        ))}
        <Card withBorder data-testid="carrier-card-self">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{CARRIER_LABELS.self}</Text>
              {canEdit && (
                <Button
                  size="xs"
                  variant={selfAccount ? 'default' : 'filled'}
                  onClick={() => setEditing('self')}
                  data-testid="self-connect"
                >
                  {selfAccount ? 'Sửa' : 'Bật'}
                </Button>
              )}
            </Group>
            {selfAccount ? (
              <>
                <Text size="sm">Phí giao: {formatMoney(selfAccount.self_fee)} / đơn</Text>
                <Text size="sm">
                  Nhân viên giao:{' '}
                  {self
                    .data!.shippers.filter((person) => selfAccount.shipper_ids.includes(person.id))
                    .map((person) => person.name)
                    .join(', ') || 'chưa chọn'}
                </Text>
                {canEdit && <DisconnectButton companyId={companyId} account={selfAccount} />}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Nhân viên của công ty tự giao, in nhãn A6 hoặc 80 mm, cập nhật trạng thái và tiền thu hộ trên đơn.
              </Text>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      {editing === 'self' && (
        <SelfDeliveryForm
          companyId={companyId}
          existing={selfAccount}
          shippers={self.data?.shippers ?? []}
          sender={sender}
          onClose={() => setEditing(null)}
        />
      )}
      {editing && editing !== 'self' && (
        <CarrierAccountForm
          companyId={companyId}
          carrier={editing.carrier}
          existing={editing.existing}
          sender={sender}
          onClose={() => setEditing(null)}
        />
      )}
      {detail !== null && <AccountDetailDialog companyId={companyId} id={detail} onClose={() => setDetail(null)} />}
    </Stack>
  );
}

function AccountBlock({
  companyId,
  account,
  canEdit,
  onEdit,
  onDetail,
}: {
  companyId: number;
  account: CarrierAccountRecord;
  canEdit: boolean;
  onEdit: () => void;
  onDetail: () => void;
}) {
  const writes = useDeliveryWrites(companyId);
  const [word, color] = STATUS_WORDS[account.status];
  return (
    <Stack
      gap={4}
      p="xs"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      data-testid="carrier-account"
      data-carrier={account.carrier}
      data-status={account.status}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} lineClamp={1}>
          {account.label}
        </Text>
        <Badge color={color} variant="light">
          {word}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {ENVIRONMENT_LABELS[account.environment]} · {account.account_key} ·{' '}
        {Object.entries(account.secret_hints)
          .map(([name, hint]) => `${name}: ${hint ?? '—'}`)
          .join(', ')}
      </Text>
      {account.status_message && (
        <Text size="xs" c="red">
          {account.status_message}
        </Text>
      )}
      <Text size="xs">
        Lấy hàng: {[account.sender.name, account.sender.address, account.sender.ward, account.sender.province].filter(Boolean).join(', ')}
      </Text>
      {account.checked_at && (
        <Text size="xs" c="dimmed">
          Kiểm tra lần cuối: {formatDateTime(account.checked_at)}
        </Text>
      )}
      {canEdit && <WebhookAddress account={account} writes={writes} />}
      <Group gap="xs" mt={4}>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() =>
            void toastedWrite(
              async () => (await writes.check(account.id)).message ?? 'Đã kiểm tra',
              (error) => deliveryError(error, 'Không kiểm tra được'),
            )
          }
          data-testid="carrier-check"
        >
          Kiểm tra
        </Button>
        <Button size="compact-xs" variant="light" onClick={onDetail} data-testid="carrier-detail">
          Chi tiết
        </Button>
        {canEdit && (
          <Button size="compact-xs" variant="light" onClick={onEdit} data-testid="carrier-reconnect">
            Kết nối lại
          </Button>
        )}
        {canEdit && <DisconnectButton companyId={companyId} account={account} />}
      </Group>
    </Stack>
  );
}

function DisconnectButton({ companyId, account }: { companyId: number; account: CarrierAccountRecord }) {
  const writes = useDeliveryWrites(companyId);
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      data-testid="carrier-disconnect"
      onClick={() =>
        void openConfirm({
          message: `Ngắt kết nối ${account.label}? Thông tin đăng nhập đã lưu sẽ bị xóa; đơn đã giao xong vẫn được giữ.`,
          okLabel: 'Ngắt kết nối',
          onOk: () =>
            toastedWrite(
              async () => (await writes.disconnect(account.id)).message ?? 'Đã ngắt kết nối',
              (error) => deliveryError(error, 'Không ngắt được kết nối'),
            ),
        })
      }
    >
      Ngắt kết nối
    </Button>
  );
}

function AccountDetailDialog({ companyId, id, onClose }: { companyId: number; id: number; onClose: () => void }) {
  const detail = useAccountDetail(companyId, id);
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Chi tiết tài khoản">
      {detail.isPending ? (
        <LoadingBlock />
      ) : detail.error ? (
        <ProblemAlert problem={deliveryError(detail.error, 'Không tải được chi tiết')} />
      ) : (
        <Stack gap="xs" data-testid="carrier-detail-dialog">
          <Text fw={600}>{detail.data.account.label}</Text>
          {detail.data.details ? (
            Object.entries(detail.data.details).map(([name, value]) => (
              <Group key={name} justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {name}
                </Text>
                <Text size="sm" ta="right">
                  {value || '—'}
                </Text>
              </Group>
            ))
          ) : (
            <Alert color="red" variant="light">
              {detail.data.account.status_message ?? 'Hãng không trả lời'}
            </Alert>
          )}
        </Stack>
      )}
    </ResponsiveModal>
  );
}
