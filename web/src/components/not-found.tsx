import { NOT_FOUND_MESSAGE } from "@forgeline/contract";
import { paths } from "../config/paths";
import { Link } from "./link";

export function NotFound() {
  return (
    <section className="flex flex-col items-center gap-6 py-20 text-center">
      <p className="text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{NOT_FOUND_MESSAGE}</h1>
      <Link to={paths.home} className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
