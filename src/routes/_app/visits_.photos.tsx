import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '@/session/session-store';
import { onlineScreen } from '@/ui/online-screen';
import { useIsMobile } from '@/ui/use-is-mobile';

// The office's screen needs the server for all it shows: fetched when first opened, out of the phone's precache (scripts/office-chunks.ts).
const PhotoGallery = onlineScreen(
  () => import('@/features/visits/components/office/photo-gallery').then((module) => module.PhotoGallery),
  'ảnh ghé thăm',
);

export const Route = createFileRoute('/_app/visits_/photos')({
  staticData: { title: 'Ảnh ghé thăm' },
  component: RoutePhotosPage,
});

function RoutePhotosPage() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <PhotoGallery companyId={company.id} isMobile={isMobile} />;
}
