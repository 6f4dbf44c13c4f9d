/** An order's export status from base quantities: none, part or all of what its warehouse tracks. */
import { describe, expect, it } from 'vitest';
import { exportStatusOf } from './orders-export';

const of = (entries: [number, number][]) => new Map(entries);

describe('exportStatusOf', () => {
  it('is none, part or all of the tracked quantities that completed export receipts took out', () => {
    const ordered = of([
      [1, 200],
      [2, 30],
    ]);
    expect(exportStatusOf(ordered, of([]), false)).toBe('not_exported');
    expect(exportStatusOf(ordered, of([[1, 200]]), true)).toBe('partial');
    expect(exportStatusOf(ordered, of([[1, 50]]), true)).toBe('partial');
    expect(
      exportStatusOf(
        ordered,
        of([
          [1, 200],
          [2, 30],
        ]),
        true,
      ),
    ).toBe('exported');
    // More than ordered on one line does not make up for another.
    expect(exportStatusOf(ordered, of([[1, 400]]), true)).toBe('partial');
    // A receipt of another variant only does not count.
    expect(exportStatusOf(ordered, of([[3, 10]]), true)).toBe('not_exported');
  });

  it('follows the shipping of an order whose goods its warehouse does not track', () => {
    expect(exportStatusOf(of([]), of([]), false)).toBe('not_exported');
    expect(exportStatusOf(of([]), of([]), true)).toBe('exported');
  });
});
