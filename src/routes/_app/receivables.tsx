import { Stack } from '@mantine/core';
import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { MyDayCollections } from '@/features/receivables/components/my-day-collections';
import { ReceivablesHubScreen } from '@/features/receivables/components/receivable-screens';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

const TABS = ['aging', 'payments', 'cash', 'settings'] as const;
type Tab = (typeof TABS)[number];

// RECEIVABLE on: the company's receivables (?tab=aging|payments|cash|settings), and the collector's own day (works offline).
export const Route = createFileRoute('/_app/receivables')({
  staticData: { title: 'Công nợ', feature: 'RECEIVABLE' },
  component: ReceivablesPage,
});

function ReceivablesPage() {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { account, company } = useSession();
  const collects = useCan('receivables', 'create');
  if (!account || !company) return null;
  const tab = (TABS as readonly unknown[]).includes(search.tab) ? (search.tab as Tab) : 'aging';
  return (
    <Stack gap="md">
      {collects && <MyDayCollections db={appDb()} companyId={company.id} accountId={account.id} />}
      <ReceivablesHubScreen
        companyId={company.id}
        isMobile={isMobile}
        tab={tab}
        onTab={(next) => void navigate({ to: '.', search: (next === 'aging' ? {} : { tab: next }) as never, replace: true })}
      />
    </Stack>
  );
}
