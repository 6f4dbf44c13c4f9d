import { createFileRoute } from '@tanstack/react-router';
import { SystemOverviewView } from '@/features/system/components/system-screens';

export const Route = createFileRoute('/system/')({
  staticData: { title: 'Tổng quan hệ thống' },
  component: function Page() {
    return <SystemOverviewView />;
  },
});
