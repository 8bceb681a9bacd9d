import type { MailMessage } from "../mail/mailer.js";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  const greeting = name ? `Hello ${name},` : "Hello,";
  return {
    to,
    subject: "Reset your Forgeline Tools password",
    text: `${greeting}\n\nSomeone asked to reset the password of your Forgeline Tools account. To choose a new password, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone asked to reset the password of your Forgeline Tools account. To choose a new password, open this link within an hour:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}
