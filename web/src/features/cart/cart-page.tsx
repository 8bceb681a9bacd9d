import { type Cart, type CartLine, QUANTITY_UNIT } from "@forgeline/contract";
import { lazy, Suspense, useRef } from "react";
import { Link } from "../../components/link";
import { PricedTotals } from "../../components/priced-order";
import { QueryState } from "../../components/query-state";
import { SignOutToLogin } from "../../components/sign-out-to-login";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { useMyCompany } from "../../lib/company";
import { notify } from "../../lib/toast";
import { useCart } from "./api/get-cart";
import { useRemoveLine } from "./api/remove-line";
import { CartLineItem } from "./cart-line-item";

// Loaded once the cart has lines: an empty cart, a new customer's first sight of it, carries no form code.
const CheckoutForm = lazy(() => import("./checkout-form").then((module) => ({ default: module.CheckoutForm })));
const RequestQuoteForm = lazy(() =>
  import("./request-quote-form").then((module) => ({ default: module.RequestQuoteForm })),
);
// "Save as list" (docs/RECURRING.md): loaded with the other forms, once the cart has lines.
const SaveListForm = lazy(() =>
  import("../../components/save-list-form").then((module) => ({ default: module.SaveListForm })),
);

/**
 * /cart (signed in; docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'): the buyer's cart as the server priced it, one
 * line per tool with its quantity stepper, the promotion, tax and total, and the checkout. Every figure is the
 * server's.
 */
export default function CartPage() {
  const cart = useCart();
  // The buyer's company (its delivery addresses and PO rule shape the checkout), asked beside the cart.
  useMyCompany();
  const heading = useRef<HTMLHeadingElement>(null);
  // A sign-in that no longer stands ends here; a 403 (an admin's account has no cart) is only said.
  if (cart.error instanceof ApiError && cart.error.status === 401) return <SignOutToLogin />;

  return (
    <section aria-labelledby="cart-heading">
      <h1 id="cart-heading" ref={heading} tabIndex={-1} className="mb-4 text-2xl font-bold sm:text-3xl">
        Your cart
      </h1>
      <QueryState
        query={cart}
        what="cart"
        isEmpty={(data) => data.lines.length === 0}
        empty={
          <>
            Your cart is empty.{" "}
            <Link className="link link-primary" to={paths.availableProducts}>
              Browse the tools
            </Link>
          </>
        }
      >
        {(data) => <CartContent cart={data} focusHeading={() => heading.current?.focus()} />}
      </QueryState>
    </section>
  );
}

function CartContent({ cart, focusHeading }: { cart: Cart; focusHeading: () => void }) {
  const removeLine = useRemoveLine();

  async function remove(line: CartLine) {
    try {
      await removeLine.mutateAsync(line.productId);
    } catch {
      // Said under the line's Remove (removeLine.error).
      return;
    }
    notify("success", `Removed ${line.name} from your cart`);
    // The line and its button are gone: the focus goes back to the top of the cart, not to the page's start.
    focusHeading();
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div>
        <ul aria-label="Cart lines">
          {cart.lines.map((line) => (
            <CartLineItem
              key={line.productId}
              line={line}
              removing={removeLine.isPending && removeLine.variables === line.productId}
              removeRefusal={removeLine.variables === line.productId ? removeLine.error : null}
              onRemove={(which) => void remove(which)}
            />
          ))}
        </ul>
        <div className="mt-4 ml-auto max-w-sm" aria-live="polite">
          <p className="mb-2 text-sm text-base-content/80">
            {cart.lines.length} {cart.lines.length === 1 ? "line" : "lines"}, {cart.pieces}{" "}
            {QUANTITY_UNIT.toLowerCase()}
          </p>
          <PricedTotals priced={cart} />
        </div>
      </div>
      <div className="flex flex-col gap-4 lg:self-start">
        <Suspense fallback={null}>
          <div className="rounded-box bg-base-200 p-4">
            <CheckoutForm cart={cart} />
          </div>
          <div className="rounded-box border border-base-300 p-4">
            <RequestQuoteForm />
          </div>
          <div className="rounded-box border border-base-300 p-4">
            <SaveListForm
              defaultName="My list"
              lines={cart.lines.map((line) => ({ sku: line.sku, quantity: line.quantity }))}
            />
          </div>
        </Suspense>
      </div>
    </div>
  );
}
