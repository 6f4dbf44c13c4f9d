import { Alert, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { InstallApp } from '@/app/pwa/install-app';
import { useHeaderActions } from '@/ui/header-actions';
import { useIsMobile } from '@/ui/use-is-mobile';
import { useSignOut } from '@/app/use-sign-out';
import { accountQueries } from '@/features/auth/api/account-api';
import { MyAccountView } from '@/features/auth/components/my-account-view';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/my-account/')({
  staticData: { title: 'Tài khoản', topLevel: true },
  component: MyAccountPage,
});

function MyAccountPage() {
  const { account: stored, company } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const isMobile = useIsMobile();
  const [changing, changePassword] = useDisclosure(false);
  const query = useQuery({ ...accountQueries.detail(stored?.id ?? 0), enabled: Boolean(stored) });

  useHeaderActions([
    { key: 'edit', label: 'Sửa thông tin', onClick: () => void navigate({ to: '/my-account/edit' }) },
    { key: 'password', label: 'Đổi mật khẩu', onClick: changePassword.open },
    { key: 'logout', label: 'Đăng xuất', onClick: () => void signOut(), danger: true },
  ]);

  if (query.isPending) return <Loader />;
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  return (
    <>
      <MyAccountView
        account={query.data}
        companyTitle={company?.title ?? null}
        isMobile={isMobile}
        onEdit={() => void navigate({ to: '/my-account/edit' })}
        onChangePassword={changePassword.open}
        onSignOut={() => void signOut()}
        onSwitchCompany={() => void navigate({ to: '/' })}
      />
      <InstallApp />
      <ChangePasswordDialog opened={changing} onClose={changePassword.close} onChanged={() => void signOut({ force: true })} />
    </>
  );
}
