import { createFileRoute } from '@tanstack/react-router';
import { ShopListView } from '@/features/system/components/system-screens';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/system/shops')({
  staticData: { title: 'Cửa hàng, nhà cung cấp, nhà phân phối' },
  component: function Page() {
    return <ShopListView isMobile={useIsMobile()} />;
  },
});
