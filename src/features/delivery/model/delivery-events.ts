/** A delivery's journey as the office reads it (src/features/delivery/components/office/delivery-detail.tsx). */

/**
 * A carrier's step within the status the delivery already has (GHN's "picking", "storing" while
 * it is on its way): not applied because nothing changes, which is normal, not late or twice.
 */
export function sameStep(events: readonly { status?: string | null; applied: boolean }[], index: number): boolean {
  const current = events
    .slice(0, index)
    .filter((event) => event.applied && event.status)
    .at(-1)?.status;
  return !events[index]!.status || events[index]!.status === current;
}
