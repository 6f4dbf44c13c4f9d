/**
 * Loading the warehouse's online-only parts shown on other screens (./online: the Excel import
 * dialog, an order's receipts and its return), which scripts/office-chunks.ts keeps out of the precache as
 * they need the server for everything they show: each is fetched when first shown, and shown
 * offline before it was ever loaded, a dialog says that it needs the network and a card stays
 * away. Imports nothing of the parts themselves, so no file of theirs imports back what loads it.
 * What only the parts use (api/order-stock-api, api/stock-import-api, model/order-return,
 * model/stock-sheet, contract/warehouse-sheet) travels in their files, out of the precache: a
 * precached file importing one of those would stop working offline.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import type { ComponentType } from 'react';
import { loadedWhenShown } from '@/ui/online-screen';

function NeedsNetworkDialog({ onClose }: { onClose: () => void }) {
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Cần kết nối mạng" centered>
      <Stack gap="sm">
        <Text size="sm">Chức năng này cần kết nối mạng để mở lần đầu.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Đóng lại
          </Button>
          <Button onClick={() => window.location.reload()}>Thử lại</Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}

/** A dialog fetched when first opened (mount it only while open; `onClose` closes it). */
export function onlineDialog<P extends { onClose: () => void }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return loadedWhenShown(load, NeedsNetworkDialog as ComponentType<P>);
}

/** A part of another screen, fetched when first shown; nothing shows when it cannot be loaded. */
export function onlineCard<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return loadedWhenShown(load, () => null);
}
