/**
 * The corrections on an invoice's page (NĐ 70/2025): the invoice this one adjusts and how, the
 * adjusting invoices made for it (number or "đang phát hành", kind, signed total), why it corrects
 * another one, the agreement with the buyer with its scan, the other invoices an adjustment of
 * several lists (bảng kê Mẫu 01/BK-ĐCTT, downloaded as Excel), and the warning when it was not
 * signed and sent by the next working day after it was made.
 */
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ADJUST_KIND_LABELS, INVOICE_CORRECTION_RULES } from '@contract/invoices-corrections';
import type { InvoiceRecord } from '@contract/invoices';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { AnchorLink } from '@/ui/anchor-link';
import { Fact } from '@/ui/fact';
import { toastedWrite } from '@/ui/toasted-write';
import { downloadAdjustmentList, downloadAgreementScan } from '@/features/invoices/api/invoice-api';

type Props = { companyId: number; invoice: InvoiceRecord };

export function SignOverdueAlert({ invoice }: { invoice: InvoiceRecord }) {
  if (!invoice.sign_overdue) return null;
  return (
    <Alert color="orange" title="Quá hạn ký" data-testid="invoice-sign-overdue">
      Quá hạn ký và gửi cơ quan thuế (hạn {formatDate(invoice.sign_due_on)}): {INVOICE_CORRECTION_RULES.signByNextWorkingDay.text} (
      {INVOICE_CORRECTION_RULES.signByNextWorkingDay.source}).
    </Alert>
  );
}

/** "Điều chỉnh cho hóa đơn số …" and the adjusting invoices made for this one. */
export function AdjustLinks({ invoice }: { invoice: InvoiceRecord }) {
  return (
    <>
      {invoice.adjusts && (
        <Text size="sm" data-testid="invoice-adjusts">
          {invoice.adjust_kind ? `${ADJUST_KIND_LABELS[invoice.adjust_kind]} · ` : ''}Điều chỉnh cho hóa đơn số{' '}
          <AnchorLink to="/invoices/$id" params={{ id: invoice.adjusts.id }}>
            {invoice.adjusts.number ?? 'chưa có số'}
          </AnchorLink>
        </Text>
      )}
      {invoice.adjusted_by.length > 0 && (
        <Stack gap={4} data-testid="invoice-adjusted-by">
          <Text size="sm" fw={600}>
            Hóa đơn điều chỉnh
          </Text>
          {invoice.adjusted_by.map((adjusting) => (
            <Group key={adjusting.id} gap="xs" data-testid="invoice-adjusted-by-row" data-id={adjusting.id} data-status={adjusting.status}>
              <AnchorLink to="/invoices/$id" params={{ id: adjusting.id }} size="sm">
                {adjusting.number ? `Số ${adjusting.number}` : 'đang phát hành'}
              </AnchorLink>
              <Text size="sm">· {ADJUST_KIND_LABELS[adjusting.adjust_kind]} ·</Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="invoice-adjusted-by-total">
                {formatMoney(adjusting.total)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </>
  );
}

/** Why this invoice corrects another one and the agreement behind it, when it does. */
export function CorrectionCard({ companyId, invoice }: Props) {
  const { agreement } = invoice;
  if (!invoice.correction_reason && !agreement) return null;
  const download = () =>
    void toastedWrite(
      async () => `Đã tải về ${await downloadAgreementScan(companyId, invoice)}`,
      (error) => apiErrorMessage(error, 'Không tải được bản chụp biên bản'),
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid="invoice-correction">
      <Stack gap="sm">
        <Title order={4}>{invoice.adjusts ? 'Điều chỉnh' : 'Thay thế'}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Fact label={invoice.adjusts ? 'Lý do điều chỉnh' : 'Lý do thay thế'} testId="invoice-correction-reason" blank="—">
            {invoice.correction_reason}
          </Fact>
          <Fact label="Ngày ký biên bản thỏa thuận" testId="invoice-agreement-signed-on" blank="Không có biên bản">
            {agreement ? formatDate(agreement.signed_on) : null}
          </Fact>
          {agreement && (
            <>
              <Fact label="Người đại diện bên mua" testId="invoice-agreement-representative">
                {agreement.buyer_representative}
              </Fact>
              <Fact label="Nội dung sai sót" testId="invoice-agreement-error">
                {agreement.error}
              </Fact>
              <Fact label="Bản chụp biên bản" blank="Chưa có bản chụp">
                {agreement.has_scan ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    onClick={download}
                    data-testid="invoice-agreement-scan"
                  >
                    Tải bản chụp
                  </Button>
                ) : null}
              </Fact>
            </>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The other invoices an adjustment of several lists (Mẫu 01/BK-ĐCTT), and the list as Excel. */
export function ListedInvoices({ companyId, invoice }: Props) {
  if (!invoice.adjusts || invoice.listed.length === 0) return null;
  const download = () =>
    void toastedWrite(
      async () => `Đã tải về ${await downloadAdjustmentList(companyId, invoice)}`,
      (error) => apiErrorMessage(error, 'Không tải được bảng kê'),
    );
  return (
    <Stack gap={4} data-testid="invoice-listed">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Cùng điều chỉnh cho {invoice.listed.length} hóa đơn khác trong bảng kê
        </Text>
        <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={download} data-testid="invoice-adjustment-list">
          Tải bảng kê (Mẫu 01/BK-ĐCTT)
        </Button>
      </Group>
      {invoice.listed.map((listed) => (
        <Group key={listed.id} gap="xs" data-testid="invoice-listed-row" data-id={listed.id}>
          <AnchorLink to="/invoices/$id" params={{ id: listed.id }} size="sm">
            {listed.number ? `Số ${listed.number}` : 'chưa có số'}
          </AnchorLink>
          <Text size="sm">
            · Mẫu số {listed.template_no} · Ký hiệu {listed.series} · ngày {formatDate(listed.issued_on)} ·
          </Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(listed.total)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
