/**
 * The device's database (Dexie over IndexedDB), the only place tables are defined. It mirrors what
 * the server syncs (customers, visits, ...) and keeps what only this device knows: the outbox of
 * work not yet acknowledged, sync cursors, the device id. Mirrors may be dropped and pulled again;
 * the outbox never is (docs/offline-sync.md "One write path").
 *
 * Versions only ever add: a new version lists every store again with its indexes and, where the
 * shape of stored rows changes, an `upgrade` that rewrites them.
 */
import Dexie, { type EntityTable, type IndexableType, type Table } from 'dexie';
import type { AttendanceClaimRecord, AttendanceSettingsRecord } from '@contract/attendance';
import type { CustomerLevelRecord, CustomerRecord, CustomerTypeRecord } from '@contract/customers';
import type { OrderRecord } from '@contract/orders';
import type { OrderTypeRecord } from '@contract/orders-types';
import type { PharmaSettingsRecord } from '@contract/pharma';
import type { LineDiscount } from '@contract/orders-totals';
import type { PricePolicyRecord } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import type { PromotionRecord } from '@contract/promotions';
import type { PaymentRecord, ReceivableRecord, RepCreditRecord } from '@contract/receivables';
import type { FeatureFlags } from '@contract/company-switches';
import type { OpResult } from '@contract/sync';
import type { SyncEntity } from '@contract/sync-domains';
import type { VisitRecord } from '@contract/visits';
import type { VisitSettingsRecord } from '@contract/visits-place';
import type { RoutePlanRecord } from '@contract/visits-plans';
import type { StockAvailability } from '@contract/warehouse';
import type { StockCheckRecord } from '@contract/warehouse-receipts';
import { PACKS_SCHEMA, PACKS_WITH_CODES_SCHEMA, PackedTable, packsOf, type PackedRow } from './packed-table';
import { seenFromHistory } from './customer-seen';
import { customerSearchText, variantSearchText } from './search-text';

/** Where a record made on this device stands with the server. */
export type LocalSyncState = 'pending' | 'synced' | 'rejected';

export type MetaRow = { key: string; value: unknown };

export type WorkspaceRow = { companyId: number; title: string; type: string; status: string; accountId: number };

export type FlagsRow = { companyId: number; flags: FeatureFlags; updatedAt: string };

export type SyncCursorRow = {
  companyId: number;
  accountId: number;
  cursor: number;
  /** The first full pull finished: lists can be trusted offline. */
  initialDone: boolean;
  lastPullAt: string | null;
  lastPushAt: string | null;
  /** Which customers the mirror holds (the member's data scope, PullAnswer.scopeKey); absent on older rows. */
  scopeKey?: string | null;
};

export type LocalCustomer = CustomerRecord & {
  /** Its folded words, space-separated, for device search (search-index.ts; not an IndexedDB index). */
  search: string;
  nameFold: string;
  syncState: LocalSyncState;
};

export type LocalVisit = VisitRecord & { syncState: LocalSyncState; error: string | null };
/** The latest moment (ISO) of an order or a visit of the customer on this device (customer-seen.ts). */
export type CustomerSeenRow = { company: number; customer_id: string; at: string };

/** A rep's self-claim (contract/attendance.ts): filed on the phone first, the manager's decision pulled. */
export type LocalAttendanceClaim = AttendanceClaimRecord & { syncState: LocalSyncState; error: string | null };

export type LocalVariant = VariantRecord & {
  /** Folded words of product and variant names, codes, ingredient, brand, barcodes (search-index.ts). */
  search: string;
  /** `${companyId}|${barcode}` of every unit, for scanning. */
  barcodes: string[];
  nameFold: string;
};

/** An order as this device knows it: the server's copy, or one made here and not yet accepted. */
export type LocalOrder = OrderRecord & {
  syncState: LocalSyncState;
  /** Why the server refused it, and what it would change (raised prices, short stock). */
  error: string | null;
  changes: { field: string; from: unknown; to: unknown; message: string }[];
};

export type CartLine = {
  lineId: string;
  variantId: number;
  unit: string;
  quantity: number;
  /** The effective unit price shown when the line was last priced. */
  unitPrice: number;
  /** A higher price the server asked for and the rep accepted; the device may not know it yet. */
  confirmedPrice?: number | null;
  discount: LineDiscount | null;
};

/** The order being taken: survives reloads and app restarts, one per person and workspace. */
export type CartRow = {
  key: string;
  companyId: number;
  accountId: number;
  /** Set when a refused order is being fixed: sending again reuses its id. */
  orderId: string | null;
  customerId: string | null;
  visitId: string | null;
  lines: CartLine[];
  note: string;
  deliveryDate: string | null;
  /** The order type chosen (contract/orders-types.ts); absent or null: the person's default one. */
  orderTypeId?: number | null;
  updatedAt: string;
};

/** A variant's sellable stock as the server last said (id: the variant id). */
export type LocalStock = StockAvailability;

/** An open count (kiểm kho) this device may count. */
export type LocalStockCheck = StockCheckRecord;

/** What one person has counted so far on one check, not yet sent: base units per variant and lot. */
export type CountDraftRow = {
  key: string;
  companyId: number;
  accountId: number;
  receiptId: string;
  lines: { variantId: number; lotId: number | null; quantity: number }[];
  note: string;
  updatedAt: string;
};

export type LocalCustomerType = CustomerTypeRecord;
export type LocalCustomerLevel = CustomerLevelRecord;
export type LocalPricePolicy = PricePolicyRecord;
export type LocalPromotion = PromotionRecord;
export type LocalOrderType = OrderTypeRecord;

/** What a customer owes and may owe (id: the customer's id), as the server last said. */
export type LocalReceivable = ReceivableRecord;
/** This person's own limit over the orders they took (id: their account id). */
export type LocalRepCredit = RepCreditRecord;
/** A payment this person collected (phiếu thu), made here or mirrored. */
export type LocalPayment = PaymentRecord & { syncState: LocalSyncState; error: string | null };

export type OutboxState = 'pending' | 'sending' | 'done' | 'rejected';

export type OutboxError = {
  kind: 'network' | 'server' | 'auth' | 'forbidden' | 'bad-request' | 'rejected' | 'retry' | 'update-required';
  status?: number;
  code?: string;
  message: string;
};

export type OutboxRow = {
  seq?: number;
  opId: string;
  companyId: number;
  /** Only this account may send it: another person signing in on the device never pushes it. */
  accountId: number;
  type: string;
  payload: unknown;
  schemaVersion: number;
  clientCreatedAt: string;
  dependsOn: string[];
  /** The local record the op is about, so its chip can show the op's state. */
  entity: { type: SyncEntity; id: string } | null;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  lastError: OutboxError | null;
  result: OpResult | null;
  doneAt: number | null;
  /** A refused op the person set aside, and why: it asks for nothing more (src/sync/outbox.ts dismissRefusedOps). */
  dismissed?: { reason: string; at: string } | null;
  /** Files the op names (contract/files.ts), uploaded before it is sent (src/sync/outbox-files.ts). */
  files?: string[];
};

/** A file an op carries, kept on the device until it is sent and a while after (src/sync/outbox-files.ts). */
export type OutboxFileRow = {
  id: string;
  companyId: number;
  accountId: number;
  contentType: string;
  /** The bytes (an ArrayBuffer, not a Blob: every browser's IndexedDB keeps one). */
  bytes: ArrayBuffer;
  createdAt: number;
  /** When the server said it holds them; null until then. */
  uploadedAt: number | null;
};

export class AppDb extends Dexie {
  meta!: EntityTable<MetaRow, 'key'>;
  workspaces!: EntityTable<WorkspaceRow, 'companyId'>;
  flags!: EntityTable<FlagsRow, 'companyId'>;
  syncCursors!: EntityTable<SyncCursorRow, 'companyId'>;
  /** Kept in packs (packed-table.ts): the first sync writes 100,000 of them. */
  customers!: PackedTable<LocalCustomer>;
  visits!: EntityTable<LocalVisit, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  outboxFiles!: EntityTable<OutboxFileRow, 'id'>;
  /** Kept in packs (packed-table.ts); a scanned barcode finds its variant through the packs' `codes`. */
  variants!: PackedTable<LocalVariant>;
  customerTypes!: EntityTable<LocalCustomerType, 'id'>;
  customerLevels!: EntityTable<LocalCustomerLevel, 'id'>;
  pricePolicies!: EntityTable<LocalPricePolicy, 'id'>;
  orders!: EntityTable<LocalOrder, 'id'>;
  carts!: EntityTable<CartRow, 'key'>;
  stock!: EntityTable<LocalStock, 'id'>;
  stockChecks!: EntityTable<LocalStockCheck, 'id'>;
  countDrafts!: EntityTable<CountDraftRow, 'key'>;
  promotions!: EntityTable<LocalPromotion, 'id'>;
  orderTypes!: EntityTable<LocalOrderType, 'id'>;
  receivables!: EntityTable<LocalReceivable, 'id'>;
  repCredits!: EntityTable<LocalRepCredit, 'id'>;
  payments!: EntityTable<LocalPayment, 'id'>;
  pharmaSettings!: EntityTable<PharmaSettingsRecord, 'company'>;
  visitSettings!: EntityTable<VisitSettingsRecord, 'company'>;
  routePlans!: EntityTable<RoutePlanRecord, 'id'>;
  attendanceClaims!: EntityTable<LocalAttendanceClaim, 'id'>;
  attendanceSettings!: EntityTable<AttendanceSettingsRecord, 'company'>;
  customerSeen!: Table<CustomerSeenRow, [number, string]>;

  constructor(name = 'salesfield') {
    super(name);
    this.version(1).stores({
      meta: 'key',
      workspaces: 'companyId',
      flags: 'companyId',
      syncCursors: 'companyId',
      customers: 'id, company, *words, [company+nameFold], [company+code]',
      visits: 'id, [company+check_in_at], [company+customer_id], syncState',
      outbox: '++seq, &opId, [companyId+state], state, entity.id',
    });
    // v2: the catalogue, customer groups and levels, price policies. Customers lose the
    // plain `company` index (the compound indexes serve company ranges; fewer indexes = faster sync).
    this.version(2).stores({
      customers: 'id, *words, [company+nameFold], [company+code]',
      variants: 'id, *words, *barcodes, [company+nameFold]',
      customerTypes: 'id, company',
      customerLevels: 'id, company',
      pricePolicies: 'id, company',
    });
    // v3: this person's orders (mirrored and made here) and the cart being filled.
    this.version(3).stores({
      orders: 'id, [company+created_at], [company+customer_id], syncState',
      carts: 'key',
    });
    // v4: device search moves to memory (search-index.ts). The multi-entry `*words` indexes wrote
    // ~10 IndexedDB entries per row and took three quarters of a 150k-row first sync; `[company+code]`
    // was never queried. Rows trade their `words` for one `search` text.
    this.version(4)
      .stores({
        customers: 'id, [company+nameFold]',
        variants: 'id, *barcodes, [company+nameFold]',
      })
      .upgrade(async (tx) => {
        await tx
          .table('customers')
          .toCollection()
          .modify((row: LocalCustomer & { words?: string[] }) => {
            row.search = customerSearchText(row);
            delete row.words;
          });
        await tx
          .table('variants')
          .toCollection()
          .modify((row: LocalVariant & { words?: string[] }) => {
            row.search = variantSearchText(row);
            delete row.words;
          });
      });
    // v5: each variant's sellable stock, the open counts this person may count, and the
    // count being taken (it survives reloads until it is sent).
    this.version(5).stores({
      stock: 'id, company',
      stockChecks: 'id, company',
      countDrafts: 'key',
    });
    // v6: the company's promotion programmes, applied by the cart offline.
    this.version(6).stores({ promotions: 'id, company' });
    // v7 (docs/orders-types.md): the company's order types and who may use each, chosen on the order screen offline.
    this.version(7).stores({ orderTypes: 'id, company' });
    // v8 (docs/receivables.md): what the person's customers owe with their limits, the person's own limit, and
    // the payments they collected (made here offline, or mirrored).
    this.version(8).stores({
      receivables: 'id, company',
      repCredits: 'id, company',
      payments: 'id, [company+collected_at], [company+customer_id], syncState',
    });
    // v9 (docs/offline-sync.md "Packed mirrors"): customers and variants move into packs, PACK_SIZE rows to an IndexedDB row
    // (packed-table.ts): a first sync wrote them at 11,000–14,000 rows a second, one row each.
    this.version(9)
      .stores({ customers: null, variants: null, customerPacks: PACKS_SCHEMA, variantPacks: PACKS_WITH_CODES_SCHEMA })
      .upgrade(async (tx) => {
        await repack(tx.table('customers'), tx.table('customerPacks'), () => []);
        await repack(tx.table('variants'), tx.table('variantPacks'), variantCodes);
      });
    // v10 (docs/pharma.md): the company's pharma rule settings, so the cart blocks and warns as the server will.
    this.version(10).stores({ pharmaSettings: 'company' });
    // v11 (docs/visits.md): the company's check-in rules, so a check-in far from the pin is refused or warned of offline as the server will.
    this.version(11).stores({ visitSettings: 'company' });
    // v12 (docs/visits.md "Route plans"): the rep's own route plans, for "Hôm nay" offline.
    this.version(12).stores({ routePlans: 'id, company' });
    // v13 (docs/attendance.md): the rep's own self-claims and the company's attendance rule, for their month offline.
    this.version(13).stores({ attendanceClaims: 'id, [company+day], syncState', attendanceSettings: 'company' });
    // v14 (docs/visits.md "What to order at a stop"): the route's idle customers read as index keys alone (who was
    // visited since a day, a customer's latest visit and order, orders since a day) instead of records whole.
    this.version(14).stores({
      visits:
        'id, [company+check_in_at], [company+customer_id], [company+check_in_at+customer_id], [company+customer_id+check_in_at], syncState',
      orders: 'id, [company+created_at], [company+customer_id], [company+customer_id+created_at], syncState',
    });
    // v15 (docs/visits.md "What to order at a stop"): when each customer was last seen (customer-seen.ts), so
    // "Lâu chưa ghé" reads one small row per customer instead of a month of visits.
    this.version(15)
      .stores({ customerSeen: '[company+customer_id]' })
      .upgrade((tx) => seenFromHistory(tx.table('visits'), tx.table('orders'), tx.table('customerSeen')));
    // v16: the two indexes v14 added for "Lâu chưa ghé", read by v15's upgrade and by nothing since (a pull writes fewer).
    this.version(16).stores({
      visits: 'id, [company+check_in_at], [company+customer_id], syncState',
      orders: 'id, [company+created_at], [company+customer_id], syncState',
    });
    // v17 (docs/offline-sync.md "Files in the outbox"): the photos ops carry, beside the outbox.
    this.version(17).stores({ outboxFiles: 'id, companyId' });
    // Set after the versions: Dexie's own table properties are laid down (and removed) by them.
    this.customers = new PackedTable<LocalCustomer>(this, 'customerPacks');
    this.variants = new PackedTable<LocalVariant>(this, 'variantPacks', variantCodes);
  }
}

/** What a scanned barcode finds a variant by. */
const variantCodes = (variant: LocalVariant) => variant.barcodes;

/** Rows of a table written again as packs, a few thousand at a time in key order. */
async function repack<Row extends PackedRow>(from: Table<Row>, to: Table, codesOf: (row: Row) => string[]): Promise<void> {
  const STEP = 5_000;
  for (let after: IndexableType | null = null; ;) {
    const rows: Row[] = await (after === null ? from.orderBy(':id') : from.where(':id').above(after)).limit(STEP).toArray();
    if (rows.length === 0) return;
    await to.bulkAdd(packsOf(rows, codesOf));
    after = rows.at(-1)!.id;
  }
}

let instance: AppDb | null = null;

/** The app's database; tests open their own with `new AppDb(name)`. */
export function appDb(): AppDb {
  instance ??= new AppDb();
  return instance;
}
