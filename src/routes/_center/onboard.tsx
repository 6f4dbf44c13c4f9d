import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useSignOut } from '@/app/use-sign-out';
import { Onboarding } from '@/features/company/components/onboarding';
import { getAccessToken, useSession } from '@/session/session-store';

export const Route = createFileRoute('/_center/onboard')({
  staticData: { title: 'Bắt đầu' },
  beforeLoad: () => {
    if (!getAccessToken()) throw redirect({ to: '/login', replace: true });
  },
  component: OnboardPage,
});

function OnboardPage() {
  const { account } = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  const signOut = useSignOut();
  return (
    <Onboarding
      fullName={account?.full_name ?? ''}
      onSignOut={() => void signOut()}
      onRegistered={() => {
        void router.invalidate();
        void navigate({ to: '/dashboard' });
      }}
      onAsked={() => void navigate({ to: '/' })}
    />
  );
}
