/** Where to go after signing in: the page the guard sent the visitor from (navigation state), or home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search ?? ""}` : "/";
}
