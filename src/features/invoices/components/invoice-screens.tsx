/**
 * The e-invoice office's screens (./office: list, invoice, settings, accounting), loaded when first
 * opened: scripts/office-chunks.ts keeps them out of the precache, as they need the server for everything
 * they show. Opened offline before they were ever loaded, a screen says so instead of failing.
 */
import type { ComponentType } from 'react';
import { onlineScreen } from '@/ui/online-screen';

const office = <P extends object>(load: () => Promise<ComponentType<P>>) => onlineScreen(load, 'hóa đơn điện tử');

// One import for all of them: one file, fetched once.
const screens = () => import('./office/invoice-office-screens');

export const InvoiceListView = office(() => screens().then((module) => module.InvoiceListView));
export const InvoiceDetailPage = office(() => screens().then((module) => module.InvoiceDetailPage));
export const InvoiceSettingsPage = office(() => screens().then((module) => module.InvoiceSettingsPage));
export const AccountingPage = office(() => screens().then((module) => module.AccountingPage));
