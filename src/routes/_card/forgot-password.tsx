import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password-flow';

export const Route = createFileRoute('/_card/forgot-password')({
  staticData: { title: 'Quên mật khẩu' },
  component: ForgotPasswordFlow,
});
