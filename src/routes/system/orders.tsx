import { createFileRoute } from '@tanstack/react-router';
import { SystemOrderListView } from '@/features/system/components/system-screens';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/system/orders')({
  staticData: { title: 'Đơn gói dịch vụ' },
  component: function Page() {
    return <SystemOrderListView isMobile={useIsMobile()} />;
  },
});
