/**
 * /accounting: synchronising with MISA AMIS Kế toán (docs/invoices.md "Accounting with MISA AMIS"): once connected, the two steps in
 * order (accounting-steps.tsx: the catalogue first, then the vouchers), what was pushed and AMIS's
 * answers, the dictionary mapping, and the connection. Without a connection the page opens on it.
 */
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { useAmisConnection } from '@/features/invoices/api/accounting-api';
import { AccountingSteps } from './accounting-steps';
import { ConnectionTab } from './connection-tab';
import { MappingTab } from './mapping-tab';
import { SyncTab } from './sync-tab';

export function AccountingPage({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  const connection = useAmisConnection(companyId);
  const [tab, setTab] = useState<string | null>(null);
  if (!connection.data) {
    if (connection.isPending) return <LoadingBlock />;
    return <EmptyState title="Không tải được kết nối MISA" description={connection.error?.message} />;
  }
  const connected = connection.data.connection !== null;
  const current = tab ?? (connected ? 'sync' : 'connection');
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={3}>Đồng bộ kế toán MISA AMIS</Title>
        <Text size="sm" c="dimmed">
          Đơn hàng hoàn thành, phiếu nhập kho và phiếu thu thành chứng từ trên AMIS Kế toán; AMIS trả kết quả từng chứng từ.
        </Text>
      </Stack>
      {connected && <AccountingSteps companyId={companyId} isMobile={isMobile} onVouchers={() => setTab('sync')} />}
      <Tabs value={current} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="sync" disabled={!connected} data-testid="accounting-tab-sync">
            Chứng từ
          </Tabs.Tab>
          <Tabs.Tab value="mapping" disabled={!connected} data-testid="accounting-tab-mapping">
            Ánh xạ danh mục
          </Tabs.Tab>
          <Tabs.Tab value="connection" data-testid="accounting-tab-connection">
            Kết nối
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sync" pt="md">
          <SyncTab companyId={companyId} isMobile={isMobile} />
        </Tabs.Panel>
        <Tabs.Panel value="mapping" pt="md">
          <MappingTab companyId={companyId} connected={connected} isMobile={isMobile} />
        </Tabs.Panel>
        <Tabs.Panel value="connection" pt="md">
          <ConnectionTab
            key={connection.data.connection?.checked_at ?? 'new'}
            companyId={companyId}
            connection={connection.data.connection}
            simulatorAvailable={connection.data.simulator_available}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
