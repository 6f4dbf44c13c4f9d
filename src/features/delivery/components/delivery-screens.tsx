/**
 * The delivery office's screens (./office: /transport, /connect-dlo, the labels page) and its card
 * on an order's page, loaded when first opened: scripts/office-chunks.ts keeps them out of the precache, as
 * they need the server for everything they show. Opened offline before they were ever loaded, a
 * screen says so and the card stays away.
 */
import type { ComponentType } from 'react';
import { loadedWhenShown, onlineScreen } from '@/ui/online-screen';

const office = <P extends object>(load: () => Promise<ComponentType<P>>) => onlineScreen(load, 'giao vận');

// One import for all of them: one file, fetched once.
const screens = () => import('./office/delivery-office-screens');

export const TransportListView = office(() => screens().then((module) => module.TransportListView));
export const ConnectDloView = office(() => screens().then((module) => module.ConnectDloView));
export const DeliveryLabelsView = office(() => screens().then((module) => module.DeliveryLabelsView));
export const OrderDeliveryCard = loadedWhenShown(
  () => screens().then((module) => module.OrderDeliveryCard),
  () => null,
);
