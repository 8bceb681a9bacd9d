import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { serveApi } from "../../test-utils";
import { NewsletterBox } from "./newsletter-box";

const emailField = () => screen.getByLabelText("Email address") as HTMLInputElement;
/** The message tied to the field (toasts are alerts too). */
const messageBesideField = () =>
  document.getElementById(emailField().getAttribute("aria-describedby") ?? "")?.textContent;
const subscribe = () => userEvent.click(screen.getByRole("button", { name: "Subscribe" }));

describe("the newsletter box", () => {
  it.each([
    ["", "Email is Required"],
    ["   ", "Email is Required"],
    ["news@", "Provide a Valid Email"],
    ["first last@company.com", "Provide a Valid Email"],
  ])("checks %j beside the field before sending: %s", async (typed, message) => {
    const sent = serveApi({});
    render(<NewsletterBox />);
    if (typed) await userEvent.type(emailField(), typed);
    await subscribe();
    expect(messageBesideField()).toBe(message);
    expect(emailField().getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it("subscribes the trimmed address, thanks the subscriber and empties the field", async () => {
    const sent = serveApi({
      "POST /api/newsletter": { status: 201, body: { success: true, message: "Welcome aboard" } },
    });
    render(<NewsletterBox />);
    await userEvent.type(emailField(), "  first.last@company.co.uk ");
    await subscribe();
    expect(await screen.findByText("Thanks for subscribing! Our next newsletter is on its way to you.")).toBeTruthy();
    expect(await screen.findByText("Welcome aboard")).toBeTruthy();
    expect(emailField().value).toBe("");
    expect(sent.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: "/api/newsletter", body: { email: "first.last@company.co.uk" } },
    ]);
  });

  it("shows the server's word on the address beside the field", async () => {
    serveApi({
      "POST /api/newsletter": {
        status: 400,
        body: {
          message: "email: Provide a Valid Email",
          errors: [{ field: "email", message: "Provide a Valid Email" }],
        },
      },
    });
    render(<NewsletterBox />);
    await userEvent.type(emailField(), "ana@example.com");
    await subscribe();
    await vi.waitFor(() => expect(messageBesideField()).toBe("Provide a Valid Email"));
    expect(emailField().value).toBe("ana@example.com");
  });
});
