/**
 * What /pharmacist and /employees share: the account filter state (URL part and saved state) turned
 * into one list's filter, and each change saved and put back in the URL.
 */
import type { StaffKind } from '@contract/employees';
import { useSession } from '@/session/session-store';
import { listFilter, readSavedAccountFilter, saveAccountFilter, urlPart, withList, type AccountFilter } from '../model/employee-filter';
import { EmployeeListView } from './employee-list-view';

type Props = {
  kind: StaffKind;
  /** This list's part of the state, from the URL. */
  search: AccountFilter;
  /** Puts the list's next part in the URL. */
  onSearch: (next: AccountFilter) => void;
  isMobile: boolean;
};

export function StaffListPage({ kind, search, onSearch, isMobile }: Props) {
  const { company, account } = useSession();
  if (!company || !account) return null;
  return (
    <EmployeeListView
      companyId={company.id}
      companyType={company.type}
      accountId={account.id}
      kind={kind}
      filter={listFilter(search, kind)}
      onFilter={(next) => {
        const state = withList({ ...readSavedAccountFilter(), ...search }, kind, next);
        saveAccountFilter(state);
        onSearch(urlPart(state, kind));
      }}
      isMobile={isMobile}
    />
  );
}
