import { MESSAGES } from "@forgeline/contract";
import { DataTable } from "../../components/data-table";
import { QueryState } from "../../components/query-state";
import { ApiError } from "../../lib/api-client";
import { errorMessage, notify } from "../../lib/toast";
import { useUsers } from "./api/get-users";
import { useMakeAdmin } from "./api/make-admin";

export default function AllUsersPage() {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();

  async function promote(email: string) {
    try {
      const { modifiedCount } = await makeAdmin.mutateAsync(email);
      if (modifiedCount > 0) notify("success", MESSAGES.madeAdmin);
    } catch (error) {
      notify("error", error instanceof ApiError && error.status === 403 ? MESSAGES.adminOnly : errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        All Users
      </h1>
      <QueryState query={users} what="users" isEmpty={(list) => list.length === 0} empty="No users yet.">
        {(list) => (
          <DataTable columns={[{ label: "Email" }, { label: "Role" }, { label: "Action" }]}>
            {list.map((user) => (
              <tr key={user._id}>
                <th scope="row" className="font-medium break-all">
                  {user.email}
                </th>
                <td>{user.role === "admin" ? "Admin" : "Customer"}</td>
                <td>
                  {user.role !== "admin" && (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      disabled={makeAdmin.isPending}
                      onClick={() => void promote(user.email)}
                    >
                      Make Admin<span className="sr-only"> {user.email}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
