/**
 * One pending tick that only moves earlier. The sync engine (engine.ts) asks for a tick a second
 * after an op is queued, and each sync, as it ends, asks for the next one: the queue head's retry
 * time while work is queued (retry-tick.ts), 5 min otherwise. When an op was queued while a sync ran, that sync could end counting no
 * pending work and replace the one-second tick with the five-minute one, so the op sat unsent.
 * Asking again for a later tick keeps the sooner one.
 */
export class SoonestTick {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private due = Infinity;

  constructor(private readonly run: () => void) {}

  /** Runs `run` in `delayMs`, unless a tick is already due sooner. */
  at(delayMs: number): void {
    const due = Date.now() + delayMs;
    if (this.timer && this.due <= due) return;
    this.cancel();
    this.due = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.due = Infinity;
      this.run();
    }, delayMs);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.due = Infinity;
  }
}
