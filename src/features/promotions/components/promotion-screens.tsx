/**
 * The promotion office's screens (./office: list, form, detail), loaded when first opened:
 * scripts/office-chunks.ts keeps them out of the precache, as they need the server for everything they
 * show. Opened offline before they were ever loaded, a screen says so instead of failing.
 */
import type { ComponentType } from 'react';
import { onlineScreen } from '@/ui/online-screen';

const office = <P extends object>(load: () => Promise<ComponentType<P>>) => onlineScreen(load, 'khuyến mại');

// One import for all of them: one file, fetched once.
const screens = () => import('./office/promotion-office-screens');

export const PromotionListView = office(() => screens().then((module) => module.PromotionListView));
export const PromotionFormPage = office(() => screens().then((module) => module.PromotionFormPage));
export const PromotionDetailPage = office(() => screens().then((module) => module.PromotionDetailPage));
