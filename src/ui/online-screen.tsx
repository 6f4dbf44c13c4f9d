/**
 * Screens and parts that need the server for everything they show (the warehouse and promotion
 * offices, the warehouse's dialogs on other screens) are kept out of the offline precache
 * (scripts/office-chunks.ts) and fetched when first shown. Shown offline before they were ever fetched,
 * something else stands in: a screen says it needs the network, a dialog likewise, a card stays away.
 */
import { Button, Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** `load` fetched when first rendered; `offline` rendered instead when it cannot be. */
export function loadedWhenShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
  offline: ComponentType<P>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      return { default: offline };
    }
  });
  return function LoadedWhenShown(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/** A whole screen of an online-only area ("kho", "khuyến mại"). */
export function onlineScreen<P extends object>(load: () => Promise<ComponentType<P>>, area: string): ComponentType<P> {
  function NeedsNetwork() {
    return (
      <EmptyState
        title="Cần kết nối mạng"
        description={`Màn hình ${area} cần kết nối mạng để mở lần đầu.`}
        action={<Button onClick={() => window.location.reload()}>Thử lại</Button>}
      />
    );
  }
  return loadedWhenShown(
    load,
    NeedsNetwork as ComponentType<P>,
    <Center py="xl">
      <Loader />
    </Center>,
  );
}
