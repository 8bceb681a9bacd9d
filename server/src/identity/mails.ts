import type { MailMessage } from "../mail/mailer.js";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A mail with one call to action, as plain text and HTML. */
function mailWithLink(options: {
  to: string;
  subject: string;
  greeting: string;
  before: string;
  link: string;
  linkText: string;
  after: string;
}): MailMessage {
  const { to, subject, greeting, before, link, linkText, after } = options;
  return {
    to,
    subject,
    text: `${greeting}\n\n${before}\n\n${link}\n\n${after}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(before)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p><p>${escapeHtml(after)}</p>`,
  };
}

const greetingFor = (name: string) => (name ? `Hello ${name},` : "Hello,");

export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  return mailWithLink({
    to,
    subject: "Reset your Forgeline Tools password",
    greeting: greetingFor(name),
    before:
      "Someone asked to reset the password of your Forgeline Tools account. To choose a new password, open this link within an hour:",
    link,
    linkText: "Choose a new password",
    after: "If it was not you, ignore this mail: your password stays as it is.",
  });
}

export function verifyAddressMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  return mailWithLink({
    to,
    subject: "Confirm your Forgeline Tools address",
    greeting: greetingFor(name),
    before: "Welcome to Forgeline Tools. Please confirm that this address is yours by opening this link within a day:",
    link,
    linkText: "Confirm my address",
    after: "If you did not create an account, ignore this mail.",
  });
}

export function accountExistsMail({ to, signInLink }: { to: string; signInLink: string }): MailMessage {
  return mailWithLink({
    to,
    subject: "You already have a Forgeline Tools account",
    greeting: "Hello,",
    before:
      "Someone tried to create a Forgeline Tools account with this address, which already has one. If it was you, sign in here (or choose a new password from the sign-in page):",
    link: signInLink,
    linkText: "Sign in",
    after: "If it was not you, ignore this mail: nothing has changed on your account.",
  });
}
