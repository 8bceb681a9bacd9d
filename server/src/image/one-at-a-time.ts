/**
 * Runs the tasks given to it one after another, in the order they came; a task that fails does not stop
 * the ones queued behind it.
 */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = last.then(task);
    last = result.catch(() => undefined);
    return result;
  };
}
