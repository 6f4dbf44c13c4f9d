import { createFileRoute } from '@tanstack/react-router';
import { SalesHistoryView } from '@/features/system/components/system-screens';

export const Route = createFileRoute('/system/sales-history')({
  staticData: { title: 'Doanh số lịch sử' },
  component: function Page() {
    return <SalesHistoryView />;
  },
});
