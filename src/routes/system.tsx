import { createFileRoute } from '@tanstack/react-router';
import { onlineScreen } from '@/ui/online-screen';

/** The area needs the server for everything it shows: its layout too is fetched when first opened (vite.config.ts system-office-layout). */
const SystemLayout = onlineScreen(() => import('@/app/layout/system-layout').then((module) => module.SystemLayout), 'quản trị hệ thống');

export const Route = createFileRoute('/system')({
  component: function SystemArea() {
    return <SystemLayout />;
  },
});
