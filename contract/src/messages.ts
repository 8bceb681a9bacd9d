import { BULK_ORDER_MESSAGES } from "./bulk-order-messages.js";
import { NOT_FOUND_MESSAGE } from "./not-found.js";

/**
 * Every user-facing message: docs/SPEC-CONFORMANCE.md §5 and §8 with the spelling fixes of
 * docs/decisions/006-deviations-from-spec.md.
 * Browser and server both read them from here, so a message is written once.
 */
export const MESSAGES = {
  emailRequired: "Email is Required",
  emailInvalid: "Provide a Valid Email",
  passwordRequired: "Password is Required",
  passwordTooShort: "Must be 6 Characters Or Longer",
  nameRequired: "Name is Required",
  priceRequired: "Price is Required",
  quantityRequired: "Quantity is Required",
  quantityMinimum: "Minimum 100",
  imageRequired: "Image is Required",
  descriptionRequired: "Description is Required",
  ratingRequired: "Rating is Required",
  ratingMaximum: "Maximum 5",
  facebookRequired: "Facebook URL is Required",
  resetEmailMissing: "Please Enter your Email Address",
  resetSent: "Sent email",
  orderPlaced: (product: string) => `Successfully ordered ${product}`,
  orderAwaitsApproval: "Your order is placed and awaits approval by an owner of your company",
  orderDuplicate: (product: string) => `You already have an unpaid order for ${product}`,
  orderDuplicateAwaiting: (product: string) => `You already have an order for ${product} awaiting approval`,
  madeAdmin: "Successfully Made an Admin",
  adminOnly: "Admin Access Only",
  productAdded: "Product Data Added Successfully",
  productAddFailed: "Failed to Add Product Data",
  reviewAdded: "Review Data Added Successfully",
  reviewAddFailed: "Failed to Add Review Data",
  profileAdded: "Profile Data Added Successfully",
  profileAddFailed: "Failed to Add Profile Data",
  productDeleted: (name: string) => `Product: ${name} is deleted`,
  productDeleteFailed: (name: string) => `Failed to delete ${name}`,
  paymentCompleted: "Congrats! Your Payment is completed.",
  newsletterThanks: "Thanks for subscribing! Our next newsletter is on its way to you.",
  noUserLoggedIn: "No user is logged in",
  ...BULK_ORDER_MESSAGES,
  notFound: NOT_FOUND_MESSAGE,
} as const;
