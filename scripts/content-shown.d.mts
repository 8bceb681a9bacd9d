/** Runs in the page: sets `window.__contentAt` once the page's content shows as a person sees it. */
export function watchForContent(content?: string): void;
