import type { OrderEvent } from "@forgeline/contract";
import { ORDER_STATUS_LABELS } from "./order-status-badge";

/** An order's history, oldest first: each status it reached, when, who moved it, and why. */
export function OrderHistory({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="relative ms-2 border-s border-base-300">
      {events.map((event) => (
        <li key={`${event.at}-${event.status}`} className="mb-4 ms-4">
          <span className="absolute -start-1.5 mt-1.5 size-3 rounded-full bg-primary" aria-hidden="true" />
          <p className="font-semibold">{ORDER_STATUS_LABELS[event.status]}</p>
          <p className="text-sm text-base-content/80">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> by {event.by}
          </p>
          {event.note && <p className="text-sm">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
