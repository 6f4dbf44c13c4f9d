import { createFileRoute } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { DiagnosticsView } from '@/features/sync/components/diagnostics-view';
import { useSession } from '@/session/session-store';
import { syncNow } from '@/sync/engine';

export const Route = createFileRoute('/_app/diagnostics')({
  staticData: { title: 'Đồng bộ & chẩn đoán' },
  component: DiagnosticsPage,
});

function DiagnosticsPage() {
  const { company } = useSession();
  return <DiagnosticsView db={appDb()} companyId={company?.id ?? 0} onSyncNow={() => void syncNow(undefined, { wake: true })} />;
}
