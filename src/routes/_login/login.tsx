import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { rememberSignIn } from '@/features/auth/model/session-actions';

export const Route = createFileRoute('/_login/login')({
  staticData: { title: 'Đăng nhập' },
  component: LoginPage,
});

function LoginPage() {
  const navigate = useNavigate();
  return (
    <LoginForm
      onSignedIn={(answer) => {
        rememberSignIn(answer);
        void navigate({ to: '/' });
      }}
    />
  );
}
