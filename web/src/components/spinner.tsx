export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex justify-center py-12" role="status">
      <span
        className="size-10 animate-spin rounded-full border-4 border-primary/25 border-t-primary"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
