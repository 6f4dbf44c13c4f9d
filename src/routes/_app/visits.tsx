import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { appDb } from '@/db/app-db';
import { useVisitList } from '@/features/visits/api/visits-api';
import { CheckInPanel } from '@/features/visits/components/check-in-panel';
import { CheckInRulesButton } from '@/features/visits/components/check-in-rules-dialog';
import { VisitList } from '@/features/visits/components/visit-list';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/visits')({
  staticData: { title: 'Ghé thăm khách hàng' },
  component: VisitsPage,
});

const LIMIT = 20;

function VisitsPage() {
  const { account, company } = useSession();
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const [page, setPage] = useState(1);
  const db = appDb();
  const companyId = company?.id ?? 0;
  const accountId = account?.id ?? 0;
  const result = useVisitList(db, { companyId, accountId: scope === 'mine' ? accountId : null, page, limit: LIMIT }, accountId);
  if (!account || !company) return null;
  return (
    <Stack gap="lg">
      <CheckInPanel db={db} visitor={{ companyId, accountId, accountName: account.full_name }} />
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Lượt ghé thăm</Title>
          <CheckInRulesButton companyId={companyId} />
        </Group>
        <SegmentedControl
          value={scope}
          onChange={(value) => {
            setScope(value as 'mine' | 'all');
            setPage(1);
          }}
          data={[
            { value: 'mine', label: 'Của tôi' },
            { value: 'all', label: 'Tất cả nhân viên' },
          ]}
        />
        <VisitList result={result} page={page} limit={LIMIT} onPage={setPage} showStaff={scope === 'all'} />
      </Stack>
    </Stack>
  );
}
