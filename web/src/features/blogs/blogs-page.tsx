import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { QueryState } from "../../components/query-state";
import { useLocation } from "../../lib/router";
import { essaysQuery } from "./essays-query";

export default function BlogsPage() {
  const { hash } = useLocation();
  const query = useQuery(essaysQuery);
  const loaded = query.isSuccess;
  useEffect(() => {
    if (hash && loaded) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, loaded]);

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold sm:text-4xl">Blogs</h1>
      <p className="mt-2 text-base-content/80">
        Questions our developers get asked about React and JavaScript, answered.
      </p>
      <QueryState query={query} what="essays" isEmpty={(essays) => essays.length === 0} empty="No essays yet.">
        {(essays) => (
          <>
            <nav aria-label="Questions" className="my-6 rounded-box bg-base-200 p-4">
              <ol className="list-decimal space-y-1 pl-5">
                {essays.map((essay) => (
                  <li key={essay.slug}>
                    <a className="link" href={`#${essay.slug}`}>
                      {essay.question}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
            {essays.map((essay) => (
              <article key={essay.slug} id={essay.slug} className="mb-12 scroll-mt-20">
                <h2 className="text-2xl font-bold">{essay.question}</h2>
                <p className="mt-2 font-medium text-base-content/80">{essay.summary}</p>
                {essay.body.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed">
                    {paragraph}
                  </p>
                ))}
              </article>
            ))}
          </>
        )}
      </QueryState>
    </div>
  );
}
