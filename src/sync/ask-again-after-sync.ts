/**
 * A screen's server query asked again after each sync, under the same key. With the sync's time in
 * the key instead, each sync made a new query: the list went pale as a placeholder and, answered
 * with the same rows, drew every row again (four times in the second after /customers opened).
 * Under one key, TanStack's structural sharing keeps an unchanged answer as it was; and the sync's
 * end is heard outside React, so the screen itself is not drawn again for it.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getSyncStatus, subscribeSyncStatus } from './sync-status';

export function useAskAgainAfterSync(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const latestKey = useRef(queryKey);
  useEffect(() => {
    latestKey.current = queryKey;
  });
  useEffect(() => {
    let seen = getSyncStatus().lastSyncedAt;
    return subscribeSyncStatus(() => {
      const { lastSyncedAt } = getSyncStatus();
      if (lastSyncedAt === seen) return;
      seen = lastSyncedAt;
      void queryClient.invalidateQueries({ queryKey: latestKey.current, exact: true });
    });
  }, [queryClient]);
}
