import type { FastifyBaseLogger } from "fastify";

/**
 * A job that runs every `everyMs`, one round at a time: the next round is timed from the end of the last,
 * so a slow round never overlaps the next. The first round runs one interval after the start, so a
 * short-lived process or test does nothing it did not ask for. A round that fails is logged with
 * `failure`, and the next tries again. The timer keeps no process alive.
 */
export function repeatingJob(options: {
  everyMs: number;
  round: () => Promise<void>;
  log: FastifyBaseLogger;
  failure: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = options
        .round()
        .catch((error) => options.log.error({ err: error }, options.failure))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, options.everyMs);
    timer.unref();
  }
  schedule();

  return {
    /** Stops the job once the round under way (if any) is done. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
