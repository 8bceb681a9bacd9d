import { DataTable } from "../../components/data-table";
import { ListPage } from "../../components/list-page";
import { Pager, pageCountOf, requestedPage } from "../../components/pager";
import { paths } from "../../config/paths";
import { dateTimeText } from "../../lib/date-text";
import { useSearchParams } from "../../lib/router";
import { AUDIT_PAGE_SIZE, useAudit } from "./api/get-audit";
import { AUDIT_ACTION_LABELS, describeChange } from "./describe-change";

/** /dashboard/audit (admins): every admin action, newest first, with what it changed. */
export default function AuditPage() {
  const [searchParams] = useSearchParams();
  const page = requestedPage(searchParams);
  const audit = useAudit(page);
  return (
    <ListPage
      id="audit-heading"
      title="Audit log"
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
                  <time dateTime={entry.at}>{dateTimeText(entry.at)}</time>
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
    </ListPage>
  );
}
