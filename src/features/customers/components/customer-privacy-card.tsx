/**
 * "Dữ liệu cá nhân" on /customers/{id} (docs/personal-data.md): whether the customer is a person,
 * the owner's consent as the server holds it, and the four answers to the owner: record consent
 * (a rep at the shop may), withdraw it, export what is held, erase it. Each needs the server; the
 * log lists who did what and, for a request, the day its answer was due.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconShieldCheck, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CustomerRecord } from '@contract/customers';
import { CONSENT_METHOD_LABELS, PRIVACY_EVENT_LABELS, privacyOf } from '@contract/customers-privacy';
import type { AppDb } from '@/db/app-db';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { toast } from '@/ui/toast';
import { apiErrorMessage } from '@/api/api-error';
import { usePrivacyEvents, usePrivacyWrites } from '../api/customer-privacy';
import { ConsentModal, EraseModal, WithdrawModal } from './customer-privacy-dialogs';

type Props = { db: AppDb; companyId: number; customer: CustomerRecord; online: boolean; onServer: boolean };
type Dialog = 'consent' | 'withdraw' | 'erase' | null;

function ConsentStanding({ customer }: { customer: CustomerRecord }) {
  const privacy = privacyOf(customer);
  if (privacy.erased_at)
    return (
      <Badge color="gray" variant="light" tt="none" data-testid="privacy-state" data-state="erased">
        Đã xóa dữ liệu cá nhân ngày {formatDate(privacy.erased_at)}
      </Badge>
    );
  if (!privacy.person)
    return (
      <Text size="sm" data-testid="privacy-state" data-state="organisation">
        Doanh nghiệp, tổ chức
      </Text>
    );
  if (!privacy.consent_at)
    return (
      <Badge color="orange" variant="light" tt="none" data-testid="privacy-state" data-state="missing">
        Chưa ghi nhận đồng ý của chủ cửa hàng
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge color="teal" variant="light" tt="none" data-testid="privacy-state" data-state="consented">
        Đã đồng ý ngày {formatDate(privacy.consent_at)}
      </Badge>
      {privacy.consent_method && (
        <Text size="xs" c="dimmed">
          {CONSENT_METHOD_LABELS[privacy.consent_method]}
        </Text>
      )}
    </Stack>
  );
}

function PrivacyLog({ companyId, id, enabled }: { companyId: number; id: string; enabled: boolean }) {
  const events = usePrivacyEvents(companyId, id, enabled);
  if (!enabled || !events.data || events.data.length === 0) return null;
  return (
    <Stack gap={4} data-testid="privacy-log">
      <Text size="sm" fw={600}>
        Nhật ký
      </Text>
      {events.data.map((event) => (
        <Text key={event.id} size="sm">
          {formatDateTime(event.at)} · {PRIVACY_EVENT_LABELS[event.kind]}
          {event.by_name ? ` · ${event.by_name}` : ''}
          {event.received_on && event.due_on ? ` · nhận ${formatDate(event.received_on)}, hạn trả lời ${formatDate(event.due_on)}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

export function CustomerPrivacyCard({ db, companyId, customer, online, onServer }: Props) {
  const canEdit = useCan('customers', 'edit');
  const canErase = useCan('customers', 'delete');
  const writes = usePrivacyWrites(db, companyId, customer.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const privacy = privacyOf(customer);
  const reachable = online && onServer;
  const erased = Boolean(privacy.erased_at);

  async function exportData() {
    setExporting(true);
    try {
      toast.success(`Đã tải ${await writes.exportData(customer.code, null)}`);
    } catch (error) {
      toast.error(apiErrorMessage(error, 'Không xuất được dữ liệu cá nhân'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="customer-privacy">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={5}>Dữ liệu cá nhân</Title>
          <ConsentStanding customer={customer} />
        </Group>
        {canEdit && !reachable && (
          <Text size="sm" c="dimmed">
            Cần có mạng (và khách hàng đã đồng bộ) để ghi nhận, rút lại, xuất hoặc xóa dữ liệu cá nhân.
          </Text>
        )}
        {canEdit && (
          <Group gap="xs">
            {privacy.person && !privacy.consent_at && !erased && (
              <Button
                size="sm"
                variant="light"
                leftSection={<IconShieldCheck size={16} />}
                disabled={!reachable}
                onClick={() => setDialog('consent')}
              >
                Ghi nhận đồng ý
              </Button>
            )}
            {privacy.consent_at && (
              <Button
                size="sm"
                variant="default"
                leftSection={<IconShieldOff size={16} />}
                disabled={!reachable}
                onClick={() => setDialog('withdraw')}
              >
                Rút lại đồng ý
              </Button>
            )}
            <Button
              size="sm"
              variant="default"
              leftSection={<IconDownload size={16} />}
              disabled={!reachable}
              loading={exporting}
              onClick={() => void exportData()}
            >
              Xuất dữ liệu
            </Button>
            {canErase && !erased && (
              <Button
                size="sm"
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                disabled={!reachable}
                onClick={() => setDialog('erase')}
              >
                Xóa dữ liệu cá nhân
              </Button>
            )}
          </Group>
        )}
        <PrivacyLog companyId={companyId} id={customer.id} enabled={canEdit && reachable} />
      </Stack>
      {dialog === 'consent' && <ConsentModal write={writes.recordConsent} onClose={() => setDialog(null)} />}
      {dialog === 'withdraw' && <WithdrawModal write={writes.withdraw} onClose={() => setDialog(null)} />}
      {dialog === 'erase' && <EraseModal customer={customer} write={writes.erase} onClose={() => setDialog(null)} />}
    </Card>
  );
}
