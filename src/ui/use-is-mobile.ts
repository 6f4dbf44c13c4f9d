import { useMediaQuery } from '@mantine/hooks';

/** Spec §9: the mobile layout applies under 768 px. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, typeof window !== 'undefined' ? window.matchMedia(MOBILE_QUERY).matches : false, {
    getInitialValueInEffect: false,
  });
}
