import { Text } from "@react-email/components";
import { MailLayout } from "./layout.js";
import type { Shop } from "./order.js";

/**
 * A recurring order's run that could not be placed (docs/RECURRING.md): its buyer hears why, never silence. A run
 * that was placed is mailed as any order placed is (its "order placed" mail, with the link to pay).
 */
export interface RecurringRunFailedData {
  scheduleId: string;
  /** The schedule's name, as its maker gave it (empty until their address is confirmed, as order mails do). */
  name: string;
  /** The run's day in the shop's time zone, YYYY-MM-DD. */
  runOn: string;
  reason: string;
}

const subject = (data: RecurringRunFailedData) => `Your recurring order of ${data.runOn} was not placed`;

export const recurringRunFailed = {
  subject,
  body: (data: RecurringRunFailedData, shop: Shop) => (
    <MailLayout
      preview={subject(data)}
      heading="A recurring order was not placed"
      greeting="Hello,"
      action={{ href: `${shop.publicUrl}/dashboard/recurring`, label: "Open your recurring orders" }}
      after="The next run is placed on its day as usual; pause or end the recurring order on its page."
    >
      <Text>{`The run of ${data.runOn}${data.name ? ` of "${data.name}"` : ""} could not be placed: ${data.reason}`}</Text>
    </MailLayout>
  ),
};
