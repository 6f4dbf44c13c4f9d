/**
 * The system administrator's screens (./office), loaded when first opened: scripts/office-chunks.ts keeps them
 * out of the offline precache, as they need the server for everything they show.
 */
import type { ComponentType } from 'react';
import { onlineScreen } from '@/ui/online-screen';

const office = <P extends object>(load: () => Promise<ComponentType<P>>) => onlineScreen(load, 'quản trị hệ thống');
const screens = () => import('./office/system-office-screens');

export const SystemOverviewView = office(() => screens().then((module) => module.SystemOverviewView));
export const AccountListView = office(() => screens().then((module) => module.AccountListView));
export const AccountTypeView = office(() => screens().then((module) => module.AccountTypeView));
export const SystemOrderListView = office(() => screens().then((module) => module.SystemOrderListView));
export const ShopListView = office(() => screens().then((module) => module.ShopListView));
export const SalesHistoryView = office(() => screens().then((module) => module.SalesHistoryView));
