import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ZaloOaPage } from '@/features/messaging/components/messaging-screens';
import { parseZaloSearch, type ZaloSearch } from '@/features/messaging/components/zalo-search';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

// The ZALO service: OAs, followers, templates, inbox and send-to-many, one section at a time (?tab=…).
export const Route = createFileRoute('/_app/zalo-oa')({
  staticData: { title: 'Zalo OA', feature: 'ZALO' },
  component: ZaloOaRoute,
});

function ZaloOaRoute() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  const search = parseZaloSearch(useLocation().search as Record<string, unknown>);
  const navigate = useNavigate();
  const onSearch = useCallback((next: ZaloSearch) => void navigate({ to: '.', search: next as never, replace: true }), [navigate]);
  if (!company) return null;
  return <ZaloOaPage companyId={company.id} isMobile={isMobile} search={search} onSearch={onSearch} />;
}
