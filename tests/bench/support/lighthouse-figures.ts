/**
 * What tests/bench/lighthouse.ts keeps of one Lighthouse report: the scores and metrics its aims are
 * about, what keeps a score below 100, the host's benchmarkIndex and the CPU slowdown the run used,
 * and where the main thread's time went (the mainthread-work-breakdown and bootup-time audits).
 */
import type { Result } from 'lighthouse';

export type MainThread = {
  /** "Minimize main-thread work": all of it, in simulated (slowed) milliseconds. */
  totalMs: number;
  /** "Reduce JavaScript execution time": the scripts' share of it. */
  scriptsMs: number;
  /** By kind of work (script evaluation, style and layout, parsing and compiling…), biggest first. */
  groups: { group: string; label: string; ms: number }[];
  /** By script (Lighthouse lists those over 50 ms of its own), biggest first. */
  scripts: { url: string; totalMs: number; scriptingMs: number; parseCompileMs: number }[];
};

export type PageFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The host's benchmarkIndex as this run measured it, and the slowdown the run simulated. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  mainThread: MainThread;
  /** What keeps a score below 100: failing audits of the three categories, worst first. */
  failing: { category: string; audit: string; title: string; score: number | null; display?: string; nodes?: string[] }[];
  /** Lighthouse's estimate of the metric time each unmet performance advice would save, biggest first. */
  opportunities: { audit: string; title: string; savingsMs: number; display?: string }[];
  warnings: string[];
};

/** The elements an accessibility audit names (a few of them), to know what to fix. */
function nodesOf(audit: Result['audits'][string]): string[] | undefined {
  const details = audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined;
  const nodes = (details?.items ?? []).flatMap((item) =>
    item.node?.snippet ? [`${item.node.snippet} ${item.node.explanation ?? ''}`.trim()] : [],
  );
  return nodes.length > 0 ? nodes.slice(0, 5) : undefined;
}

function itemsOf<T>(audit: Result['audits'][string] | undefined): T[] {
  return ((audit?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
}

/** Script addresses without the bench server's origin, which changes from run to run. */
function shortUrl(url: string, origin: string): string {
  return url.startsWith(origin) ? url.slice(origin.length) || '/' : url;
}

function mainThreadOf(lhr: Result): MainThread {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const breakdown = lhr.audits['mainthread-work-breakdown'];
  const bootup = lhr.audits['bootup-time'];
  type Group = { group: string; groupLabel: string; duration: number };
  type Script = { url: string; total: number; scripting: number; scriptParseCompile: number };
  return {
    totalMs: Math.round(breakdown?.numericValue ?? Number.NaN),
    scriptsMs: Math.round(bootup?.numericValue ?? Number.NaN),
    groups: itemsOf<Group>(breakdown)
      .map((item) => ({ group: item.group, label: item.groupLabel, ms: Math.round(item.duration) }))
      .sort((a, b) => b.ms - a.ms),
    scripts: itemsOf<Script>(bootup)
      .map((item) => ({
        url: shortUrl(item.url, origin),
        totalMs: Math.round(item.total),
        scriptingMs: Math.round(item.scripting),
        parseCompileMs: Math.round(item.scriptParseCompile),
      }))
      .sort((a, b) => b.totalMs - a.totalMs),
  };
}

function failingOf(lhr: Result): PageFigures['failing'] {
  const failing: PageFigures['failing'] = [];
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      failing.push({
        category: id,
        audit: ref.id,
        title: audit.title,
        score: audit.score,
        display: audit.displayValue,
        nodes: nodesOf(audit),
      });
    }
  }
  return failing.sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
}

function opportunitiesOf(lhr: Result): PageFigures['opportunities'] {
  const opportunities: PageFigures['opportunities'] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    const savings = audit?.metricSavings ?? {};
    const savingsMs = Math.round(Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0));
    if (!audit || ref.weight > 0 || audit.score === null || audit.score >= 0.9 || savingsMs === 0) continue;
    opportunities.push({ audit: ref.id, title: audit.title, savingsMs, display: audit.displayValue });
  }
  return opportunities.sort((a, b) => b.savingsMs - a.savingsMs);
}

export function figures(lhr: Result): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(value('speed-index')),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    mainThread: mainThreadOf(lhr),
    failing: failingOf(lhr),
    opportunities: opportunitiesOf(lhr),
    warnings: lhr.runWarnings,
  };
}

/** The main thread's biggest parts, one line each, for the console. */
export function describeMainThread(label: string, main: MainThread): string[] {
  const groups = main.groups
    .slice(0, 5)
    .map((g) => `${g.label} ${g.ms} ms`)
    .join('; ');
  const scripts = main.scripts
    .slice(0, 5)
    .map((s) => `${s.url} ${s.totalMs} ms (run ${s.scriptingMs}, parse and compile ${s.parseCompileMs})`)
    .join('; ');
  return [
    `  ${label} — main-thread work ${main.totalMs} ms (simulated): ${groups}`,
    `  ${label} — JavaScript execution ${main.scriptsMs} ms, by script: ${scripts || 'none over 50 ms'}`,
  ];
}
