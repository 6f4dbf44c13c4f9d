/**
 * /promotion/create (a new programme) and /promotion/create?id=… (editing one), as the product and
 * customer forms do: one route keeps the app's entry small, the id is read here in the page's own
 * chunk. A programme can be edited only while it waits for approval or was refused (canEdit);
 * otherwise the page says why and leads back to it.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { canEdit } from '@contract/promotions-status';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { isOffline, usePromotion } from '@/features/promotions/api/promotion-api';
import { emptyPromotionForm, formFromRecord, type PromotionFormValues } from '@/features/promotions/model/promotion-form';
import { EDIT_REFUSAL } from '@/features/promotions/model/promotion-text';
import { PromotionForm } from './promotion-form';
import { LoadingBlock } from '@/ui/loading-block';

type Props = { companyId: number; isMobile: boolean };

/** The id in ?id= (a number, or digits), or null for a new programme. */
export function editId(search: Record<string, unknown>): number | null {
  const raw = search.id;
  return typeof raw === 'number' || (typeof raw === 'string' && /^\d{1,9}$/.test(raw)) ? Number(raw) : null;
}

export function PromotionFormPage(props: Props) {
  const id = editId(useLocation().search as Record<string, unknown>);
  return id ? <EditPromotion key={id} {...props} id={id} /> : <NewPromotion {...props} />;
}

function NewPromotion({ companyId, isMobile }: Props) {
  const navigate = useNavigate();
  const [initial] = useState(() => emptyPromotionForm(vietnamDay()));
  return (
    <PromotionForm
      companyId={companyId}
      initial={initial}
      record={null}
      isMobile={isMobile}
      onSaved={(record) => void navigate({ to: '/promotion/$id', params: { id: String(record.id) }, replace: true })}
      onCancel={() => void navigate({ to: '/promotion' })}
    />
  );
}

function EditPromotion({ companyId, isMobile, id }: Props & { id: number }) {
  const navigate = useNavigate();
  const router = useRouter();
  const detail = usePromotion(companyId, id);
  const mayEdit = useCan('promotions', 'edit');
  // The values the form starts from are taken once: a refetch must not reset typing.
  const [initial, setInitial] = useState<PromotionFormValues | null>(null);
  if (detail.data && !initial) setInitial(formFromRecord(detail.data));
  const toDetail = () => void navigate({ to: '/promotion/$id', params: { id: String(id) } });

  if (!detail.data || !initial) {
    if (detail.isPending) return <LoadingBlock />;
    if (isOffline(detail.error)) return <Alert color="yellow">Cần kết nối mạng để sửa chương trình khuyến mại.</Alert>;
    return <EmptyState title="Không tìm thấy chương trình khuyến mại" description={detail.error?.message} />;
  }
  if (!mayEdit || !canEdit(detail.data.status))
    return (
      <Stack gap="md" maw={720}>
        <Alert
          color="yellow"
          variant="light"
          title={`Không sửa được chương trình ${detail.data.code}`}
          data-testid="promotion-edit-refused"
        >
          {mayEdit ? EDIT_REFUSAL : 'Vai trò của bạn không được sửa chương trình khuyến mại.'}
        </Alert>
        <Group>
          <Button variant="default" onClick={toDetail} data-testid="promotion-edit-back">
            Xem chương trình
          </Button>
        </Group>
      </Stack>
    );
  return (
    <PromotionForm
      companyId={companyId}
      initial={initial}
      record={detail.data}
      isMobile={isMobile}
      onSaved={(record) => void navigate({ to: '/promotion/$id', params: { id: String(record.id) }, replace: true })}
      onCancel={() => (router.history.length > 1 ? router.history.back() : toDetail())}
    />
  );
}
