/** The Zalo OA screen in one file loaded on first use (../messaging-screens.tsx); its chunk's name keeps it out of the precache (scripts/office-chunks.ts). */
export { ZaloOaPage } from './zalo-oa-page';
