export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex justify-center py-12" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
