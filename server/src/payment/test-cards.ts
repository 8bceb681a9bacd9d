/**
 * The built-in test provider's card check. It accepts the card numbers of Stripe's test mode, so the same
 * numbers work before and after switching to Stripe; no card data leaves the server, no money moves.
 */
const SUCCEEDS = new Set(["4242424242424242", "5555555555554444", "4000056655665556"]);
const DECLINES: Record<string, string> = {
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000000069": "Your card has expired.",
  "4000000000000127": "Your card's security code is incorrect.",
};

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** null when the card pays; otherwise the message a card network would give. */
export function testCardProblem(card: TestCard, now = new Date()): string | null {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return "Your card number is invalid.";
  const expiry = card.expiry.match(/^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete.";
  const year = Number(expiry[2]) + (expiry[2]?.length === 2 ? 2000 : 0);
  if (new Date(year, month, 1) <= now) return "Your card's expiration year is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  if (SUCCEEDS.has(number)) return null;
  return DECLINES[number] ?? "Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.";
}
