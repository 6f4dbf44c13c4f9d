import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSignOut } from '@/app/use-sign-out';
import { fetchMemberships } from '@/features/company/api/company-api';
import { WorkspaceChooser } from '@/features/company/components/company-chooser';
import { getAccessToken, getUserAccount, setUserAccount, useSession } from '@/session/session-store';

export const Route = createFileRoute('/_center/')({
  staticData: { title: 'Chọn công ty' },
  // '/' is outside the guard rules; it still needs a signed-in person, and one with a company.
  beforeLoad: () => {
    if (!getAccessToken()) throw redirect({ to: '/login', replace: true });
    // The system administrator works in their own area (docs/system.md), with or without a company.
    if (getUserAccount()?.account_type_data.code === 'SYSTEM') throw redirect({ to: '/system', replace: true });
    if ((getUserAccount()?.company_data.length ?? 0) === 0) throw redirect({ to: '/onboard', replace: true });
  },
  component: ChooseWorkspacePage,
});

function ChooseWorkspacePage() {
  const { account, company } = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  const signOut = useSignOut();
  // Memberships change on the server (a request accepted); refresh the stored list when online.
  const latest = useQuery({ queryKey: ['memberships'], queryFn: fetchMemberships, enabled: Boolean(account) });
  useEffect(() => {
    if (latest.data && account) setUserAccount({ ...account, company_data: latest.data });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer matters
  }, [latest.data]);

  if (!account) return null;
  return (
    <WorkspaceChooser
      fullName={account.full_name}
      memberships={account.company_data}
      currentCompanyId={company?.id ?? null}
      onSignOut={() => void signOut()}
      onChosen={() => {
        void router.invalidate();
        void navigate({ to: '/dashboard' });
      }}
    />
  );
}
