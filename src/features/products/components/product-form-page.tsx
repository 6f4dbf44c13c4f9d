/**
 * /product/create (a new product) and /product/create?id=… (editing one), as the spec does for
 * customers (/customers/create/?id=). One route keeps the app's entry small; the id is read here,
 * in the page's own chunk. Editing loads the product from the server (online only).
 */
import { Alert } from '@mantine/core';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '@/api/api-error';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';
import { EmptyState } from '@/ui/empty-state';
import { useProductDetail } from '../api/product-list';
import { emptyProductForm, formFromRecord, type ProductFormValues } from '../model/product-form';
import { CATALOGUE_NEEDS_CONNECTION, ProductForm } from './product-form';
import { LoadingBlock } from '@/ui/loading-block';

/** The search of a product's edit page. */
export const editSearch = (id: number) => ({ id }) as never;

export function ProductFormPage() {
  const rawId = (useLocation().search as Record<string, unknown>).id;
  const id = typeof rawId === 'number' || (typeof rawId === 'string' && /^\d{1,9}$/.test(rawId)) ? Number(rawId) : null;
  return id ? <EditProduct key={id} id={id} /> : <NewProduct />;
}

function NewProduct() {
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [initial] = useState(emptyProductForm);
  const canEdit = useCan('products', 'edit');
  if (!company) return null;
  return (
    <ProductForm
      db={appDb()}
      companyId={company.id}
      initial={initial}
      record={null}
      wholesale={flags.WHOLESALE === true}
      isMobile={isMobile}
      // On to the new product's page, where its images can be added; back returns to the list.
      // A member who may add products but not edit them goes back to the list.
      onSaved={(record) =>
        void (canEdit ? navigate({ to: '/product/create', search: editSearch(record.id), replace: true }) : navigate({ to: '/product' }))
      }
      onCancel={() => void navigate({ to: '/product' })}
    />
  );
}

function EditProduct({ id }: { id: number }) {
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const router = useRouter();
  const detail = useProductDetail(company?.id ?? 0, id);
  // The values the form starts from are taken once: a refetch must not reset typing.
  const [initial, setInitial] = useState<ProductFormValues | null>(null);
  if (detail.data && !initial) setInitial(formFromRecord(detail.data));
  if (!company) return null;
  if (!initial || !detail.data) {
    if (detail.isPending) {
      return <LoadingBlock />;
    }
    const error = detail.error;
    if (error instanceof ApiError && error.isNetwork) return <Alert color="yellow">{CATALOGUE_NEEDS_CONNECTION}</Alert>;
    if (error && !(error instanceof ApiError && error.status === 404)) return <Alert color="red">{error.message}</Alert>;
    return <EmptyState title="Không tìm thấy sản phẩm" description="Sản phẩm không tồn tại hoặc thuộc công ty khác." />;
  }
  const back = () => {
    if (router.history.length > 1) router.history.back();
    else void navigate({ to: '/product' });
  };
  return (
    <ProductForm
      db={appDb()}
      companyId={company.id}
      initial={initial}
      record={detail.data}
      wholesale={flags.WHOLESALE === true}
      isMobile={isMobile}
      onSaved={back}
      onCancel={back}
    />
  );
}
