import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { paths } from "../config/paths";
import { useSession } from "../lib/session";
import { useHydrated } from "../lib/use-hydrated";

// Loaded only after a sign-up: a visitor's first visit carries none of it.
const ConfirmAddressNotice = lazy(() =>
  import("./confirm-address-notice").then((module) => ({ default: module.ConfirmAddressNotice })),
);

/** What a sign-up leaves in the history entry of the page it lands on (use-sign-in-flow.ts). */
export const SIGNED_UP = { signedUp: true } as const;

const signedUp = (state: unknown) => (state as Partial<typeof SIGNED_UP> | null)?.signedUp === true;

/**
 * Above every page: on the page the mailed confirmation link leads to (`?address=confirmed`, paths.ts), "Your address
 * is confirmed", written on the server for a public page; on the page a sign-up lands on, the request to confirm
 * the address with "Send the link again" (the dashboard keeps its own, for every visit until the address is
 * confirmed). The navigation state that marks a sign-up's page is the browser's alone, so that notice waits for the
 * page to be live rather than differ from what the server wrote.
 */
export function AddressNotice() {
  const { search, state, pathname } = useLocation();
  const session = useSession();
  const live = useHydrated();
  const query = new URLSearchParams(search);
  if (query.get("address") === "confirmed") {
    // Better Auth sends a refused link (expired, already replaced) here too, with `error`.
    return query.has("error") ? (
      <p role="alert" className="alert alert-error alert-soft mb-4">
        This confirmation link is no longer valid. Log in and send a new one from your dashboard.
      </p>
    ) : (
      <p role="status" className="alert alert-success alert-soft mb-4">
        Your address is confirmed. The mails we held are on their way, and the limit of 5 orders a day is lifted.
      </p>
    );
  }
  const dashboard = pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
  if (!live || dashboard || !signedUp(state) || session.data?.confirmed !== false) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmAddressNotice email={session.data.email} landing={paths.home} />
    </Suspense>
  );
}
