/**
 * The synced domains this client knows, registered once at start by the composition root
 * (src/app/sync-domains.ts) and checked complete against contract/sync-domains.ts: a mirror for
 * every entity the server may send, a writer for every op a device may queue.
 */
import type { SyncDomainContract } from '@contract/sync';
import type { AnswerHook, AnyClientSyncDomain, Mirror } from './domain';

type Registry = {
  mirrors: Map<string, Mirror>;
  onRejected: Map<string, AnswerHook>;
  onApplied: Map<string, AnswerHook>;
};

let registry: Registry | null = null;

/** What is missing from the client halves, one line each (empty: complete). */
export function missingClientParts(contracts: readonly SyncDomainContract[], domains: readonly AnyClientSyncDomain[]): string[] {
  const missing: string[] = [];
  for (const contract of contracts) {
    const domain = domains.find((candidate) => candidate.contract.name === contract.name);
    if (!domain) {
      missing.push(`domain ${contract.name}`);
      continue;
    }
    for (const type of Object.keys(contract.ops)) if (!domain.writers[type]) missing.push(`writer of ${type}`);
    for (const entity of contract.entities) if (!domain.mirrors[entity]) missing.push(`mirror of ${entity}`);
  }
  for (const domain of domains) {
    if (!contracts.includes(domain.contract)) missing.push(`contract/sync-domains.ts entry for ${domain.contract.name}`);
  }
  return missing;
}

export function registerSyncDomains(contracts: readonly SyncDomainContract[], domains: readonly AnyClientSyncDomain[]): void {
  const missing = missingClientParts(contracts, domains);
  if (missing.length > 0) throw new Error(`Synced domains incomplete: ${missing.join(', ')}`);
  const next: Registry = { mirrors: new Map(), onRejected: new Map(), onApplied: new Map() };
  for (const domain of domains) {
    for (const [entity, mirror] of Object.entries(domain.mirrors)) next.mirrors.set(entity, mirror);
    for (const [entity, hook] of Object.entries(domain.onRejected ?? {})) if (hook) next.onRejected.set(entity, hook);
    for (const [entity, hook] of Object.entries(domain.onApplied ?? {})) if (hook) next.onApplied.set(entity, hook);
  }
  registry = next;
}

export function syncDomains(): Registry {
  if (!registry) throw new Error('registerSyncDomains must run before sync (src/app/sync-domains.ts)');
  return registry;
}
