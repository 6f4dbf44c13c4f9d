/**
 * /invoices/$id: an invoice read in full: number, template and series, date and the tax
 * authority's code; why it failed, if it did; the buyer, the orders it bills, its lines and totals
 * with the amount in words; the invoice it replaces or that replaced it, the one it adjusts or
 * the adjustments made for it, with the agreement behind a correction and the list of an adjustment
 * of several invoices (Mẫu 01/BK-ĐCTT); the PDF and XML; and the
 * moves the member may make (adjust, replace, send again; cancel only an invoice never published,
 * NĐ 70/2025). While it is being published or cancelled the page asks again every two seconds.
 */
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ComponentProps } from 'react';
import { PAYMENT_METHOD_LABELS, type InvoiceRecord } from '@contract/invoices';
import { cancelRefusal } from '@contract/invoices-corrections';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { EmptyState } from '@/ui/empty-state';
import { Fact as SharedFact } from '@/ui/fact';
import { LoadingBlock } from '@/ui/loading-block';
import { toastedWrite } from '@/ui/toasted-write';
import { downloadInvoiceFile, useInvoice, useInvoiceWrites } from '@/features/invoices/api/invoice-api';
import { AdjustInvoiceDialog } from './adjust-invoice-dialog';
import { AdjustLinks, CorrectionCard, ListedInvoices, SignOverdueAlert } from './invoice-corrections-part';
import { CancelInvoiceDialog, ReplaceInvoiceDialog } from './invoice-dialogs';
import { InvoiceLines } from './invoice-lines';
import { InvoiceStatusBadge } from './invoice-status-badge';

type Props = { companyId: number; id: string; isMobile: boolean };

function Fact(props: ComponentProps<typeof SharedFact>) {
  return <SharedFact blank="—" {...props} />;
}

export function InvoiceDetailPage({ companyId, id, isMobile }: Props) {
  const detail = useInvoice(companyId, id);
  if (!detail.data) {
    if (detail.isPending) return <LoadingBlock />;
    return <EmptyState title="Không tìm thấy hóa đơn" description={detail.error?.message} />;
  }
  return <InvoiceDetail companyId={companyId} invoice={detail.data} isMobile={isMobile} />;
}

export function FileButtons({ companyId, invoice, compact = false }: { companyId: number; invoice: InvoiceRecord; compact?: boolean }) {
  const download = (kind: 'pdf' | 'xml') =>
    void toastedWrite(
      async () => `Đã tải về ${await downloadInvoiceFile(companyId, invoice, kind)}`,
      (error) => apiErrorMessage(error, 'Không tải được tệp hóa đơn'),
    );
  return (
    <>
      {invoice.has_pdf && (
        <Button
          size={compact ? 'xs' : 'sm'}
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => download('pdf')}
          data-testid="invoice-pdf"
        >
          Tải PDF
        </Button>
      )}
      {invoice.has_xml && (
        <Button
          size={compact ? 'xs' : 'sm'}
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => download('xml')}
          data-testid="invoice-xml"
        >
          Tải XML
        </Button>
      )}
    </>
  );
}

function InvoiceDetail({ companyId, invoice, isMobile }: { companyId: number; invoice: InvoiceRecord; isMobile: boolean }) {
  const canEdit = useCan('invoices', 'edit');
  const writes = useInvoiceWrites(companyId);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'cancel' | 'replace' | 'adjust' | null>(null);
  const cancelling = invoice.cancel_state === 'requested';
  // A published invoice is adjusted or replaced, never cancelled (NĐ 70/2025).
  const canCancel = canEdit && invoice.status === 'failed' && cancelRefusal(invoice) === null && !cancelling && !invoice.replaced_by;
  // An adjusting invoice is not corrected itself: its original is.
  const canCorrect = canEdit && invoice.status === 'issued' && !cancelling && !invoice.replaced_by && !invoice.adjusts;
  const toInvoice = (next: InvoiceRecord) => void navigate({ to: '/invoices/$id', params: { id: next.id } });
  const canRetry = canEdit && (invoice.status === 'failed' || (invoice.status === 'issued' && (!invoice.has_pdf || !invoice.has_xml)));
  const retry = () =>
    void toastedWrite(
      async () => {
        await writes.retry(invoice.id);
        return 'Đã gửi lại hóa đơn tới meInvoice';
      },
      (error) => apiErrorMessage(error, 'Không gửi lại được hóa đơn'),
    );

  return (
    <Stack gap="md" data-testid="invoice-detail" data-status={invoice.status}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={3} data-testid="invoice-title">
              {invoice.number ? `Hóa đơn số ${invoice.number}` : 'Hóa đơn chưa có số'}
            </Title>
            <InvoiceStatusBadge invoice={invoice} size="md" />
          </Group>
          <Text size="sm" c="dimmed">
            Mẫu số {invoice.template_no} · Ký hiệu {invoice.series} ·{' '}
            {invoice.issued_on ? `Ngày ${formatDate(invoice.issued_on)}` : `Lập ${formatDateTime(invoice.created_at)}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <FileButtons companyId={companyId} invoice={invoice} />
          {canRetry && (
            <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={retry} data-testid="invoice-retry">
              Gửi lại
            </Button>
          )}
          {canCorrect && (
            <Button variant="default" onClick={() => setDialog('adjust')} data-testid="invoice-adjust">
              Điều chỉnh
            </Button>
          )}
          {canCorrect && (
            <Button variant="default" onClick={() => setDialog('replace')} data-testid="invoice-replace">
              Thay thế
            </Button>
          )}
          {canCancel && (
            <Button variant="light" color="red" onClick={() => setDialog('cancel')} data-testid="invoice-cancel">
              Hủy hóa đơn
            </Button>
          )}
        </Group>
      </Group>

      <SignOverdueAlert invoice={invoice} />
      {invoice.status === 'pending' && <Alert color="yellow">Đang phát hành qua meInvoice, trang sẽ tự cập nhật.</Alert>}
      {invoice.status_message && (
        <Alert
          color="red"
          title={invoice.status === 'failed' ? 'meInvoice chưa phát hành hóa đơn' : 'Cần xử lý'}
          data-testid="invoice-problem"
        >
          {invoice.status_message}
          {invoice.provider_code ? ` (mã lỗi ${invoice.provider_code})` : ''}
        </Alert>
      )}
      {invoice.cancel_reason && (invoice.status === 'cancelled' || cancelling) && (
        <Alert color="gray">
          {cancelling ? 'Đang hủy' : `Đã hủy ${invoice.cancelled_at ? formatDateTime(invoice.cancelled_at) : ''}`}: {invoice.cancel_reason}
        </Alert>
      )}
      {invoice.replaces && (
        <Text size="sm">
          Thay thế cho hóa đơn{' '}
          <AnchorLink to="/invoices/$id" params={{ id: invoice.replaces.id }}>
            {invoice.replaces.number ?? 'chưa có số'}
          </AnchorLink>
        </Text>
      )}
      {invoice.replaced_by && (
        <Text size="sm" data-testid="invoice-replaced-by">
          Được thay thế bởi hóa đơn{' '}
          <AnchorLink to="/invoices/$id" params={{ id: invoice.replaced_by.id }}>
            {invoice.replaced_by.number ?? 'đang phát hành'}
          </AnchorLink>
        </Text>
      )}

      <AdjustLinks invoice={invoice} />
      <ListedInvoices companyId={companyId} invoice={invoice} />

      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Fact label="Đơn vị mua hàng" testId="invoice-buyer">
            {invoice.buyer.legal_name}
          </Fact>
          <Fact label="Mã số thuế người mua">{invoice.buyer.tax_code}</Fact>
          <Fact label="Người mua hàng">{invoice.buyer.name}</Fact>
          <Fact label="Địa chỉ">{invoice.buyer.address}</Fact>
          <Fact label="Email">{invoice.buyer.email}</Fact>
          <Fact label="Hình thức thanh toán">{PAYMENT_METHOD_LABELS[invoice.payment_method]}</Fact>
          <Fact label="Mã của cơ quan thuế">{invoice.tax_authority_code}</Fact>
          <Fact label="Đơn hàng">
            <Group gap="xs">
              {invoice.orders.map((order) => (
                <AnchorLink key={order.id} to="/order/$id" params={{ id: order.id }} size="sm">
                  {order.code ?? 'Đơn hàng'}
                </AnchorLink>
              ))}
            </Group>
          </Fact>
          <Fact label="Người lập">
            {invoice.created_by_name} · {formatDateTime(invoice.created_at)}
          </Fact>
        </SimpleGrid>
      </Card>

      <CorrectionCard companyId={companyId} invoice={invoice} />

      <Card withBorder radius="md" padding="md">
        <InvoiceLines totals={invoice} isMobile={isMobile} />
      </Card>

      {dialog === 'cancel' && <CancelInvoiceDialog companyId={companyId} invoice={invoice} onClose={() => setDialog(null)} />}
      {dialog === 'replace' && (
        <ReplaceInvoiceDialog companyId={companyId} invoice={invoice} onClose={() => setDialog(null)} onDone={toInvoice} />
      )}
      {dialog === 'adjust' && (
        <AdjustInvoiceDialog companyId={companyId} invoice={invoice} onClose={() => setDialog(null)} onDone={toInvoice} />
      )}
    </Stack>
  );
}
