/**
 * A value made the first time it is asked for, then kept. For Intl's formatters: each costs a page's script a few
 * milliseconds to build (tens on a slow phone), and made when their module loads, every page that loads the module
 * paid for all of them, used or not (a customer's empty /dashboard paid for seven it never used).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
