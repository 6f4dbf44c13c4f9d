/**
 * Lighthouse's CPU slowdown calibrated to the host. Lighthouse's simulated 4x slowdown multiplies
 * whatever the host does, so a slow host simulates a slower phone than a fast one (measured: the same
 * build scored /login 82 on the slower 2-core machine and 99–100 on the faster one). Lighthouse
 * measures the host with its `benchmarkIndex` (environment.benchmarkIndex in every report) and asks
 * that the slowdown be set from it so that every host simulates the same mid-tier phone:
 * docs/throttling.md, "Calibrating the CPU slowdown", in GoogleChrome/lighthouse at commit
 * f8eac394a68b90109078bba44cafbec7ceb9026a, which points to its calculator for the multiplier.
 */
import lighthouse from 'lighthouse';

export type Slowdown = {
  /** The cpuSlowdownMultiplier to use on this host, rounded to one decimal as the calculator prints it. */
  multiplier: number;
  /** The calculator's confidence range around it. */
  range: [number, number];
  /** Set when the host is slower than the target phone: no slowdown can make it faster. */
  warning?: string;
};

/**
 * The multiplier for a benchmarkIndex, as Lighthouse's CPU throttling calculator computes it
 * (computeMultiplierMessages in pages/index.js of patrickhulce/lighthouse-cpu-throttling-calculator
 * at commit a9c67dc1c58c972a0673bef05756290105334af1, the web app docs/throttling.md links): linear
 * between 150 → 1x, 800 → 2x, 1300 → 3x, then one more x per 233 above 1300 (1533 → 4x, the default,
 * which is why 4x fits a high-end desktop and over-slows a small VM). Below 150 the calculator gives
 * no multiplier; the host is then run unslowed (1x) and the warning says the phone is out of reach.
 */
export function slowdownFor(benchmarkIndex: number): Slowdown {
  const around = (multiplier: number, width: number): Slowdown => ({
    multiplier: Number(multiplier.toFixed(1)),
    range: [Number((multiplier - width / 2).toFixed(1)), Number((multiplier + width / 2).toFixed(1))],
  });
  if (benchmarkIndex >= 1300) {
    const excess = (benchmarkIndex - 1300) / 233;
    const multiplier = 3 + excess;
    return around(multiplier, Math.max(excess, 1.5, multiplier * 0.3));
  }
  if (benchmarkIndex >= 800) return around(2 + (benchmarkIndex - 800) / 500, 1.5);
  if (benchmarkIndex >= 150) return around(1 + (benchmarkIndex - 150) / 650, 0.5);
  return {
    ...around(1, 0),
    warning: `benchmarkIndex ${benchmarkIndex} < 150: this host is slower than the phone Lighthouse emulates; run at 1x`,
  };
}

export type Calibration = Slowdown & {
  /** The median of the calibration passes' indexes: the one the multiplier is computed from. */
  benchmarkIndex: number;
  readings: number[];
  /** 'measured', or 'given' when --cpu-slowdown fixed the multiplier (the index is still measured). */
  source: 'measured' | 'given';
};

/**
 * Reads the host's benchmarkIndex from short Lighthouse passes on `url` (one audit only: the index is
 * measured before the page loads, in every run), and takes the median because one reading moves
 * with whatever else the machine is doing. The passes also warm the server for the measured runs.
 */
export async function calibrate(url: string, port: number, passes: number, given?: number): Promise<Calibration> {
  const readings: number[] = [];
  for (let i = 0; i < passes; i += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyAudits: ['first-contentful-paint'] });
    const index = result?.lhr.environment.benchmarkIndex;
    if (typeof index === 'number' && Number.isFinite(index)) readings.push(Math.round(index));
  }
  if (readings.length === 0) throw new Error(`Lighthouse gave no benchmarkIndex for ${url}`);
  const sorted = [...readings].sort((a, b) => a - b);
  const benchmarkIndex = sorted[Math.floor((sorted.length - 1) / 2)]!;
  if (given !== undefined) {
    return { benchmarkIndex, readings, source: 'given', multiplier: given, range: [given, given] };
  }
  return { benchmarkIndex, readings, source: 'measured', ...slowdownFor(benchmarkIndex) };
}
