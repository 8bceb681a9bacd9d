import type { ReactNode } from "react";
import { paths } from "../config/paths";
import { AddressNotice } from "./address-notice";
import { Link } from "./link";
import { Navbar } from "./navbar";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-base-100">
      <a href="#main" className="btn btn-sm btn-primary absolute left-2 top-2 z-50 -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall: the footer starts below the first screen, so a page whose data arrives
          after its heading does not push a footer that was in view (a layout shift). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <AddressNotice />
        {children}
      </main>
      <footer className="bg-neutral px-4 py-8 text-neutral-content">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 text-sm sm:flex-row sm:justify-between">
          <p>© {new Date().getFullYear()} Forgeline Tools. Bulk orders from the manufacturer.</p>
          <nav aria-label="Footer" className="flex gap-4">
            <Link className="link" to={paths.availableProducts}>
              All tools
            </Link>
            <Link className="link" to={paths.blogs}>
              Blogs
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
