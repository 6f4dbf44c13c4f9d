/**
 * The Zalo OA screen (./office), loaded when first opened: scripts/office-chunks.ts keeps it out of the
 * precache, as it needs the server for everything it shows. Opened offline before it was ever
 * loaded, it says so instead of failing.
 */
import { onlineScreen } from '@/ui/online-screen';

export const ZaloOaPage = onlineScreen(() => import('./office/messaging-office-screens').then((module) => module.ZaloOaPage), 'Zalo OA');
