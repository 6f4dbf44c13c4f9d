/**
 * A line of a phone's card with its glyph in front (a phone number, an e-mail, an address): the
 * glyph says what the line is without a label, which a 360 px card has no room for. A phone number
 * is a tel: link, so a rep calls a customer from the list.
 */
import { Anchor, Group } from '@mantine/core';
import { IconPhone, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function CardLine({ icon: Glyph, children }: { icon: Icon; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Glyph size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
      {children}
    </Group>
  );
}

export function PhoneLine({ phone }: { phone: string }) {
  return (
    <CardLine icon={IconPhone}>
      <Anchor href={`tel:${phone}`} size="sm">
        {phone}
      </Anchor>
    </CardLine>
  );
}
