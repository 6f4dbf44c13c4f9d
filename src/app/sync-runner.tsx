/**
 * Sync for the workspace on screen, for the person signed in: the engine with every synced domain
 * (./sync-domains) and the service worker's Background Sync bridge. The workspace layout loads this
 * after its first paint (src/app/layout/app-layout.tsx): the engine, the local database and the
 * domains' code are a third of the app shell, and the screen can paint without them.
 */
import { useEffect } from 'react';
import { startSync } from '@/sync/engine';
import './sync-domains';
import { useBackgroundSyncBridge } from './pwa/background-sync-bridge';

export default function SyncRunner({ companyId, accountId }: { companyId: number; accountId: number }) {
  useEffect(() => startSync({ companyId, accountId }), [companyId, accountId]);
  useBackgroundSyncBridge();
  return null;
}
