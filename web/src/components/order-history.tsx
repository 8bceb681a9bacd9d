import type { OrderEvent } from "@forgeline/contract";
import { dateTimeText } from "../lib/date-text";
import { eventTitle } from "../lib/order-words";

/**
 * An order's history under its "History" heading, oldest first: each thing that happened to it ("Shipped",
 * "Payment received"), when, who acted, and why. `id` is the heading's, which names the section.
 */
export function OrderHistory({ id, events }: { id: string; events: OrderEvent[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold">
        History
      </h2>
      <HistoryList events={events} />
    </section>
  );
}

function HistoryList({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="relative ms-2 border-s border-base-300">
      {events.map((event) => (
        <li key={`${event.at}-${event.kind}`} className="mb-4 ms-4">
          <span className="absolute -start-1.5 mt-1.5 size-3 rounded-full bg-primary" aria-hidden="true" />
          <p className="font-semibold">{eventTitle(event)}</p>
          <p className="text-sm text-base-content/80">
            <time dateTime={event.at}>{dateTimeText(event.at)}</time> by {event.by}
          </p>
          {event.note && <p className="text-sm">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
