/**
 * An icon button of a list's toolbar (a link to a related list, a dialog to open). A phone's
 * toolbar has room for icons only, so the label is both the tooltip and the accessible name.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';

type Props = {
  label: string;
  icon: Icon;
  /** A page to open, or… */
  to?: LinkProps['to'];
  /** …something to do here. */
  onClick?: () => void;
  testId?: string;
};

export function ToolbarIcon({ label, icon: Glyph, to, onClick, testId }: Props) {
  const glyph = <Glyph size={20} />;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="default" size={36} aria-label={label} data-testid={testId}>
          {glyph}
        </ActionIcon>
      ) : (
        <ActionIcon variant="default" size={36} aria-label={label} onClick={onClick} data-testid={testId}>
          {glyph}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
