/** What the benchmark page (entry.ts) exposes on `window.bench`, shared with the Node side (local-data.ts). */

export type SignInResult = { accountId: number; fullName: string; companies: { id: number; title: string }[] };

export type PageTiming = {
  /** Records in the page, by entity. */
  entities: Record<string, number>;
  /** transport call → answer parsed (server + network + text + JSON.parse). */
  fetchMs: number;
  /** Resource timing: request sent → first byte (mostly the server building the page). */
  waitMs: number | null;
  /** Resource timing: first byte → last byte. */
  downloadMs: number | null;
  /** The page's Dexie transaction (fold + bulkPut + cursor), from when IndexedDB could start it. */
  applyMs: number;
  bytes: number | null;
};

export type FirstSyncResult = {
  totalMs: number;
  /** Time no page was being written: IndexedDB waited for the network or this thread. */
  idleMs: number;
  /** The page's main thread while syncing: longest task, and time blocked past 50 ms per task. */
  longestTaskMs: number;
  blockingMs: number;
  pages: number;
  changes: number;
  perPage: PageTiming[];
  /** toLocalCustomer / toLocalVariant over every pulled record, timed on their own afterwards. */
  foldMs: Record<string, number>;
  counts: { customers: number; variants: number; cursor: number; initialDone: boolean };
  storage: { usage: number | null; quota: number | null };
};

export type SearchQuery = {
  kind: 'customers' | 'variants' | 'barcode' | 'customer-list';
  text: string;
  /** customer-list only: the offline customer screen's filter besides the search. */
  filter?: { filterCustomerType?: string; tabFilter?: 'active' | 'inactive' | 'ungrouped'; page?: number };
};

export type SearchTiming = { ms: number; results: number };

export type DrainInput = {
  companyId: number;
  accountId: number;
  accountName: string;
  /** Visits to record: each is one check-in op and one check-out op. */
  visits: number;
  /** Drain batch size (src/sync/drain.ts DEFAULT_BATCH is 50). */
  batchSize?: number;
};

export type DrainResult = {
  enqueueMs: number;
  drainMs: number;
  /** Inside pushTransport (request, server, answer); the rest of drainMs is the device's own work. */
  transportMs: number;
  ops: number;
  requests: number;
  drainCalls: number;
  stops: Record<string, number>;
  opIds: string[];
  visitIds: string[];
  /** Outbox rows by state after the drain. */
  states: Record<string, number>;
  /** Local visits by sync state after the drain. */
  visitStates: Record<string, number>;
};

/** ms: one figure per round. */
export type DiagnoseRow = { setup: string; rows: number; ms: number[] };
export type DiagnoseResult = {
  rows: DiagnoseRow[];
  /** Words in the search text, i.e. the entries v3's *words index wrote per row. */
  wordsPerCustomer: number;
  wordsPerVariant: number;
};

export type BenchApi = {
  signIn: (phone: string, password: string) => Promise<SignInResult>;
  firstSync: (input: { companyId: number; accountId: number; pageSize?: number }) => Promise<FirstSyncResult>;
  search: (companyId: number, queries: SearchQuery[]) => Promise<SearchTiming[]>;
  drain: (input: DrainInput) => Promise<DrainResult>;
  /** What-ifs on the last first sync's records: the same bulkPuts with fewer indexes or bigger transactions. */
  diagnose: (input: { sample: number; rounds: number }) => Promise<DiagnoseResult>;
  /** Loads the in-memory search indexes of a workspace (once per app start), timed per table. */
  loadSearch: (companyId: number) => Promise<Record<'customers' | 'variants', { ms: number; longestTaskMs: number }> & { heapMb: number }>;
  dayPlan: (input: DayPlanInput) => Promise<DayPlanResult>;
};

/** "Hôm nay" at a rep's scale (tests/bench/browser/day-plan.tsx). */
export type DayPlanInput = { customers: number; days: number; runs: number };
export type DayPlanResult = {
  seedMs: number;
  stopsToday: number;
  customers: number;
  visits: number;
  orders: number;
  /** dayPlanOnDevice, each run. */
  readMs: number[];
  /** Mount to every planned row in the DOM, each run (none on a Sunday). */
  drawMs: number[];
  /** One read's steps: the plans, today's stops, the customers, today's visits. */
  steps: Record<'plansMs' | 'dueMs' | 'customersMs' | 'visitsMs', number>;
  /** suggestionsOnDevice at a stop, each run (another customer each time). */
  suggestMs: number[];
  /** lotsToMoveOnDevice (once per order screen), each run. */
  lotsMs: number[];
  /** idleOnDevice (the count under "Hôm nay" and the list it opens), each run. */
  idleMs: number[];
};
