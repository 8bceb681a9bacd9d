import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { essayTeasers } from "./teasers";

export function BlogTeasers() {
  return (
    <section aria-labelledby="teasers-heading">
      <h2 id="teasers-heading" className="mb-6 text-2xl font-bold sm:text-3xl">
        From our blog
      </h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {essayTeasers.map((teaser) => (
          <li key={teaser.slug} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              <h3 className="card-title text-lg">{teaser.question}</h3>
              <p className="text-sm text-base-content/80">{teaser.summary}</p>
              <Link className="link link-primary mt-2" to={`${paths.blogs}#${teaser.slug}`}>
                Read the answer<span className="sr-only">: {teaser.question}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
