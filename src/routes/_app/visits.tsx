import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { appDb, type LocalCustomer } from '@/db/app-db';
import { useVisitList } from '@/features/visits/api/visits-api';
import { CheckInPanel } from '@/features/visits/components/check-in-panel';
import { CheckInRulesButton } from '@/features/visits/components/check-in-rules-dialog';
import { PositionViewsButton } from '@/features/visits/components/position-views-dialog';
import { SuggestionSettingsButton } from '@/features/visits/components/suggestion-settings-dialog';
import { TodayPlan } from '@/features/visits/components/today-plan';
import { useOpenVisit } from '@/features/visits/api/visits-device';
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
  // "Hôm nay" picks the customer the check-in form takes.
  const [picked, setPicked] = useState<Pick<LocalCustomer, 'id' | 'name' | 'code'> | null>(null);
  const open = useOpenVisit(db, companyId, accountId);
  if (!account || !company) return null;
  return (
    <Stack gap="lg">
      <TodayPlan
        db={db}
        companyId={companyId}
        accountId={accountId}
        busyElsewhere={Boolean(open)}
        onVisit={(customer) => {
          setPicked(customer);
          // On a phone the form sits below a long day: bring it up with the customer in it.
          document.querySelector('[data-testid="check-in-form"]')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
        }}
      />
      <CheckInPanel
        db={db}
        visitor={{ companyId, accountId, accountName: account.full_name }}
        choice={{ customer: picked, onChange: setPicked }}
      />
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Lượt ghé thăm</Title>
          <Group gap="xs">
            <PositionViewsButton companyId={companyId} />
            <CheckInRulesButton companyId={companyId} />
            <SuggestionSettingsButton companyId={companyId} />
          </Group>
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
