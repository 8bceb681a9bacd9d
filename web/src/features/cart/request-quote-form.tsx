import { QUOTE_LIMITS } from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { TextAreaField } from "../../components/field";
import { FormRefusal, fieldError } from "../../components/form-refusal";
import { quotePaths } from "../../config/dashboard-paths";
import { useNavigate } from "../../lib/router";
import { notify } from "../../lib/toast";
import { useRequestQuote } from "./api/request-quote";

/**
 * "Request a quote" (docs/SELLING-TO-BUSINESSES.md, 'Quotes'): the cart's lines go to the shop for a price, with the
 * buyer's note; the cart empties into the request and its page opens. The server's refusal of the note stands beside
 * it.
 */
export function RequestQuoteForm() {
  const navigate = useNavigate();
  const request = useRequestQuote();
  const [note, setNote] = useState("");
  const tooLong = note.length > QUOTE_LIMITS.note ? `A note has at most ${QUOTE_LIMITS.note} characters` : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (tooLong) return;
    try {
      const { insertedId } = await request.mutateAsync({ note });
      notify("success", "Your request for a quote is sent: we mail you when it is priced");
      navigate(quotePaths.quote(insertedId));
    } catch {
      // Shown below: beside the note, or above the button.
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="request-quote-heading"
      className="flex flex-col gap-3"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="request-quote-heading" className="text-xl font-bold">
        Request a quote
      </h2>
      <p className="text-sm">Buying in bulk? Ask us for a price on these lines; your cart moves into the request.</p>
      <TextAreaField
        label="Note for the quote (optional)"
        name="note"
        rows={3}
        value={note}
        error={tooLong ?? fieldError(request.error, "note")}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormRefusal error={request.error} fields={["note"]} />
      <button type="submit" className="btn" disabled={request.isPending}>
        Request a quote
      </button>
    </form>
  );
}
