/** The product card's messages: apart from MESSAGES so that the catalogue pages load only these. */
export const CARD_MESSAGES = {
  orderBand: "An order must be between 100 and 200 pieces.",
  lowStock: "Not enough stock for a bulk order right now. Please try again later.",
} as const;
