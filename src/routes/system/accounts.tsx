import { createFileRoute } from '@tanstack/react-router';
import { AccountListView } from '@/features/system/components/system-screens';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/system/accounts')({
  staticData: { title: 'Tài khoản' },
  component: function Page() {
    return <AccountListView isMobile={useIsMobile()} />;
  },
});
