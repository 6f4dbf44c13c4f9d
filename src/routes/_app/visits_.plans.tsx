import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '@/session/session-store';
import { onlineScreen } from '@/ui/online-screen';
import { useIsMobile } from '@/ui/use-is-mobile';

// The office's screen needs the server for all it shows: fetched when first opened, out of the phone's precache (scripts/office-chunks.ts).
const PlanPage = onlineScreen(
  () => import('@/features/visits/components/office/plan-page').then((module) => module.PlanPage),
  'tuyến ghé thăm',
);

export const Route = createFileRoute('/_app/visits_/plans')({
  staticData: { title: 'Tuyến ghé thăm' },
  component: RoutePlansPage,
});

function RoutePlansPage() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <PlanPage companyId={company.id} isMobile={isMobile} />;
}
