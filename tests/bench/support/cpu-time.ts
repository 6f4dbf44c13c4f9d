/**
 * CPU time a load used, per request, read from /proc (Linux): the API process (all its threads)
 * and the PostgreSQL cluster (every process of its postmaster). It says where a call's time goes
 * (the API or the database) and how far it is from what the machine's cores can carry: on two
 * cores, 250 requests a second leave 8 ms of CPU per request for everything, the load included.
 * Elsewhere (no /proc, PostgreSQL on another host) the figures are null.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** A process's /proc/<pid>/stat fields after its command name (which may hold spaces); null when it is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process, in clock ticks; null when it is gone. */
function ticksOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : null;
}

/** A process's parent; null when it is gone. */
function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : null;
}

function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => parentOf(pid) === parent);
}

/** The postmaster of the cluster at `databaseUrl`, when it runs on this machine (its backend's parent). */
export async function localPostmaster(databaseUrl: string): Promise<number | null> {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return parentOf(rows[0]!.pid);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type CpuPerRequest = { apiMs: number | null; databaseMs: number | null };

/** Starts counting; the function it returns gives the CPU milliseconds per request since then. */
export function countCpu(apiPid: number | undefined, postmaster: number | null): (requests: number) => CpuPerRequest {
  const cluster = () => (postmaster === null ? [] : [postmaster, ...childrenOf(postmaster)]);
  const apiBefore = apiPid === undefined ? null : ticksOf(apiPid);
  const databaseBefore = new Map(cluster().map((pid) => [pid, ticksOf(pid) ?? 0]));
  return (requests) => {
    const perRequest = (ticks: number) => Number(((ticks / TICKS_PER_SECOND / Math.max(1, requests)) * 1000).toFixed(2));
    const apiAfter = apiPid === undefined ? null : ticksOf(apiPid);
    // A backend that started meanwhile counts whole; one that ended meanwhile is lost (there are none under steady load).
    const databaseTicks = cluster().reduce((sum, pid) => sum + (ticksOf(pid) ?? 0) - (databaseBefore.get(pid) ?? 0), 0);
    return {
      apiMs: apiBefore === null || apiAfter === null ? null : perRequest(apiAfter - apiBefore),
      databaseMs: postmaster === null ? null : perRequest(databaseTicks),
    };
  };
}
