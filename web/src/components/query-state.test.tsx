import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage } from "../test-utils";
import { QueryState } from "./query-state";

/** A list of tools whose loading the test controls: each call answers the next of `answers`. */
function Tools({ answers }: { answers: (() => Promise<string[]>)[] }) {
  const query = useQuery({ queryKey: ["tools"], queryFn: () => (answers.shift() ?? (() => new Promise(() => {})))() });
  return (
    <QueryState query={query} what="tools" isEmpty={(tools) => tools.length === 0} empty="No tools yet.">
      {(tools) => <p>{tools.join(", ")}</p>}
    </QueryState>
  );
}

describe("QueryState", () => {
  it("says what is loading while it loads", () => {
    renderPage(<Tools answers={[]} />);
    expect(screen.getByText("Loading tools")).toBeTruthy();
  });

  it("shows the list once it is there", async () => {
    renderPage(<Tools answers={[async () => ["Drill", "Level"]]} />);
    expect(await screen.findByText("Drill, Level")).toBeTruthy();
  });

  it("says when there is nothing to show", async () => {
    renderPage(<Tools answers={[async () => []]} />);
    expect(await screen.findByText("No tools yet.")).toBeTruthy();
  });

  it("says why it failed, and tries again on request", async () => {
    renderPage(
      <Tools
        answers={[
          async () => {
            throw new Error("The store is closed");
          },
          async () => ["Drill"],
        ]}
      />,
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "We could not load the tools: The store is closedTry again",
    );
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Drill")).toBeTruthy();
  });
});
