import type { AnchorHTMLAttributes } from "react";
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from "../lib/router";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  state?: unknown;
  replace?: boolean;
};

/**
 * A link within the app, made of React Router's own hooks. Its `<Link>` also brings route-module prefetching
 * and view transitions for the framework mode: about 2 KB of gzipped JS on every first visit, unused here.
 * Like React Router's, it leaves a click with a modifier key, another button or another target to the browser,
 * and replaces the history entry when the address is the current one.
 */
export function Link({ to, state, replace, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state, replace, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on this very address, not below it. */
  end?: boolean;
  className: string | ((state: { isActive: boolean }) => string);
};

/** A navigation item: marked `aria-current="page"` and styled as active on its address (and below, unless `end`). */
export function NavLink({ to, end = false, className, ...link }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slash) === "/");
  return (
    <Link
      {...link}
      to={to}
      className={typeof className === "string" ? className : className({ isActive })}
      aria-current={isActive ? "page" : undefined}
    />
  );
}
