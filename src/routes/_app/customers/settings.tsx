import { createFileRoute } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { CustomerLevelSettings } from '@/features/customers/components/customer-level-settings';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/customers/settings')({
  staticData: { title: 'Cấu hình cấp độ khách hàng' },
  component: LevelSettingsPage,
});

function LevelSettingsPage() {
  const { company } = useSession();
  if (!company) return null;
  return <CustomerLevelSettings db={appDb()} companyId={company.id} />;
}
