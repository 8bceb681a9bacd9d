import { Text } from "@react-email/components";
import { greetingFor, MailLayout } from "./layout.js";

export interface AccountLinkData {
  name: string;
  link: string;
}

export const passwordReset = {
  subject: () => "Reset your Forgeline Tools password",
  body: ({ name, link }: AccountLinkData) => (
    <MailLayout
      preview="Choose a new password"
      heading="Reset your password"
      greeting={greetingFor(name)}
      action={{ href: link, label: "Choose a new password" }}
      after="If it was not you, ignore this mail: your password stays as it is."
    >
      <Text>
        Someone asked to reset the password of your Forgeline Tools account. To choose a new password, open this link
        within an hour:
      </Text>
    </MailLayout>
  ),
};

export const verifyAddress = {
  subject: () => "Confirm your Forgeline Tools address",
  // No name: whoever signed up chose it, and this address has not said yet that the account is theirs.
  body: ({ link }: Pick<AccountLinkData, "link">) => (
    <MailLayout
      preview="Confirm your address"
      heading="Confirm your address"
      greeting="Hello,"
      action={{ href: link, label: "Confirm my address" }}
      after="If you did not create an account, ignore this mail."
    >
      <Text>
        Welcome to Forgeline Tools. Please confirm that this address is yours by opening this link within a day:
      </Text>
    </MailLayout>
  ),
};

export const accountExists = {
  subject: () => "You already have a Forgeline Tools account",
  body: ({ link }: Pick<AccountLinkData, "link">) => (
    <MailLayout
      preview="You already have an account"
      heading="You already have an account"
      greeting="Hello,"
      action={{ href: link, label: "Sign in" }}
      after="If it was not you, ignore this mail: nothing has changed on your account."
    >
      <Text>
        Someone tried to create a Forgeline Tools account with this address, which already has one. If it was you, sign
        in here (or choose a new password from the sign-in page):
      </Text>
    </MailLayout>
  ),
};
