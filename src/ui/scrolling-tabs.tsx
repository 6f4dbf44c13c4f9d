// A row of tabs without panels that scrolls sideways on a narrow screen instead of wrapping (the
// customer list's tabs, the warehouse hub's sections). Test ids: `{testId}-tab-{tab}`.
import { ScrollArea, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollingTabs<T extends string>({
  tabs,
  labels,
  value,
  onChange,
  testId,
}: {
  tabs: readonly T[];
  labels: Record<T, ReactNode>;
  value: T;
  onChange: (tab: T) => void;
  testId: string;
}) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as T)}>
      <ScrollArea type="never">
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} style={{ whiteSpace: 'nowrap' }} data-testid={`${testId}-tab-${tab}`}>
              {labels[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
    </Tabs>
  );
}
