/** The part of a Playwright browser context that a first visit uses. */
interface VisitContext {
  newPage(): Promise<{
    on(event: "response", listener: (response: VisitResponse) => void): unknown;
    goto(url: string, options: { waitUntil: "networkidle" }): Promise<unknown>;
    url(): string;
    close(): Promise<void>;
  }>;
}
interface VisitResponse {
  url(): string;
  request(): { resourceType(): string };
  body(): Promise<Buffer>;
}

export interface FirstVisitFile {
  kind: "js" | "css";
  url: string;
  raw: number;
  gzip: number;
}
export interface FirstVisitBytes {
  landedOn: string;
  files: FirstVisitFile[];
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
}

export function firstVisitBytes(context: VisitContext, url: string): Promise<FirstVisitBytes>;

export const FIRST_VISIT_BUDGETS: { publicJs: number; signedInJs: number; css: number };
export interface FirstVisitPage {
  path: string;
  as: "visitor" | "customer" | "admin";
}
export const FIRST_VISIT_PAGES: FirstVisitPage[];
export function jsBudget(page: FirstVisitPage): number;
