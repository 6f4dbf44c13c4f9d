/**
 * /onboard (product-spec.md §2 rule 2): an account without a company registers one, or asks to join
 * one. Registered, the new company is chosen and its dashboard opens; asked, the workspace list
 * shows the request waiting for the company's answer.
 */
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingPlus, IconUsersPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RegisterCompanyInput } from '@contract/company-onboarding';
import { ApiError } from '@/api/api-error';
import { getUserAccount, setUserAccount } from '@/session/session-store';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { fetchBusinessTypes, fetchMemberships, registerCompany, similarCompanyTitles } from '../api/company-api';
import { chooseWorkspace } from '../model/choose-company';
import { SignOutLink } from './sign-out-link';
import { JoinCompanyForm } from './join-company-form';
import { RegisterCompanyForm } from './register-company-form';

type Props = {
  fullName: string;
  /** The new company is chosen: open its dashboard. */
  onRegistered: () => void;
  /** A join request was sent: show the workspace list. */
  onAsked: () => void;
  onSignOut: () => void;
};

export function Onboarding({ fullName, onRegistered, onAsked, onSignOut }: Props) {
  const [tab, setTab] = useState<string | null>('register');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const businessTypes = useQuery({ queryKey: ['business-types'], queryFn: fetchBusinessTypes, staleTime: Infinity });

  async function register(input: RegisterCompanyInput) {
    setBusy(true);
    setProblem(null);
    setFieldErrors({});
    try {
      const { company, account } = await registerCompany(input);
      setUserAccount(account);
      const membership = account.company_data.find((entry) => entry.company === company.id)!;
      await chooseWorkspace(membership);
      toast.success(`Đã đăng ký ${company.title}`);
      onRegistered();
    } catch (caught) {
      setProblem(caught instanceof ApiError ? caught.message : 'Đăng ký công ty thất bại. Vui lòng thử lại sau.');
      if (caught instanceof ApiError) setFieldErrors(caught.fields);
    } finally {
      setBusy(false);
    }
  }

  async function asked() {
    const account = getUserAccount();
    const memberships = await fetchMemberships().catch(() => null);
    if (account && memberships) setUserAccount({ ...account, company_data: memberships });
    toast.success('Đã gửi yêu cầu tham gia, vui lòng chờ công ty xác nhận');
    onAsked();
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Xin chào, {fullName}</Title>
        <Text c="dimmed" size="sm">
          Bạn chưa thuộc công ty nào. Đăng ký công ty của bạn, hoặc gửi yêu cầu tham gia công ty bạn đang làm việc.
        </Text>
      </div>
      <Tabs value={tab} onChange={setTab} variant="pills">
        <Tabs.List grow>
          <Tabs.Tab value="register" leftSection={<IconBuildingPlus size={16} />}>
            Đăng ký công ty
          </Tabs.Tab>
          <Tabs.Tab value="join" leftSection={<IconUsersPlus size={16} />}>
            Tham gia công ty
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="register" pt="md">
          <Stack gap="sm">
            <ProblemAlert problem={problem} />
            <RegisterCompanyForm
              busy={busy}
              businessTypes={businessTypes.data ?? []}
              fieldErrors={fieldErrors}
              onSubmit={(input) => void register(input)}
              checkTitle={similarCompanyTitles}
              onWantToJoin={() => setTab('join')}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="join" pt="md">
          <JoinCompanyForm onAsked={() => void asked()} />
        </Tabs.Panel>
      </Tabs>
      <SignOutLink onSignOut={onSignOut} />
    </Stack>
  );
}
