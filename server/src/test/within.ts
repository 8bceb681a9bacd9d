/**
 * Waits until `attempt` answers something other than undefined, asking every 25 ms, and answers that; throws
 * after `ms`. For what another instance, the outbox or a notification makes true a little later.
 */
export async function within<T>(ms: number, attempt: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await attempt();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
