/**
 * The warehouse office's screens (./office), loaded when first opened: vite.config.ts keeps them
 * out of the precache, as they need the server for everything they show. Opened offline before
 * they were ever loaded, a screen says so instead of failing.
 */
import { Button, Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { EmptyState } from '@/ui/empty-state';

function NeedsNetwork() {
  return (
    <EmptyState
      title="Cần kết nối mạng"
      description="Màn hình kho cần kết nối mạng để mở lần đầu."
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
const screens = () => import('./office/warehouse-office-screens');

export const WarehouseHub = office(() => screens().then((module) => module.WarehouseHub));
export const ReceiptListView = office(() => screens().then((module) => module.ReceiptListView));
export const ReceiptFormPage = office(() => screens().then((module) => module.ReceiptFormPage));
export const ReceiptDetailPage = office(() => screens().then((module) => module.ReceiptDetailPage));
export const ReceiptPrintView = office(() => screens().then((module) => module.ReceiptPrintView));
