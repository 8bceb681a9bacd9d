import type { Company } from "@forgeline/contract";
import type { ReactNode } from "react";
import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { companyPaths } from "../../config/dashboard-paths";
import { useMyCompany } from "../../lib/company";

/**
 * A page of the caller's company: `children` gets it; a customer in no company is pointed to My Company,
 * where they create one.
 */
export function CompanyRequired({ children }: { children: (company: Company) => ReactNode }) {
  const company = useMyCompany();
  return (
    <QueryState query={company} what="company" isEmpty={() => false} empty={null}>
      {(found) =>
        found ? (
          children(found)
        ) : (
          <p>
            You are not in a company.{" "}
            <Link className="link link-primary" to={companyPaths.company}>
              Create one, or see how to join one
            </Link>
          </p>
        )
      }
    </QueryState>
  );
}
