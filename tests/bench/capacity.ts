/**
 * A working day as capacity (docs/performance.md "Capacity"): how many active reps one machine
 * carries. The server runs as `npm start` runs it, over a seeded company; the calls of a rep's
 * working day and the office work that comes with them (tests/bench/support/working-day.ts) are
 * sent at the peak hour's rates for a rising number of active reps, each step for a fixed time,
 * open-loop: a call leaves at its planned time whether earlier ones have answered or not, as
 * phones do. A step passes when every class of call keeps p95 ≤ 200 ms (judged from 20 calls of
 * the class in the step) with no error (a 5xx, a refused connection, no answer within 10 s, or
 * more than 1,000 calls waiting at once); the capacity is the last step that passed. Printed
 * beside it: the capacity of the phones' calls alone (pull, visits, orders, collections within
 * the aim while the office's calls and reports run at whatever speed they manage). Set-ups: on
 * PostgreSQL one API process, two (WORKERS=2) and, under scripts/with-pg-replica.sh, two with the
 * reads on a hot standby; on PGlite one. The load is made on the same machine: its own CPU is part
 * of what the server competes with.
 *
 *   npm run bench -- --only capacity-pglite,capacity-postgres
 *   bash scripts/with-pg-replica.sh npx tsx tests/bench/capacity.ts --seed=medium      PostgreSQL
 *   npx tsx tests/bench/capacity.ts --seed=medium                                      PGlite
 *   options: --steps=500,1000 (active reps per step) --step-seconds=20
 *            --phones=4 (signed-in reps pulling, at most the seed's) --calls=pull (only those classes)
 */
import { seededRandom } from './datagen/random';
import { argValue, machineInfo, summarize, table, writeResult, type Summary } from './support/kit';
import { benchDatabase, dropSeeded, seedDatabase, startServerProcess, stopServerProcess } from './support/load-server';
import { outcomeOf, peakRates, WORKING_DAY, workingDay, type Answer, type CallClass, type Planned } from './support/working-day';

const STEPS = (argValue('steps') ?? '500,1000,2000,4000,8000,16000,32000').split(',').map(Number);
const STEP_SECONDS = Number(argValue('step-seconds') ?? 20);
const PHONES = Number(argValue('phones') ?? 4);
const SEED_SCALE = argValue('seed');
const P95_AIM_MS = 200;
/** A p95 of fewer calls is the slowest of a handful: a class is judged by it from this many calls in a step (errors always). */
const MIN_SAMPLES = 20;
const ANSWER_WITHIN_MS = 10_000;
const MAX_WAITING = 1_000;
/** The aims of the issue: active reps on the 2-core machine. */
const AIMS = { postgres: 10_000, pglite: 1_000 } as const;

const database = benchDatabase('bench-capacity-pglite', Boolean(SEED_SCALE));
const ONLY_CALLS = argValue('calls');
/** The classes sent: all, or with --calls=<text> those whose name holds it (to find which one limits; nothing is written then). */
const CLASSES = (Object.keys(WORKING_DAY) as CallClass[]).filter((name) => !ONLY_CALLS || name.includes(ONLY_CALLS));
const PUSHES: CallClass[] = ['visit check-in', 'visit check-out', 'order submit', 'payment collect'];
const PHONE_CALLS: CallClass[] = ['phone pull', ...PUSHES];
/** Unmeasured, before the first step: the JIT, the pools and the caches warm, as on a server that has run a while. */
const WARM_UP_SECONDS = 10;

type ClassFigures = { planned: number; latency: Summary; errors: number; refused: number };
type StepResult = {
  reps: number;
  /** Every class within the aim, with no error. */
  passed: boolean;
  /** The phones' calls within the aim, with no error (the office's and the reports' may not be). */
  phonesPassed: boolean;
  limitedBy: string[];
  sentPerSecond: number;
  classes: Record<string, ClassFigures>;
  outcomes: Record<string, number>;
};
type SetupResult = { setup: string; capacity: number; phonesCapacity: number; steps: StepResult[] };

/** The set-ups this database allows. */
function setups(): { name: string; env: Record<string, string> }[] {
  if (database.driver === 'pglite') return [{ name: 'PGlite, one process', env: {} }];
  const replica = process.env.TEST_PG_REPLICA_ADMIN_URL;
  return [
    { name: 'PostgreSQL, one API process', env: { WORKERS: '1' } },
    { name: 'PostgreSQL, two API processes', env: { WORKERS: '2' } },
    ...(replica
      ? [{ name: 'PostgreSQL, two API processes, reads on a hot standby', env: { WORKERS: '2', DATABASE_REPLICA_URL: replica } }]
      : []),
  ];
}

type Tally = { latencies: number[]; errors: number; refused: number; planned: number };

/** Sends one call and records its time and what came of it. */
async function send(url: string, name: CallClass, planned: Planned, tally: Tally, outcomes: Record<string, number>): Promise<void> {
  const { request } = planned;
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${request.token}`,
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = await response.text();
    tally.latencies.push(performance.now() - started);
    if (response.status >= 500) tally.errors += 1;
    else if (response.status >= 400) tally.refused += 1;
    if (!planned.answered && !PUSHES.includes(name)) return;
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // An Excel file or an empty answer: nothing to read back.
    }
    const answer: Answer = { status: response.status, body };
    if (PUSHES.includes(name)) {
      const outcome = `${name}: ${outcomeOf(answer)}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    planned.answered?.(answer);
  } catch {
    tally.errors += 1;
  }
}

/** One step: every class at its peak rate for this many reps, for `seconds`; then waits for the last answers. */
async function runStep(
  url: string,
  day: Awaited<ReturnType<typeof workingDay>>,
  reps: number,
  seconds = STEP_SECONDS,
): Promise<StepResult> {
  day.setActiveReps(reps);
  const rates = peakRates(reps);
  const random = seededRandom(reps);
  const gap = (name: CallClass) => (-Math.log(1 - random.next()) / rates[name]) * 1000;
  const tallies = Object.fromEntries(
    CLASSES.map((name): [CallClass, Tally] => [name, { latencies: [], errors: 0, refused: 0, planned: 0 }]),
  ) as Record<CallClass, Tally>;
  const outcomes: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const ends = started + seconds * 1000;
  const due = Object.fromEntries(CLASSES.map((name) => [name, started + gap(name)])) as Record<CallClass, number>;
  while (performance.now() < ends) {
    const now = performance.now();
    for (const name of CLASSES) {
      while (due[name] <= now) {
        due[name] += gap(name);
        const planned = day.make[name]();
        if (!planned) continue;
        tallies[name].planned += 1;
        if (inFlight.size >= MAX_WAITING) {
          tallies[name].errors += 1;
          continue;
        }
        const call = send(url, name, planned, tallies[name], outcomes).finally(() => inFlight.delete(call));
        inFlight.add(call);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  const classes: Record<string, ClassFigures> = {};
  const limitedBy: string[] = [];
  const phonesOver: string[] = [];
  let sent = 0;
  for (const name of CLASSES) {
    const tally = tallies[name];
    const latency = summarize(tally.latencies);
    classes[name] = { planned: tally.planned, latency, errors: tally.errors, refused: tally.refused };
    sent += tally.planned;
    const over =
      tally.errors > 0
        ? `${name}: ${tally.errors} errors`
        : latency.n >= MIN_SAMPLES && latency.p95 > P95_AIM_MS
          ? `${name}: p95 ${latency.p95} ms`
          : null;
    if (over) limitedBy.push(over);
    if (over && PHONE_CALLS.includes(name)) phonesOver.push(over);
  }
  const sentPerSecond = Number((sent / seconds).toFixed(1));
  return { reps, passed: limitedBy.length === 0, phonesPassed: phonesOver.length === 0, limitedBy, sentPerSecond, classes, outcomes };
}

async function runSetup(setup: { name: string; env: Record<string, string> }): Promise<SetupResult> {
  const server = await startServerProcess(database, setup.env);
  try {
    const day = await workingDay(server.url, PHONES);
    console.info(`\n${setup.name}: ${day.customers} customers and ${day.variants} variants drawn from, ${PHONES} reps' phones pulling`);
    // Each class a few times one after another first (a report's first call in a process took 0.9 s
    // where the next took 45 ms), then the first step's mix: what is measured is a server that has run a while.
    const unmeasured = { latencies: [], errors: 0, refused: 0, planned: 0 };
    for (const name of CLASSES) {
      for (let n = 0; n < 8; n += 1) {
        const planned = day.make[name]();
        if (planned) await send(server.url, name, planned, unmeasured, {});
      }
    }
    await runStep(server.url, day, STEPS[0]!, WARM_UP_SECONDS);
    const steps: StepResult[] = [];
    for (const reps of STEPS) {
      const step = await runStep(server.url, day, reps);
      steps.push(step);
      const verdict = step.passed ? 'pass' : `${step.phonesPassed ? 'phones pass; ' : ''}over: ${step.limitedBy.join('; ')}`;
      console.info(`  ${reps.toLocaleString('en-US')} reps (${step.sentPerSecond} calls/s): ${verdict}`);
      if (!step.passed && !step.phonesPassed) break;
    }
    // The last step passed with every step before it passed too.
    const lastOf = (passed: (step: StepResult) => boolean) => {
      let reps = 0;
      for (const step of steps) {
        if (!passed(step)) break;
        reps = step.reps;
      }
      return reps;
    };
    return { setup: setup.name, capacity: lastOf((step) => step.passed), phonesCapacity: lastOf((step) => step.phonesPassed), steps };
  } finally {
    await stopServerProcess(server.child);
  }
}

function printSetup(result: SetupResult): void {
  const last = result.steps.filter((step) => step.passed).at(-1) ?? result.steps[0]!;
  const over = result.steps.find((step) => !step.passed);
  table(
    `${result.setup}: capacity ${result.capacity.toLocaleString('en-US')} active reps (the calls at ${last.reps.toLocaleString('en-US')} reps, peak hour)`,
    [
      'call',
      'per rep a day',
      'calls',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'refused (4xx)',
      'errors',
      `p95 at ${over ? over.reps.toLocaleString('en-US') : '–'}`,
    ],
    CLASSES.map((name) => {
      const figures = last.classes[name]!;
      return [
        name,
        WORKING_DAY[name],
        figures.planned,
        figures.latency.p50,
        figures.latency.p95,
        figures.latency.p99,
        figures.refused,
        figures.errors,
        over ? over.classes[name]!.latency.p95 : '',
      ];
    }),
  );
  console.info(
    `  outcomes of the pushes: ${Object.entries(last.outcomes)
      .map(([what, n]) => `${what} ${n}`)
      .join(', ')}`,
  );
}

const started = performance.now();
const seeded = SEED_SCALE ? seedDatabase(database, SEED_SCALE, `capacity-${database.driver}`) : null;
const results: SetupResult[] = [];
try {
  for (const setup of setups()) results.push(await runSetup(setup));
} finally {
  dropSeeded(database);
}
for (const result of results) printSetup(result);
const aim = AIMS[database.driver];
table(
  `Capacity (${database.driver}), ${STEP_SECONDS} s a step, every class p95 ≤ ${P95_AIM_MS} ms with no error`,
  ['set-up', 'active reps', 'aim', '', "active reps, the phones' calls alone"],
  results.map((result) => [
    result.setup,
    result.capacity,
    `≥ ${aim.toLocaleString('en-US')}`,
    result.capacity >= aim ? 'PASS' : 'MISS',
    result.phonesCapacity,
  ]),
);
if (ONLY_CALLS) console.info('\nOnly some calls were sent (--calls): no result written.');
else {
  const file = writeResult(`capacity-${database.driver}`, {
    machine: machineInfo({ database: database.driver }),
    model: { workingDay: WORKING_DAY, stepSeconds: STEP_SECONDS, phones: PHONES, p95AimMs: P95_AIM_MS },
    seed: seeded,
    aim,
    setups: results,
    totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  });
  console.info(`\nResults written to ${file}.`);
}
