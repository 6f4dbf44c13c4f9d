/**
 * Route options for a screen whose capability lands in a later issue: the route exists (spec §2
 * lists it), has its title, and shows an honest empty state instead of a fake screen.
 */
import type { RouteMeta } from './route-meta';
import { ComingSoon } from '../ui/coming-soon';

export function comingSoonPage(meta: RouteMeta & { title: string }) {
  return {
    staticData: meta,
    component: function ComingSoonPage() {
      return <ComingSoon title={meta.title} />;
    },
  };
}
