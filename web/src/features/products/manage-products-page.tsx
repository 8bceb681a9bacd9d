import { formatPrice, MESSAGES, PAGE_SIZE, type Product, QUANTITY_UNIT } from "@forgeline/contract";
import { lazy, Suspense, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { QueryState } from "../../components/query-state";
import { RowActions } from "../../components/row-actions";
import { Thumbnail } from "../../components/thumbnail";
import { notify } from "../../lib/toast";
import { useDeleteProduct } from "./api/delete-product";
import { useProducts } from "./api/get-products";

// The dialogs and their form code load when an admin opens one, not with the list.
const EditProductDialog = lazy(() =>
  import("./edit-product-dialog").then((module) => ({ default: module.EditProductDialog })),
);
const RestockDialog = lazy(() => import("./restock-dialog").then((module) => ({ default: module.RestockDialog })));

export default function ManageProductsPage() {
  const [page, setPage] = useState(0);
  const catalogue = useProducts({ limit: PAGE_SIZE.max, offset: page * PAGE_SIZE.max });
  const deleteProduct = useDeleteProduct();
  const [doomed, setDoomed] = useState<Product | null>(null);
  const [editing, setEditing] = useState<Product | null>(null);
  const [restocking, setRestocking] = useState<Product | null>(null);
  const pages = Math.max(1, Math.ceil((catalogue.data?.total ?? 0) / PAGE_SIZE.max));

  async function deleteForGood(product: Product) {
    try {
      await deleteProduct.mutateAsync(product);
      notify("success", MESSAGES.productDeleted(product.name));
    } catch {
      notify("error", MESSAGES.productDeleteFailed(product.name));
    }
  }

  return (
    <section aria-labelledby="manage-heading">
      <h1 id="manage-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Manage Product
      </h1>
      <QueryState query={catalogue} what="products" isEmpty={(data) => data.items.length === 0} empty="No products.">
        {(data) => (
          <DataTable
            columns={[
              { label: "Picture" },
              { label: "Name" },
              { label: "Price", numeric: true },
              { label: "Stock", numeric: true },
              { label: "Actions" },
            ]}
          >
            {data.items.map((product) => (
              <tr key={product._id}>
                <td>
                  <Thumbnail src={product.image} width={64} height={48} className="rounded bg-base-200" lazy />
                </td>
                <th scope="row" className="font-medium">
                  {product.name}
                </th>
                <td className="text-right">{formatPrice(product.price)}</td>
                <td className="text-right whitespace-nowrap">
                  {product.quantity} {QUANTITY_UNIT}
                </td>
                <RowActions>
                  <button type="button" className="btn btn-sm" onClick={() => setEditing(product)}>
                    Edit<span className="sr-only"> {product.name}</span>
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => setRestocking(product)}>
                    Restock<span className="sr-only"> {product.name}</span>
                  </button>
                  <button type="button" className="btn btn-sm btn-error" onClick={() => setDoomed(product)}>
                    Delete<span className="sr-only"> {product.name}</span>
                  </button>
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      {pages > 1 && (
        <nav aria-label="Product pages" className="mt-4 flex items-center gap-4">
          <button type="button" className="btn btn-sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous page
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" className="btn btn-sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </button>
        </nav>
      )}
      <Suspense fallback={null}>
        {editing && <EditProductDialog product={editing} onClose={() => setEditing(null)} />}
        {restocking && <RestockDialog product={restocking} onClose={() => setRestocking(null)} />}
      </Suspense>
      {doomed && (
        <ConfirmDialog
          title={`Delete ${doomed.name}?`}
          confirmLabel="Delete"
          onConfirm={() => void deleteForGood(doomed)}
          onClose={() => setDoomed(null)}
        >
          It leaves the catalogue at once. Orders that name it keep its name and price.
        </ConfirmDialog>
      )}
    </section>
  );
}
