/** What every /reports route renders: its page with the company, the URL's filter and the width. */
import type { ComponentType } from 'react';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';
import type { ReportSearch } from '../model/report-search';
import type { ReportPageProps } from './report-page-props';

type Props = { page: ComponentType<ReportPageProps>; search: ReportSearch; onSearch: (next: ReportSearch) => void };

export function ReportRoute({ page: Page, search, onSearch }: Props) {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <Page companyId={company.id} search={search} onSearch={onSearch} isMobile={isMobile} />;
}
