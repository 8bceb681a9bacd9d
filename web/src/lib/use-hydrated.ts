import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while a server-rendered page is not yet live (on the server and while hydrating), true after.
 * Submit buttons wait for it: a form sent before its handlers are attached would go out as a plain GET,
 * with whatever was typed (a password too) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
