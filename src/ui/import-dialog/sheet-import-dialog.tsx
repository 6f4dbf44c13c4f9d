/**
 * The import dialog of a sheet read in the browser and sent in calls (products, regions): the
 * shared dialog, the shared flow (sheet-import.ts) and the created / updated / refused report. A
 * screen gives its texts, its sheet's columns and how its rows are sent.
 */
import type { ReactNode } from 'react';
import { ImportDialog, type ImportTemplate } from './import-dialog';
import { ImportReport } from './import-report';
import { runSheetImport, type RowError, type SheetImport } from './sheet-import';

type Props<C extends string, R, E extends RowError> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  testIdPrefix: string;
  notice?: ReactNode;
  intro: ReactNode;
  template?: ImportTemplate;
  pickDisabled?: boolean;
  sheet: SheetImport<C, R, E>;
};

export function SheetImportDialog<C extends string, R, E extends RowError>({ sheet, ...props }: Props<C, R, E>) {
  return (
    <ImportDialog
      {...props}
      run={(file, job) => runSheetImport(file, job, sheet)}
      report={(tally, { again, close }) => <ImportReport {...tally} onAgain={again} onClose={close} testIdPrefix={props.testIdPrefix} />}
    />
  );
}
