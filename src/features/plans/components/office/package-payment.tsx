/**
 * How to pay a pending package order (docs/plans.md "A company on a package"): the platform's bank, account number and
 * holder, the exact amount and the transfer content, each with a copy button, and the VietQR a
 * banking app scans (contract/plans-payment.ts, the NAPAS payload shared with the collections).
 * A demo account says it is one; without a configured account the server's reason is shown instead.
 */
import { Alert, Badge, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { renderSVG } from 'uqr';
import type { PackagePayment } from '@contract/plans';
import { packagePaymentQr } from '@contract/plans-payment';
import { CopyButton } from '@/ui/copy-button';
import { MoneyText } from '@/ui/money-text';

function Row({ label, children, copy }: { label: string; children: ReactNode; copy?: { value: string; label: string } }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} span style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
        {copy && <CopyButton value={copy.value} label={copy.label} />}
      </Group>
    </>
  );
}

export function PackagePaymentCard({ payment }: { payment: PackagePayment }) {
  const source = useMemo(() => {
    const payload = packagePaymentQr(payment);
    return payload ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(payload, { border: 1 }))}` : null;
  }, [payment]);
  const account = payment.account;
  return (
    <Alert color="orange" variant="light" title={`Đơn ${payment.order_code} đang chờ thanh toán`} data-testid="pending-order">
      <Stack gap="sm">
        {account?.is_demo && (
          <Alert color="red" variant="outline" p="xs" data-testid="payment-demo-account">
            Đây là tài khoản minh họa của bản demo, không chuyển tiền thật vào tài khoản này.
          </Alert>
        )}
        {!account && (
          <Text size="sm" c="red" data-testid="payment-account-missing">
            {payment.problem}
          </Text>
        )}
        <Group align="flex-start" gap="lg">
          {source && account && (
            <Stack gap={4} align="center">
              <Image
                src={source}
                w={180}
                h={180}
                alt={`Mã VietQR chuyển khoản ${account.bank_name} ${account.account_number}`}
                data-testid="payment-qr"
              />
              <Text size="xs" c="dimmed">
                Quét mã bằng ứng dụng ngân hàng (VietQR)
              </Text>
            </Stack>
          )}
          <SimpleGrid cols={2} spacing={6} verticalSpacing={6} style={{ flex: '1 1 260px', minWidth: 0 }} data-testid="payment-details">
            {account && (
              <>
                <Row label="Ngân hàng">
                  {account.bank_name}{' '}
                  {account.is_demo && (
                    <Badge color="red" variant="light" tt="none" size="sm">
                      Demo
                    </Badge>
                  )}
                </Row>
                <Row
                  label="Số tài khoản"
                  copy={{ value: account.account_number, label: `Sao chép số tài khoản ${account.account_number}` }}
                >
                  {account.account_number}
                </Row>
                <Row label="Chủ tài khoản">{account.account_name}</Row>
              </>
            )}
            <Row label="Số tiền" copy={{ value: String(payment.amount), label: 'Sao chép số tiền' }}>
              <MoneyText value={payment.amount} fw={700} data-testid="payment-amount" />
            </Row>
            <Row
              label="Nội dung chuyển khoản"
              copy={{ value: payment.reference, label: `Sao chép nội dung chuyển khoản ${payment.reference}` }}
            >
              <span data-testid="payment-reference">{payment.reference}</span>
            </Row>
          </SimpleGrid>
        </Group>
        <Text size="sm">Chuyển đúng số tiền với đúng nội dung trên. Gói được kích hoạt khi quản trị hệ thống xác nhận thanh toán.</Text>
      </Stack>
    </Alert>
  );
}
