/** The look of a navigation item (navbar, dashboard drawer), and of the one for the current page. */
export function navItemClass({ isActive }: { isActive: boolean }): string {
  const look = isActive ? "bg-neutral text-neutral-content" : "hover:bg-base-content/10";
  return `flex items-center gap-1 rounded-field px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-3 sm:text-base ${look}`;
}
