import { describe, expect, it, vi } from "vitest";
import { serveApi } from "../test-utils";
import { ApiError, apiCall, apiGetPage } from "./api-client";
import { homeApi } from "./api-routes/home";
import { publicApi } from "./api-routes/public";
import { errorMessage } from "./toast";

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the fetch wrapper", () => {
  it("sends JSON and answers the parsed body", async () => {
    const sent = serveApi({ "POST /api/newsletter": { status: 201, body: { success: true, message: "Thanks" } } });
    expect(await apiCall(homeApi.newsletter, { email: "ana@example.com" })).toEqual({
      success: true,
      message: "Thanks",
    });
    expect(sent).toEqual([
      { method: "POST", path: "/api/newsletter", authorization: null, body: { email: "ana@example.com" } },
    ]);
  });

  it("turns a refusal into an ApiError with the server's message and each rejected field's", async () => {
    serveApi({
      "POST /api/newsletter": {
        status: 400,
        body: {
          statusCode: 400,
          error: "Bad Request",
          message: "email: Provide a Valid Email",
          errors: [{ field: "email", message: "Provide a Valid Email" }],
        },
      },
    });
    const error = await refusal(apiCall(homeApi.newsletter, { email: "news@" }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("email: Provide a Valid Email");
    expect(error.messageFor("email")).toBe("Provide a Valid Email");
    expect(error.messageFor("name")).toBeUndefined();
  });

  it("names the status when the refusal has no JSON body", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await refusal(apiCall(publicApi.config));
    expect(error.status).toBe(502);
    expect(error.message).toBe("Request failed (502)");
  });

  it("says the store could not be reached when the network fails (status 0)", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await refusal(apiCall(publicApi.config));
    expect(error.status).toBe(0);
    expect(error.message).toBe("We could not reach the store. Check your connection and try again.");
  });

  it("asks for a page with limit and offset, and reads the whole list's length from X-Total-Count", async () => {
    const sent = serveApi({
      "GET /api/product?limit=9&offset=18": { body: [{ _id: "a" }, { _id: "b" }], headers: { "x-total-count": "20" } },
    });
    expect(await apiGetPage(publicApi.products, { limit: 9, offset: 18 })).toEqual({
      items: [{ _id: "a" }, { _id: "b" }],
      total: 20,
    });
    expect(sent.map((request) => request.path)).toEqual(["/api/product?limit=9&offset=18"]);
  });

  it("counts the page's own items when the server sends no total", async () => {
    serveApi({ "GET /api/review?limit=6&offset=0": { body: [{ _id: "r" }] } });
    expect(await apiGetPage(homeApi.reviews, { limit: 6, offset: 0 })).toEqual({ items: [{ _id: "r" }], total: 1 });
  });
});

describe("the message of a failure", () => {
  const refused = new ApiError(400, "email: Provide a Valid Email", [
    { field: "email", message: "Provide a Valid Email" },
  ]);

  it("is the server's message, or its message for the field asked about when it names that field", () => {
    expect(errorMessage(refused)).toBe("email: Provide a Valid Email");
    expect(errorMessage(refused, "email")).toBe("Provide a Valid Email");
    expect(errorMessage(refused, "name")).toBe("email: Provide a Valid Email");
  });

  it("is the failure's own message for anything but a refusal of the server's", () => {
    expect(errorMessage(new Error("The file could not be read. Choose it again."))).toBe(
      "The file could not be read. Choose it again.",
    );
    expect(errorMessage("Stopped")).toBe("Stopped");
  });
});
