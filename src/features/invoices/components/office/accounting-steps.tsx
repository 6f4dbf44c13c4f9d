/**
 * The two steps of synchronising with AMIS, in order (docs/invoices.md "Accounting with MISA AMIS"): 1. the catalogue
 * (customers, goods, warehouses) sent to AMIS, which refuses any voucher naming a code it has not
 * got, then 2. the vouchers. Step 1 says what AMIS still lacks and sends all of it in one click;
 * the server refuses vouchers until it is done (CATALOGUE_FIRST).
 */
import { Button, Card, Group, Stack, Stepper, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { CATALOGUE_KINDS, MAPPING_KIND_LABELS, type CatalogueStatus } from '@contract/invoices-accounting';
import { groupDigits } from '@contract/money';
import { apiErrorMessage } from '@/api/api-error';
import { useCan } from '@/session/access';
import { toastedWrite } from '@/ui/toasted-write';
import { useAccountingWrites, useCatalogueStatus } from '@/features/invoices/api/accounting-api';

/** "12 khách hàng, 40 hàng hóa" still missing on AMIS. */
function missingText(status: CatalogueStatus): string {
  return CATALOGUE_KINDS.filter((kind) => status.kinds[kind].unmapped > 0)
    .map((kind) => `${groupDigits(status.kinds[kind].unmapped)} ${MAPPING_KIND_LABELS[kind].toLowerCase()}`)
    .join(', ');
}

type Props = { companyId: number; isMobile: boolean; onVouchers: () => void };

export function AccountingSteps({ companyId, isMobile, onVouchers }: Props) {
  const status = useCatalogueStatus(companyId, true);
  const writes = useAccountingWrites(companyId);
  const canPush = useCan('invoices', 'create');
  if (!status.data) return null;
  const { ready } = status.data;
  const push = () =>
    void toastedWrite(
      async () => (await writes.pushCatalogue()).message,
      (error) => apiErrorMessage(error, 'Không gửi được danh mục sang MISA'),
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid="accounting-steps" data-ready={ready}>
      <Stack gap="sm">
        <Stepper active={ready ? 1 : 0} size="sm" orientation={isMobile ? 'vertical' : 'horizontal'} allowNextStepsSelect={false}>
          <Stepper.Step
            label="1. Đồng bộ danh mục"
            description={ready ? 'Khách hàng, hàng hóa và kho đã có trên MISA' : 'Gửi khách hàng, hàng hóa, kho sang MISA trước tiên'}
            data-testid="accounting-step-catalogue"
          />
          <Stepper.Step
            label="2. Đồng bộ chứng từ"
            description="Đơn hàng, phiếu nhập kho, phiếu thu thành chứng từ trên MISA"
            data-testid="accounting-step-vouchers"
          />
        </Stepper>
        {ready ? (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              Danh mục đã đủ. Khi thêm khách hàng, hàng hóa hoặc kho mới, hãy đồng bộ danh mục lại trước khi gửi chứng từ của chúng.
            </Text>
            <Button variant="subtle" size="xs" onClick={onVouchers} data-testid="accounting-go-vouchers">
              Xem chứng từ
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="xs" wrap={isMobile ? 'wrap' : 'nowrap'}>
            <Text size="sm" data-testid="accounting-catalogue-missing">
              Còn {missingText(status.data)} chưa có trên MISA. MISA sẽ từ chối mọi chứng từ có mã chưa có trong danh mục, nên cần đồng bộ
              danh mục trước khi đồng bộ chứng từ.
            </Text>
            {canPush && (
              <Button leftSection={<IconCloudUpload size={18} />} onClick={push} style={{ flexShrink: 0 }} data-testid="catalogue-push">
                Đồng bộ danh mục
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
