import { lazy, Suspense } from "react";
import { paths, type SIGNED_UP_STATE } from "../config/paths";
import { useLocation } from "../lib/router";
import { useSession } from "../lib/session";
import { useHydrated } from "../lib/use-hydrated";

// Loaded only after a sign-up: a visitor's first visit carries none of it.
const ConfirmAddressNotice = lazy(() =>
  import("./confirm-address-notice").then((module) => ({ default: module.ConfirmAddressNotice })),
);

const signedUp = (state: unknown) => (state as Partial<typeof SIGNED_UP_STATE> | null)?.signedUp === true;

/**
 * Above every page: on the page the mailed confirmation link leads to (`?address=confirmed`, paths.ts), "Your address
 * is confirmed", written on the server for a public page; on the page a sign-up lands on, the request to confirm
 * the address with "Send the link again" (the dashboard keeps its own, for every visit until the address is
 * confirmed).
 */
export function AddressNotice() {
  const { search, state, pathname } = useLocation();
  const session = useSession();
  const hydrated = useHydrated();
  const query = new URLSearchParams(search);
  if (query.get("address") === "confirmed") {
    // Better Auth sends a refused link (expired, already replaced) here too, with `error`.
    return query.has("error") ? (
      <p role="alert" className="alert alert-error alert-soft mb-4">
        This confirmation link no longer works: send a new one from your dashboard.
      </p>
    ) : (
      <p role="status" className="mb-4 rounded-box border border-base-content/60 bg-base-200 p-4">
        Your address is confirmed.
      </p>
    );
  }
  // The server renders for nobody, so the request waits for the page to be live: rendered while hydrating, it
  // would not match the server's HTML.
  if (!hydrated || pathname.startsWith(paths.dashboard) || !signedUp(state) || session.data?.confirmed !== false) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ConfirmAddressNotice email={session.data.email} landing={paths.home} />
    </Suspense>
  );
}
