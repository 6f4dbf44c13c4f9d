/**
 * The promotion office's screens (./office: list, form, detail), loaded when first opened:
 * vite.config.ts keeps them out of the precache, as they need the server for everything they
 * show. Opened offline before they were ever loaded, a screen says so instead of failing.
 */
import { Button, Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { EmptyState } from '@/ui/empty-state';

function NeedsNetwork() {
  return (
    <EmptyState
      title="Cần kết nối mạng"
      description="Màn hình khuyến mại cần kết nối mạng để mở lần đầu."
      action={<Button onClick={() => window.location.reload()}>Thử lại</Button>}
    />
  );
}

function office<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      return { default: NeedsNetwork as ComponentType<P> };
    }
  });
  return function OfficeScreen(props: P) {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader />
          </Center>
        }
      >
        <Screen {...props} />
      </Suspense>
    );
  };
}

// One import for all of them: one file, fetched once.
const screens = () => import('./office/promotion-office-screens');

export const PromotionListView = office(() => screens().then((module) => module.PromotionListView));
export const PromotionFormPage = office(() => screens().then((module) => module.PromotionFormPage));
export const PromotionDetailPage = office(() => screens().then((module) => module.PromotionDetailPage));
