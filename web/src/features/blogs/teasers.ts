// Slug, question and summary of selected essays, copied verbatim from essays.ts.
// Kept separate so the home page does not load the full essay bodies.
export interface EssayTeaser {
  slug: string;
  question: string;
  summary: string;
}

export const essayTeasers: EssayTeaser[] = [
  {
    slug: "how-react-decides-to-re-render",
    question: "How does React decide when to re-render a component?",
    summary:
      "A component re-renders when its state changes, its parent renders, or a context it reads changes; here is how each trigger works and when memo helps.",
  },
  {
    slug: "closures-and-stale-closures",
    question: "How do closures work in JavaScript, and why do stale closures bite React hooks?",
    summary:
      "A closure keeps access to the variables of the scope where a function was created, so a hook callback can keep seeing values from an old render.",
  },
  {
    slug: "handling-server-data-in-react",
    question: "How should a React app handle data fetched from a server?",
    summary:
      "Treat server data as a cache rather than as state: key it, design loading and error states, share requests, and invalidate it when mutations change it.",
  },
];
