/**
 * The domains that sync with the phones, each declared in its own contract file
 * (`defineSyncDomain`), and what the sync kernels derive from them: every op type with its payload
 * schema, label, permission and switch, and every entity of the change log. The server adds a
 * handler per op and a loader per entity (server/sync-domains.ts); the client a mirror per entity
 * and a writer per op (src/app/sync-domains.ts). Recipe: docs/adding-a-domain.md.
 *
 * An op name, once shipped, keeps its meaning: a changed shape gets a new name or a new schema
 * version (contract/sync.ts SUPPORTED_SCHEMA_VERSIONS), since phones may hold old ops for days.
 */
import type * as v from 'valibot';
import { attendanceSync } from './attendance';
import { customersSync } from './customers';
import { ordersSync } from './orders';
import { pharmaSync } from './pharma';
import { pricePolicySync } from './price-policy';
import { productsSync } from './products';
import { promotionsSync } from './promotions';
import { receivablesSync } from './receivables';
import type { FeatureCode } from './company-switches';
import { can, type MemberAccess } from './roles';
import type { SyncEntityRead, SyncOpSpec } from './sync';
import { visitsSync } from './visits';
import { warehouseSync } from './warehouse';

export const SYNC_DOMAINS = [
  customersSync,
  visitsSync,
  ordersSync,
  productsSync,
  pricePolicySync,
  warehouseSync,
  promotionsSync,
  receivablesSync,
  pharmaSync,
  attendanceSync,
] as const;

export type SyncDomainName = (typeof SYNC_DOMAINS)[number]['name'];

type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;
type AllOps = UnionToIntersection<(typeof SYNC_DOMAINS)[number]['ops']>;

export type OpType = keyof AllOps & string;
export type OpSpecOf<T extends OpType> = AllOps[T] extends SyncOpSpec<infer S> ? SyncOpSpec<S> : never;
export type OpPayload<T extends OpType> = AllOps[T] extends { schema: infer S extends v.GenericSchema } ? v.InferOutput<S> : never;

export const OP_SPECS: { readonly [T in OpType]: AllOps[T] } = Object.assign({}, ...SYNC_DOMAINS.map((domain) => domain.ops));

export function isOpType(value: string): value is OpType {
  return Object.prototype.hasOwnProperty.call(OP_SPECS, value);
}

export const SYNC_ENTITIES = SYNC_DOMAINS.flatMap((domain) => domain.entities);
export type SyncEntity = (typeof SYNC_DOMAINS)[number]['entities'][number];

/** Who each mirrored entity is pulled for (SyncEntityRead), from the domains' contracts. */
export const SYNC_ENTITY_READS: Readonly<Record<SyncEntity, SyncEntityRead>> = Object.assign(
  {},
  ...SYNC_DOMAINS.map((domain) => domain.reads),
);

/** The entities a member's phone receives: their role allows reading them and the company has their switch on. */
export function readableEntities(
  access: Pick<MemberAccess, 'permissions' | 'isAdmin'>,
  switchOn: (code: FeatureCode) => boolean,
): SyncEntity[] {
  return SYNC_ENTITIES.filter((entity) => {
    const read = SYNC_ENTITY_READS[entity];
    return (read.requires === undefined || switchOn(read.requires)) && read.anyOf.some(([area, action]) => can(access, area, action));
  });
}
