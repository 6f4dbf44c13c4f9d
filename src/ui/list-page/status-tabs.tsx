/**
 * A list's status tabs: "Tất cả" and one tab a status, each with the count of the current filter in
 * that status when the counts are known (the order, receipt and promotion lists). The tabs' values are
 * strings; `all` is the tab of no status. Test ids: `{testId}-tab-{value}` and `{testId}-tab-count`.
 */
import { Badge, ScrollArea, Tabs } from '@mantine/core';

export type StatusTab = { value: string; label: string; count: number | undefined };

export const ALL_STATUSES = 'all';

export function StatusTabs({
  tabs,
  value,
  onChange,
  testId,
  highlightActive = false,
}: {
  /** Every tab, "Tất cả" (allStatusesTab) first. */
  tabs: readonly StatusTab[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  testId: string;
  /** The chosen tab's count is filled rather than light (the order list). */
  highlightActive?: boolean;
}) {
  const current = value ?? ALL_STATUSES;
  return (
    <Tabs value={current} onChange={(next) => onChange(!next || next === ALL_STATUSES ? undefined : next)}>
      {/* The strip scrolls rather than squeeze: at 1024 px the tabs of seven statuses do not fit, and a
          shrunk tab hid its count. */}
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              data-testid={`${testId}-tab-${tab.value}`}
              rightSection={
                tab.count === undefined ? null : (
                  <Badge
                    size="sm"
                    variant={highlightActive && current === tab.value ? 'filled' : 'light'}
                    color="gray"
                    tt="none"
                    style={{ flexShrink: 0, overflow: 'visible' }}
                    data-testid={`${testId}-tab-count`}
                  >
                    {tab.count}
                  </Badge>
                )
              }
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
    </Tabs>
  );
}

/** The "Tất cả" tab with its total, to put before the statuses' tabs. */
export const allStatusesTab = (count: number | undefined): StatusTab => ({ value: ALL_STATUSES, label: 'Tất cả', count });
