import { useMutation } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { createCompany, fetchMemberships } from '@/features/company/api/company-api';
import { CreateCompanyForm } from '@/features/company/components/create-company-form';
import { getAccessToken, getUserAccount, setUserAccount } from '@/session/session-store';

export const Route = createFileRoute('/_center/onboard')({
  staticData: { title: 'Bắt đầu' },
  beforeLoad: () => {
    if (!getAccessToken()) throw redirect({ to: '/login', replace: true });
  },
  component: OnboardPage,
});

function OnboardPage() {
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: async (input: Parameters<typeof createCompany>[0]) => {
      await createCompany(input);
      return fetchMemberships();
    },
    onSuccess: (memberships) => {
      const account = getUserAccount();
      if (account) setUserAccount({ ...account, company_data: memberships });
      void navigate({ to: '/' });
    },
  });
  return <CreateCompanyForm saving={create.isPending} error={create.error?.message ?? null} onCreate={(input) => create.mutate(input)} />;
}
