/**
 * /receivables, the office's money screen (online-only, out of the precache): aging by due date,
 * payments to confirm, each collector's day, and the settings (policy, credit days, buckets, reps'
 * limits, bank accounts).
 */
import { Stack } from '@mantine/core';
import { useCan } from '@/session/access';
import { ScrollingTabs } from '@/ui/scrolling-tabs';
import { AgingTab } from './aging-tab';
import { CashSummaryTab } from './cash-summary-tab';
import { PaymentsTab } from './payments-tab';
import { SettingsTab } from './settings-tab';

export const RECEIVABLE_TABS = ['aging', 'payments', 'cash', 'settings'] as const;
export type ReceivableTab = (typeof RECEIVABLE_TABS)[number];
const LABELS: Record<ReceivableTab, string> = { aging: 'Tuổi nợ', payments: 'Phiếu thu', cash: 'Thu tiền trong ngày', settings: 'Cài đặt' };

type Props = { companyId: number; isMobile: boolean; tab: ReceivableTab; onTab: (tab: ReceivableTab) => void };

export function ReceivablesHub({ companyId, isMobile, tab, onTab }: Props) {
  const canSettings = useCan('receivables', 'edit');
  const tabs = RECEIVABLE_TABS.filter((candidate) => candidate !== 'settings' || canSettings);
  const shown = tabs.includes(tab) ? tab : 'aging';
  return (
    <Stack gap="md">
      <ScrollingTabs tabs={tabs} labels={LABELS} value={shown} onChange={onTab} testId="receivables" />
      {shown === 'aging' && <AgingTab companyId={companyId} isMobile={isMobile} />}
      {shown === 'payments' && <PaymentsTab companyId={companyId} isMobile={isMobile} />}
      {shown === 'cash' && <CashSummaryTab companyId={companyId} />}
      {shown === 'settings' && <SettingsTab companyId={companyId} />}
    </Stack>
  );
}
