import type { Company } from "@forgeline/contract";
import { useId, useState } from "react";
import { ConfirmAddressNotice } from "../../components/confirm-address-notice";
import { NavLink } from "../../components/link";
import { navItemClass } from "../../components/nav-item";
import { Spinner } from "../../components/spinner";
import { companyPaths, listPaths, quotePaths, stockPaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { useMyCompany } from "../../lib/company";
import { Outlet } from "../../lib/router";
import { useSession } from "../../lib/session";
import { useDeferredOpen } from "../../lib/use-deferred-open";
import { useIsAdmin } from "../../lib/use-is-admin";

const customerItems = [
  { to: paths.dashboard, label: "My Orders" },
  { to: paths.myReview, label: "My Review" },
  { to: paths.addReview, label: "Add Review" },
  { to: paths.quickOrder, label: "Quick Order" },
  { to: quotePaths.quotes, label: "Quotes" },
  { to: listPaths.lists, label: "Saved Lists" },
  { to: listPaths.recurring, label: "Recurring Orders" },
];
const everyoneItems = [
  { to: paths.myProfile, label: "My Profile" },
  { to: paths.updateProfile, label: "Update Profile" },
];
/** An admin's /dashboard: the shop owner's overview (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'). */
const adminHome = { to: paths.dashboard, label: "Overview" };
const adminItems = [
  { to: paths.users, label: "All Users" },
  { to: paths.addProduct, label: "Add Product" },
  { to: paths.manageProduct, label: "Manage Product" },
  { to: paths.adminOrders, label: "Orders" },
  { to: paths.promotions, label: "Promotions" },
  { to: stockPaths.warehouses, label: "Warehouses" },
  { to: stockPaths.pickList, label: "To ship" },
  { to: stockPaths.backorders, label: "Backorders" },
  { to: companyPaths.companies, label: "Companies" },
  { to: companyPaths.receivables, label: "Receivables" },
  { to: quotePaths.quotes, label: "Quotes" },
  { to: paths.audit, label: "Audit log" },
];

/** A drawer item; `waiting`: how many things there wait for the reader (the orders an owner approves). */
interface MenuItem {
  to: string;
  label: string;
  waiting?: number | undefined;
}

/**
 * A customer's company items: My Company always (to create or join one); with a company, its orders; for its
 * owners and buyers, when it buys on account, its statement; for its owners, the orders that wait for their approval.
 */
function companyItems(company: Company | null | undefined) {
  const items: MenuItem[] = [{ to: companyPaths.company, label: "My Company" }];
  if (company) items.push({ to: companyPaths.companyOrders, label: "Company Orders" });
  if (company?.paymentTerms && company.actions.includes("read:credit")) {
    items.push({ to: companyPaths.statement, label: "Statement" });
  }
  if (company?.actions.includes("approve:order")) {
    items.push({ to: companyPaths.approvals, label: "Approvals", waiting: company.awaitingApproval });
  }
  return items;
}

/**
 * The dashboard with its drawer: customers see their orders, reviews and company (by their role in it),
 * admins run the shop.
 */
export default function DashboardLayout() {
  const drawerId = useId();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const session = useSession();
  const admin = useIsAdmin();
  // Asked beside the page's own data, once the role is known: admins belong to no company.
  const company = useMyCompany(admin.data === false);
  const roleKnown = useDeferredOpen(!admin.isPending);
  if (!roleKnown) return <Spinner label="Loading your dashboard" />;
  const items: MenuItem[] = admin.data
    ? [adminHome, ...everyoneItems, ...adminItems]
    : [...customerItems, ...companyItems(company.data), ...everyoneItems];

  return (
    <div className="drawer lg:drawer-open">
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-w-0 lg:pl-6">
        <div className="mb-4 flex items-center justify-between gap-2">
          <p className="text-sm text-base-content/80">
            Signed in as <span className="font-semibold">{session.data?.name || session.data?.email}</span>
            {admin.data ? " (admin)" : ""}
          </p>
          <button
            type="button"
            className="btn btn-sm lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            Menu
          </button>
        </div>
        {session.data?.confirmed === false ? (
          <ConfirmAddressNotice email={session.data.email} landing={paths.dashboard} />
        ) : null}
        <Outlet />
      </div>
      <div className="drawer-side z-50 lg:z-auto">
        <button
          type="button"
          className="drawer-overlay"
          aria-label="Close the dashboard menu"
          onClick={() => setOpen(false)}
        />
        <nav id={menuId} aria-label="Dashboard" className="min-h-full w-64 bg-base-200 p-4 lg:rounded-box">
          <p className="mb-2 px-2 text-lg font-bold">Dashboard</p>
          <ul className="flex w-full flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={navItemClass} onClick={() => setOpen(false)}>
                  {item.label}
                  {item.waiting ? (
                    <span className="badge badge-accent ml-auto">
                      {item.waiting}
                      <span className="sr-only"> waiting</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

/**
 * /dashboard: a customer's My Orders (docs/decisions/006-deviations-from-spec.md), an admin's overview
 * (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner').
 */
export function DashboardHome({ customer, admin }: { customer: React.ReactNode; admin: React.ReactNode }) {
  const isAdmin = useIsAdmin();
  return <>{isAdmin.data ? admin : customer}</>;
}
