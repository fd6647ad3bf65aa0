// Background work a process repeats on a timer (the vacuum check, the fold of booking inserts): one
// run at a time, a turn skipped while the last still runs, a failure logged and tried at the next turn.

type Logger = { warn: (fields: object, message: string) => void };

/**
 * Runs `work` every `intervalMs` until the returned stop is called; stop waits for a run in progress.
 * The timer does not keep the process alive.
 */
export function every(intervalMs: number, work: () => Promise<unknown>, log: Logger, failure: string): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= work()
      .catch((error: unknown) => log.warn({ err: error }, failure))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
