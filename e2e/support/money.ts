const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** An amount as the pages write it: "$1,249.50". Written here, not taken from the app, so a test checks the app's. */
export const dollars = (amount: number): string => usd.format(amount);
