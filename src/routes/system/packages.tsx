import { createFileRoute } from '@tanstack/react-router';
import { PackageAdminView } from '@/features/plans/components/plan-screens';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/system/packages')({
  staticData: { title: 'Gói dịch vụ và mã giảm giá' },
  component: function Page() {
    return <PackageAdminView isMobile={useIsMobile()} />;
  },
});
