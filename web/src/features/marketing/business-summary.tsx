import { BUSINESS_STATS } from "@forgeline/contract";

export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-heading" className="rounded-box bg-base-200 px-6 py-10">
      <h2 id="summary-heading" className="text-center text-2xl font-bold sm:text-3xl">
        Millions of businesses trust us
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-center text-base-content/80">
        Builders, workshops and resellers order their tools from us every day.
      </p>
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {BUSINESS_STATS.map((stat) => (
          <div key={stat.label} className="rounded-box bg-base-100 p-4 text-center shadow-sm">
            <dt className="text-sm text-base-content/70">{stat.label}</dt>
            <dd className="text-3xl font-bold text-primary">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
