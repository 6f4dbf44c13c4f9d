import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RegisterFlow } from '@/features/auth/components/register-flow';
import { rememberSignIn } from '@/features/auth/model/session-actions';

export const Route = createFileRoute('/_login/register')({
  staticData: { title: 'Đăng ký' },
  component: RegisterPage,
});

function RegisterPage() {
  const navigate = useNavigate();
  return (
    <RegisterFlow
      onRegistered={(done) => {
        rememberSignIn(done);
        void navigate({ to: '/onboard' });
      }}
    />
  );
}
