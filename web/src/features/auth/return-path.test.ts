import { expect, it } from "vitest";
import { returnPath } from "./return-path";

it("returns to the page the guard sent the visitor from, with its query", () => {
  expect(returnPath({ from: { pathname: "/orderdetails", search: "?productId=p1" } })).toBe(
    "/orderdetails?productId=p1",
  );
  expect(returnPath({ from: { pathname: "/dashboard/myreview" } })).toBe("/dashboard/myreview");
});

it.each([null, undefined, {}, { from: {} }, { from: { search: "?page=2" } }, "elsewhere"])(
  "goes home when the navigation state is %j",
  (state) => {
    expect(returnPath(state)).toBe("/");
  },
);
