import { Field } from "../../components/field";
import { fieldError, formText } from "../../components/form-refusal";

/** The fields a shipment's tracking is given in, as the server names them. */
export const TRACKING_FIELDS = ["carrier", "trackingNumber", "trackingUrl"] as const;

/** A shipment's carrier, tracking number and tracking link as typed; no link when none was. */
export function trackingOf(data: FormData) {
  return {
    carrier: formText(data, "carrier"),
    trackingNumber: formText(data, "trackingNumber"),
    trackingUrl: formText(data, "trackingUrl") || undefined,
  };
}

/**
 * Carrier, tracking number and tracking link, each with the server's message beside it; `of` names what ships
 * (" of this part") where two such forms stand on one page.
 */
export function TrackingFields({ error, of = "" }: { error: unknown; of?: string }) {
  return (
    <>
      <Field label={`Carrier${of}`} name="carrier" autoComplete="off" error={fieldError(error, "carrier")} />
      <Field
        label={`Tracking number${of}`}
        name="trackingNumber"
        autoComplete="off"
        error={fieldError(error, "trackingNumber")}
      />
      <Field
        label={`Tracking URL${of} (optional)`}
        name="trackingUrl"
        type="url"
        inputMode="url"
        placeholder="https://"
        error={fieldError(error, "trackingUrl")}
      />
    </>
  );
}
