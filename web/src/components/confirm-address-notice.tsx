import { useState } from "react";
import { paths } from "../config/paths";
import { ApiError, apiCall } from "../lib/api-client";
import { signedInApi } from "../lib/api-routes/signed-in";

type Sending = { state: "idle" } | { state: "sending" } | { state: "sent" } | { state: "refused"; message: string };

/**
 * Until an account's address is confirmed it gets no mail but the confirmation, and places at most 5 orders
 * a day: say so, and send the link again on request (the server allows 3 a quarter-hour per address). The new
 * link leads to `landing`, which then says the address is confirmed.
 */
export function ConfirmAddressNotice({ email, landing }: { email: string; landing: string }) {
  const [sending, setSending] = useState<Sending>({ state: "idle" });

  const sendAgain = async () => {
    setSending({ state: "sending" });
    try {
      await apiCall(signedInApi.confirmAgain, { email, callbackURL: paths.addressConfirmed(landing) });
      setSending({ state: "sent" });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "The link could not be sent. Please try again.";
      setSending({ state: "refused", message });
    }
  };

  return (
    <section
      aria-labelledby="confirm-address-heading"
      className="mb-4 flex flex-col items-start gap-3 rounded-box border border-base-content/60 bg-base-200 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <h2 id="confirm-address-heading" className="font-semibold">
          Check your mail
        </h2>
        <p className="text-sm">
          We sent a link to <span className="font-semibold break-words">{email}</span> to confirm it is yours. Until you
          open it, we mail you nothing else and you can place at most 5 orders a day.
        </p>
        <p className="text-sm" role="status">
          {sending.state === "sent" ? "We sent a new link: it may take a minute to arrive." : ""}
          {sending.state === "refused" ? sending.message : ""}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-sm"
        disabled={sending.state === "sending"}
        onClick={() => void sendAgain()}
      >
        Send the link again
      </button>
    </section>
  );
}
