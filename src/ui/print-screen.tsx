/**
 * The page every printed document opens on (docs/vietnam.md "Printing": HTML/CSS print, the
 * browser's dialog): outside the app layout, a toolbar with "Quay lại", the screen's own choices
 * and "In", which the print stylesheet hides (src/ui/print-sheet.module.css), then the sheet.
 * Used by the order, receipt, payment, statement, recall and delivery-label print views.
 */
import { Button, Group, type ButtonProps } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import classes from './print-sheet.module.css';

type PrintButtonProps = Omit<ButtonProps, 'leftSection' | 'children'> & {
  iconSize?: number;
  'data-testid'?: string;
};

/** "In": opens the browser's print dialog (the report pages print in the app layout with it too). */
export function PrintButton({ iconSize = 18, ...props }: PrintButtonProps) {
  return (
    <Button leftSection={<IconPrinter size={iconSize} />} onClick={() => window.print()} {...props}>
      In
    </Button>
  );
}

type Props = {
  /** The sheet's @page rule (size and margins): the print dialog starts with them. */
  page: string;
  /** Set as the document's title while shown: the browser offers it as the PDF's file name. */
  title?: string | null;
  onBack: () => void;
  /** Whether there is a sheet to print yet; "In" waits for it. */
  ready: boolean;
  /** Between "Quay lại" and "In": the sheet's format choice. */
  controls?: ReactNode;
  /** The print button's test id (the delivery labels' tests call theirs 'labels-print'). */
  printTestId?: string;
  children: ReactNode;
};

export function PrintScreen({ page, title, onBack, ready, controls, printTestId = 'print-button', children }: Props) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className={classes.screen}>
      <style>{page}</style>
      <div className={classes.toolbar}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Button variant="subtle" leftSection={<IconArrowLeft size={18} />} onClick={onBack} px="xs" data-testid="print-back">
            Quay lại
          </Button>
          {controls}
          <PrintButton disabled={!ready} data-testid={printTestId} />
        </Group>
      </div>
      {children}
    </div>
  );
}
