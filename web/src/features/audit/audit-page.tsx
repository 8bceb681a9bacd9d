import { useSearchParams } from "react-router";
import { DataTable } from "../../components/data-table";
import { formatDateTime } from "../../components/order-history";
import { Pager, pageCountOf, requestedPage } from "../../components/pager";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { AUDIT_PAGE_SIZE, useAudit } from "./api/get-audit";
import { AUDIT_ACTION_LABELS, describeChange } from "./describe-change";

/** /dashboard/audit (admins): every admin action, newest first, with what it changed. */
export default function AuditPage() {
  const [searchParams] = useSearchParams();
  const page = requestedPage(searchParams);
  const audit = useAudit(page);
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Audit log
      </h1>
      <QueryState
        query={audit}
        what="audit log"
        isEmpty={(data) => data.items.length === 0}
        empty="No admin actions yet."
      >
        {(data) => (
          <>
            <DataTable
              label="Audit log entries"
              columns={[
                { label: "When" },
                { label: "Who" },
                { label: "Action" },
                { label: "Target" },
                { label: "Change" },
              ]}
            >
              {data.items.map((entry) => (
                <tr key={entry._id}>
                  <th scope="row" className="font-normal whitespace-nowrap">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </th>
                  <td className="break-all">{entry.actor}</td>
                  <td>{AUDIT_ACTION_LABELS[entry.action]}</td>
                  <td className="font-mono text-xs break-all">{entry.target}</td>
                  <td>
                    <ul className="font-mono text-xs">
                      {describeChange(entry.before, entry.after).map((line) => (
                        <li key={line} className="break-all">
                          {line}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager
              label="Audit log pages"
              page={page}
              pageCount={pageCountOf(data.total, AUDIT_PAGE_SIZE)}
              hrefFor={(next) => `${paths.audit}?page=${next}`}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
