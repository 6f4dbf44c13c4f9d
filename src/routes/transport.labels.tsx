import { createFileRoute, useNavigate, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { DeliveryLabelsView } from '@/features/delivery/components/delivery-screens';
import { QueryLayer } from '@/app/query-layer';
import { useSession } from '@/session/session-store';

type LabelsSearch = { ids: string[]; size: 'a6' | '80mm' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /transport/labels?ids=a,b&size=a6|80mm: self-delivery labels, outside the app layout so neither
 * header nor navbar reaches the paper. The root route's guard still applies.
 */
export const Route = createFileRoute('/transport/labels')({
  validateSearch: (search: { ids?: unknown; size?: unknown } & SearchSchemaInput): LabelsSearch => ({
    ids: String(search.ids ?? '')
      .split(',')
      .filter((id) => UUID.test(id))
      .slice(0, 100),
    size: search.size === '80mm' ? '80mm' : 'a6',
  }),
  component: LabelsPage,
});

function LabelsPage() {
  const { ids, size } = Route.useSearch();
  const { company } = useSession();
  const navigate = useNavigate({ from: Route.fullPath });
  const router = useRouter();
  if (!company) return null;
  return (
    <QueryLayer>
      <DeliveryLabelsView
        companyId={company.id}
        companyTitle={company.title}
        ids={ids}
        size={size}
        onSize={(next) => void navigate({ search: { ids: ids.join(','), size: next } as never, replace: true })}
        onBack={() => {
          if (router.history.length > 1) router.history.back();
          else void navigate({ to: '/transport' });
        }}
      />
    </QueryLayer>
  );
}
