/**
 * A lifecycle as a table (docs/decisions/031-one-home-per-rule.md, "Lifecycles"): every step with the
 * statuses it starts from, the status it ends in and who may take it. The order's table
 * (order-lifecycle.ts) and the quote's (quote-lifecycle.ts) are read through this one helper: the server
 * checks a step with `can`, the pages offer the steps `stepsFor` an actor allows, and a refusal is worded
 * from the table, so it cannot say other than the table does. No zod: the pages read it without a schema
 * library.
 */
export interface Step<Status extends string, Actor extends string> {
  readonly from: readonly Status[];
  readonly to: Status;
  readonly by: readonly Actor[];
  /** The step as a refusal ends: "only a paid order can be …" ("shipped", "marked delivered"). */
  readonly done: string;
}

export interface LifecycleWords<Status extends string> {
  /** What the thing is called: "order". */
  noun: string;
  /** A status in words: "awaiting approval". One of several words reads after the noun ("an order awaiting approval"). */
  status: (status: Status) => string;
  /** Statuses whose own sentence says why nothing more can happen ("This quote has expired"), said as they are. */
  explained?: Partial<Record<Status, string>>;
}

const article = (word: string) => (/^[aeiou]/.test(word) ? "an" : "a");

/** "a", "a or b", "a, b or c". */
function either(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** The things in these statuses, as a sentence names them: "an unpaid order or one awaiting approval". */
function thingsIn(noun: string, statuses: readonly string[]): string {
  const before = statuses.filter((words) => !words.includes(" "));
  const after = statuses.filter((words) => words.includes(" "));
  if (before.length === 0) return `${article(noun)} ${noun} ${either(after)}`;
  const things = `${article(before[0] ?? "")} ${either(before)} ${noun}`;
  return after.length === 0 ? things : `${things} or one ${either(after)}`;
}

export function lifecycle<Name extends string, Status extends string, Actor extends string>(
  steps: Readonly<Record<Name, Step<Status, Actor>>>,
  words: LifecycleWords<Status>,
) {
  const names = Object.keys(steps) as Name[];
  const can = (step: Name, status: Status): boolean => steps[step].from.includes(status);
  return {
    steps,
    /** Whether a thing in this status may take this step. */
    can,
    /** The steps this actor may take on a thing in this status, in the table's order. */
    stepsFor: (actor: Actor, status: Status): Name[] =>
      names.filter((step) => steps[step].by.includes(actor) && can(step, status)),
    /**
     * Why these steps (one, or several from the same statuses: "approved or rejected") are refused to a thing
     * in this status: "This order is paid; only an unpaid order or one awaiting approval can be cancelled."
     */
    refusal(refused: Name | readonly Name[], status: Status): string {
      const explained = words.explained?.[status];
      if (explained) return explained;
      const taken = [refused].flat() as Name[];
      const from = [...new Set(taken.flatMap((step) => steps[step].from))];
      return refusalSentence(
        words,
        status,
        from,
        taken.map((step) => steps[step].done),
      );
    },
  };
}

/** "This order is paid; only an unpaid order or one awaiting approval can be cancelled." */
export function refusalSentence<Status extends string>(
  words: LifecycleWords<Status>,
  status: Status,
  from: readonly Status[],
  done: readonly string[],
): string {
  return `This ${words.noun} is ${words.status(status)}; only ${thingsIn(words.noun, from.map(words.status))} can be ${either(done)}.`;
}
