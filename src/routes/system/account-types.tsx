import { createFileRoute } from '@tanstack/react-router';
import { AccountTypeView } from '@/features/system/components/system-screens';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/system/account-types')({
  staticData: { title: 'Loại tài khoản' },
  component: function Page() {
    return <AccountTypeView isMobile={useIsMobile()} />;
  },
});
