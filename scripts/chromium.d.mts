export function findChromium(): string | undefined;
export function findTestChromium(): string | undefined;
export const chromiumArgs: string[];
