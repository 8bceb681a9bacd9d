import { PAGE_SIZE } from "@forgeline/contract";
import { QueryState } from "../../components/query-state";
import { Spinner } from "../../components/spinner";
import { paths } from "../../config/paths";
import { OrderModal } from "../../features/orders/order-modal";
import { useProducts } from "../../features/products/api/get-products";
import { ProductGrid } from "../../features/products/product-grid";
import { useProduct } from "../../lib/product-query";
import { useNavigate, useSearchParams } from "../../lib/router";
import { useSession } from "../../lib/session";
import { RequireAuth } from "../guards";

/** /orderdetails?productId=&quantity=: a signed-in route (docs/SPEC-CONFORMANCE.md §2). */
export default function GuardedOrderDetailsPage() {
  return (
    <RequireAuth>
      <OrderDetailsPage />
    </RequireAuth>
  );
}

/** The catalogue with the order modal open. */
function OrderDetailsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const productId = searchParams.get("productId");
  // The pieces picked beside Order Now; the modal checks them against the rule like any it is given.
  const picked = Number(searchParams.get("quantity") ?? Number.NaN);
  const session = useSession();
  const product = useProduct(productId);
  const catalogue = useProducts({ limit: PAGE_SIZE.catalogue, offset: 0 });

  // Back to where the visitor came from, or to the catalogue when this page was opened directly.
  const close = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.availableProducts, { replace: true });
  };

  return (
    <section aria-labelledby="order-page-heading">
      <h1 id="order-page-heading" className="mb-6 text-3xl font-bold">
        Order details
      </h1>
      {product.isPending && productId ? <Spinner label="Loading the product" /> : null}
      {(product.isError || product.data === null || !productId) && (
        <p role="alert" className="alert alert-error alert-soft mb-6">
          This product is no longer in the catalogue. Pick another tool below.
        </p>
      )}
      {product.data && session.data && (
        <OrderModal
          product={product.data}
          customer={session.data}
          quantity={Number.isSafeInteger(picked) ? picked : undefined}
          onClose={close}
        />
      )}
      <QueryState query={catalogue} what="tools" isEmpty={(data) => data.items.length === 0} empty="No tools yet.">
        {(data) => <ProductGrid products={data.items} />}
      </QueryState>
    </section>
  );
}
