/**
 * The device search index's cost of applying a write (src/db/workspace-entries.ts `apply`): 100,000
 * customer-like entries held, then 1, 50 or 2,000 rows of one pack written, 20 times each, in node.
 * What a search pays once after writes, before it scans.
 *
 *   npm run bench:index-apply
 */
import { compareLoaded, WorkspaceEntries, type Loaded } from '@/db/workspace-entries';

const WORDS = ['nha', 'thuoc', 'minh', 'chau', 'an', 'khang', 'long', 'pharmacity', 'tam', 'duc', 'hoa', 'binh', 'phuoc', 'le', 'loi'];
const HELD = 100_000;
const ROUNDS = 20;

const pick = (count: number) => Math.floor(Math.random() * count);

/** A customer-like entry: a name of four to six common words, a code, a phone. */
function entry(index: number, pack: number): Loaded<object> {
  const name = `${Array.from({ length: 4 + pick(3) }, () => WORDS[pick(WORDS.length)]).join(' ')} ${index}`;
  return {
    entry: { id: crypto.randomUUID(), sort: name, fields: {}, pack },
    text: ` ${name} kh${String(index).padStart(6, '0')} 09${pick(1e8)}`,
  };
}

const loaded = Array.from({ length: HELD }, (_, index) => entry(index, 1 + Math.floor(index / 50))).sort(compareLoaded);
const entries = await WorkspaceEntries.fromSorted(loaded, async () => undefined);
entries.find(['nha'], null, 1);
let next = HELD;
for (const written of [1, 50, 2_000]) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const pack = 1 + pick(HELD / 50);
    const rows = Array.from({ length: written }, () => entry(next++, pack));
    const started = performance.now();
    entries.apply(rows, new Set([pack]));
    times.push(performance.now() - started);
    // Joined again by the search, as the app's next search does.
    entries.find(['nha'], null, 30);
  }
  times.sort((a, b) => a - b);
  console.info(
    `apply ${written} rows to ${HELD.toLocaleString('en-US')} entries: p50 ${times[ROUNDS / 2]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
  );
}
