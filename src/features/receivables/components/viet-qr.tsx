/**
 * A VietQR code to pay by bank transfer: the NAPAS EMVCo payload built on the device
 * (contract/receivables-banks.ts, vietnam-qr-pay) and drawn as an SVG by uqr, with the account
 * written beside it for who types instead of scanning. Its own precached file, loaded when shown, so
 * a rep shows it offline from the accounts the device kept.
 */
import { Group, Image, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { qrPurpose, vietQrPayload, type BankAccountRecord } from '@contract/receivables-banks';
import { MoneyText } from '@/ui/money-text';
import { useBankAccounts } from '@/features/receivables/api/bank-api';

type Props = { companyId: number; amount: number; purpose: string; size?: number; account?: BankAccountRecord | null };

export function VietQrBlock({ companyId, amount, purpose, size = 180, account }: Props) {
  const accounts = useBankAccounts(companyId, account === undefined);
  const chosen = account ?? accounts.data?.find((candidate) => candidate.is_default) ?? accounts.data?.[0] ?? null;
  const source = useMemo(() => {
    if (!chosen) return null;
    const payload = vietQrPayload({ bin: chosen.bank_bin, accountNumber: chosen.account_number, amount, purpose });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(payload, { border: 1 }))}`;
  }, [chosen, amount, purpose]);
  if (!chosen || !source) return null;
  return (
    <Group gap="sm" align="center" wrap="nowrap" data-testid="viet-qr">
      <Image src={source} w={size} h={size} alt={`Mã VietQR chuyển khoản ${chosen.bank_name} ${chosen.account_number}`} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          Quét mã để chuyển khoản (VietQR)
        </Text>
        <Text size="sm" fw={600}>
          {chosen.bank_name} · {chosen.account_number}
        </Text>
        <Text size="xs">{chosen.account_name}</Text>
        <MoneyText value={amount} size="sm" fw={600} />
        <Text size="xs" c="dimmed">
          Nội dung: {qrPurpose(purpose)}
        </Text>
      </Stack>
    </Group>
  );
}
