/** Spec §2 "Layouts": when the scroll buttons show. */
export const SCROLL_THRESHOLD_PX = 50;

const SCROLL_TO_BOTTOM_PAGES = ['/order', '/pharmacist', '/product', '/dashboard', '/customers', '/employees'];

export function showsScrollToTop(pathname: string, scrollY: number): boolean {
  return scrollY > SCROLL_THRESHOLD_PX && pathname !== '/order/create';
}

export function showsScrollToBottom(pathname: string, distanceToBottom: number): boolean {
  return SCROLL_TO_BOTTOM_PAGES.includes(pathname) && distanceToBottom > SCROLL_THRESHOLD_PX;
}
