import { isEmail, MESSAGES } from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/field";
import { errorMessage, notify } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import { subscribeToNewsletter } from "./api/subscribe";

type Status = { kind: "idle" | "sending" | "done" } | { kind: "invalid"; message: string };

export function NewsletterBox() {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  // The field is uncontrolled: what a visitor typed before the server-rendered page came alive stays.
  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const address = String(new FormData(form).get("email") ?? "").trim();
    const problem = !address ? MESSAGES.emailRequired : isEmail(address) ? null : MESSAGES.emailInvalid;
    if (problem) {
      setStatus({ kind: "invalid", message: problem });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const thanks = await subscribeToNewsletter(address);
      setStatus({ kind: "done" });
      form.reset();
      notify("success", thanks);
    } catch (error) {
      setStatus({ kind: "invalid", message: errorMessage(error, "email") });
    }
  }

  return (
    <section aria-labelledby="newsletter-heading" className="rounded-box bg-primary/10 px-6 py-10">
      <div className="mx-auto max-w-xl text-center">
        <h2 id="newsletter-heading" className="text-2xl font-bold sm:text-3xl">
          Get the newsletter
        </h2>
        <p className="mt-2 text-base-content/80">New tools, bulk prices and workshop tips, once a month.</p>
        <form noValidate onSubmit={subscribe} className="mt-6 flex flex-col gap-3 text-left sm:flex-row sm:items-start">
          <Field
            className="flex-1"
            label="Email address"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            name="email"
            error={status.kind === "invalid" ? status.message : undefined}
          />
          <button type="submit" className="btn btn-primary sm:mt-6" disabled={status.kind === "sending" || !hydrated}>
            Subscribe
          </button>
        </form>
        {status.kind === "done" && (
          <p className="mt-4 font-medium text-success" role="status">
            {MESSAGES.newsletterThanks}
          </p>
        )}
      </div>
    </section>
  );
}
