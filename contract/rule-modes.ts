/**
 * What a company chooses for a rule a person may break: stop them, warn them, or let it pass. The
 * pharma rules (contract/pharma.ts) and the check-in place (contract/visits-place.ts) use it.
 */
export const RULE_MODES = ['block', 'warn', 'allow'] as const;
export type RuleMode = (typeof RULE_MODES)[number];
export const RULE_MODE_LABELS: Record<RuleMode, string> = { block: 'Chặn', warn: 'Cảnh báo', allow: 'Cho phép' };
