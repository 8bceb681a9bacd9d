import type { InvitationView } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import InvitationPage from "./invitation-page";

const EMAIL = "rui@example.com";
const TOKEN = "a".repeat(43);
const VIEW = `GET /api/invitations/${TOKEN}`;
const ACCEPT = `POST /api/invitations/${TOKEN}/accept`;

const invitation: InvitationView = {
  companyName: "Acme Fabrication",
  role: "requester",
  email: EMAIL,
  expiresAt: "2030-01-08T00:00:00.000Z",
};

function renderInvitation(routes: Parameters<typeof serveApi>[0]) {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const sent = serveApi(routes);
  renderPage(<InvitationPage />, {
    at: `/invitations/${TOKEN}`,
    path: "/invitations/:token",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Rui" }]],
  });
  return sent;
}

/** The page's own message (toasts of earlier tests may still be on screen). */
const alert = async () =>
  (await within(await screen.findByRole("region", { name: /^(Join|Invitation)/ })).findByRole("alert")).textContent;

describe("/invitations/:token", () => {
  it("shows the company and role offered, and joins it with Accept", async () => {
    const sent = renderInvitation({
      [VIEW]: { body: invitation },
      [ACCEPT]: {
        body: {
          _id: "c1",
          name: "Acme Fabrication",
          taxId: null,
          taxExempt: false,
          poRequired: false,
          role: "requester",
          createdAt: "2030-01-01T00:00:00.000Z",
        },
      },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Join Acme Fabrication" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(/You are invited to join/).textContent).toBe(
      "You are invited to join Acme Fabrication as a requester. Members share the company's orders, delivery addresses and prices.",
    );
    expect(screen.getByText(`For ${EMAIL}, until Jan 8, 2030.`)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Accept and join Acme Fabrication" }));
    await expect.poll(currentAddress).toBe("/dashboard/company");
    expect(sent.map((request) => `${request.method} ${request.path}`)).toContain(ACCEPT);
  });

  it("asks an unconfirmed address to confirm first (403), and lets them accept again afterwards", async () => {
    renderInvitation({
      [VIEW]: { body: invitation },
      [ACCEPT]: { status: 403, body: { message: "Confirm your email address first" } },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Accept and join Acme Fabrication" }));
    expect(await alert()).toBe(
      `Confirm your email address first: open the link we mailed to ${EMAIL} when you signed up, then come back to this page and accept.`,
    );
    expect(screen.getByRole("button", { name: "Accept and join Acme Fabrication" })).toBeTruthy();
  });

  it("says when the caller is in a company already (409)", async () => {
    renderInvitation({
      [VIEW]: { body: invitation },
      [ACCEPT]: { status: 409, body: { message: "You are already in a company: leave it first." } },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Accept and join Acme Fabrication" }));
    expect(await alert()).toBe("You are already in a company: leave it first.");
  });

  it("says when the link has expired (409)", async () => {
    renderInvitation({ [VIEW]: { status: 409, body: { message: "This invitation has expired" } } });
    expect(await alert()).toBe("This invitation has expired. Ask the company's owner to invite you again.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Invitation to a company");
    expect(within(screen.getByRole("region", { name: "Invitation to a company" })).queryByRole("button")).toBeNull();
  });

  it("says there is no invitation for this account at the link (404)", async () => {
    renderInvitation({ [VIEW]: { status: 404, body: { message: "No such invitation." } } });
    expect(await alert()).toMatch(new RegExp(`^There is no invitation at this link for ${EMAIL}\\.`));
  });
});
