/**
 * Where recharts (under @mantine/charts: the reports' charts) is cut in two for the build
 * (vite.config.ts): recharts is about 80 kB gzip, over the 60 kB one chunk may weigh
 * (tests/bench/build-size.ts), and cut along its folders it breaks, because they import each other
 * in circles and a chunk that runs before the one it needs finds undefined. So the cut is made on its
 * files: the first half of them in dependency order, whole strongly connected groups at a time, goes
 * in one chunk; that half imports nothing of the other, so it always runs first and complete.
 */
import fs from 'node:fs';
import path from 'node:path';

const RECHARTS = path.resolve('node_modules/recharts/es6');

function files(dir: string): string[] {
  return fs.readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return fs.statSync(full).isDirectory() ? files(full) : full.endsWith('.js') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/g)].flatMap((match) => {
    const target = path.resolve(path.dirname(file), match[1]!);
    const candidates = [target, `${target}.js`, path.join(target, 'index.js')];
    return candidates.filter((candidate) => candidate.endsWith('.js') && fs.existsSync(candidate)).slice(0, 1);
  });
}

/** Strongly connected groups of files, each after every group it imports (Tarjan). */
function groupsInOrder(all: string[], deps: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const dep of deps.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(file, Math.min(low.get(file)!, index.get(dep)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      groups.push(group);
    }
  };
  for (const file of all) if (!index.has(file)) visit(file);
  return groups;
}

/** The files of recharts' first half (by bytes) in dependency order; empty when recharts is absent. */
/** Real paths (node_modules may be a link), as the build names modules. */
export function rechartsFirstHalf(): Set<string> {
  if (!fs.existsSync(RECHARTS)) return new Set();
  const all = files(fs.realpathSync(RECHARTS));
  const deps = new Map(all.map((file) => [file, importsOf(file)]));
  const total = all.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  const half = new Set<string>();
  let taken = 0;
  for (const group of groupsInOrder(all, deps)) {
    if (taken >= total / 2) break;
    for (const file of group) {
      half.add(file);
      taken += fs.statSync(file).size;
    }
  }
  return half;
}
