/**
 * What a route tells the layout about itself (`staticData`): its title (which may depend on the
 * company type, e.g. the sales-staff label), whether it is a top-level page with no back arrow on
 * mobile, and the feature switch it needs.
 */
import type { SwitchCode } from '@contract/company-switches';

export type TitleContext = { companyType: string | null };

export type RouteMeta = {
  title?: string | ((context: TitleContext) => string);
  /** A top-level page of the bottom navbar: no back arrow on mobile. */
  topLevel?: boolean;
  /** The switch that must be on for the page to be used. */
  feature?: SwitchCode;
};

declare module '@tanstack/react-router' {
  // Declaration merging: TanStack Router reads route staticData through this interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StaticDataRouteOption extends RouteMeta {}
}

export function resolveTitle(meta: RouteMeta | undefined, context: TitleContext): string {
  const title = meta?.title;
  if (!title) return '';
  return typeof title === 'function' ? title(context) : title;
}
