/**
 * /promotion's filter in its URL (model/promotion-filter.ts), read in the page's own chunk rather
 * than in the route's validateSearch, which would ship with the app's entry and so with /login
 * (tests/bench/build-size.ts). Every change is saved for the 'promotion' section as well; arriving
 * with a bare URL (the menu, the back arrow from a programme) puts the saved filter back
 * (product-spec.md §2 rule 4: src/app/router.ts clears it once the person leaves the section).
 */
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { readSavedFilter, saveFilter } from '@/session/saved-filters';
import {
  compactPromotionFilter,
  parsePromotionFilter,
  promotionFilterToRestore,
  type PromotionFilter,
} from '@/features/promotions/model/promotion-filter';

export function usePromotionFilter(): { filter: PromotionFilter; restoring: boolean; setFilter: (next: PromotionFilter) => void } {
  const location = useLocation();
  const search = location.search as Record<string, unknown>;
  // While a link away from the list is followed, the list still renders once with the next page's
  // (bare) location: that is no arrival at the list, and must not bring the saved filter back.
  const onList = location.pathname.replace(/\/+$/, '') === '/promotion';
  const navigate = useNavigate();
  const filter = useMemo(() => parsePromotionFilter(search), [search]);
  const restore = useMemo(() => (onList ? promotionFilterToRestore(search, readSavedFilter('promotion')) : null), [search, onList]);

  useEffect(() => {
    if (restore) void navigate({ to: '/promotion', search: restore as never, replace: true });
  }, [restore, navigate]);

  return {
    filter,
    restoring: restore !== null,
    setFilter: (next) => {
      const compact = compactPromotionFilter(next);
      // Saved before navigating, so the restore above never sees an older filter.
      saveFilter('promotion', compact);
      void navigate({ to: '/promotion', search: compact as never, replace: true });
    },
  };
}
