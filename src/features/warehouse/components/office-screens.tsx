/**
 * The warehouse office's screens (./office), loaded when first opened: scripts/office-chunks.ts keeps them
 * out of the precache, as they need the server for everything they show. Opened offline before
 * they were ever loaded, a screen says so instead of failing.
 */
import type { ComponentType } from 'react';
import { onlineScreen } from '@/ui/online-screen';

const office = <P extends object>(load: () => Promise<ComponentType<P>>) => onlineScreen(load, 'kho');

// One import for all of them: one file, fetched once.
const screens = () => import('./office/warehouse-office-screens');

export const WarehouseHub = office(() => screens().then((module) => module.WarehouseHub));
export const ReceiptListView = office(() => screens().then((module) => module.ReceiptListView));
export const ReceiptFormPage = office(() => screens().then((module) => module.ReceiptFormPage));
export const ReceiptDetailPage = office(() => screens().then((module) => module.ReceiptDetailPage));
export const ReceiptPrintView = office(() => screens().then((module) => module.ReceiptPrintView));
