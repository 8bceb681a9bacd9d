import { pictureSrcSet } from "@forgeline/contract";
import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { useMyProfile } from "./api/get-profile";

export default function MyProfilePage() {
  const profile = useMyProfile();
  return (
    <section aria-labelledby="profile-heading" className="max-w-xl">
      <h1 id="profile-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        My Profile
      </h1>
      <QueryState
        query={profile}
        what="profile"
        isEmpty={(data) => data === null}
        empty={
          <>
            Your profile is empty.{" "}
            <Link className="link link-primary" to={paths.updateProfile}>
              Complete your profile
            </Link>
          </>
        }
      >
        {(data) =>
          data && (
            <div className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body flex-row flex-wrap items-start gap-6">
                <img
                  src={data.image}
                  srcSet={pictureSrcSet(data.image)}
                  sizes="96px"
                  alt={`${data.name}`}
                  width={96}
                  height={96}
                  className="h-24 w-24 rounded-full object-cover"
                />
                <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  <dt className="text-base-content/70">Name</dt>
                  <dd className="font-medium">{data.name}</dd>
                  <dt className="text-base-content/70">Email</dt>
                  <dd className="break-all">{data.email}</dd>
                  <dt className="text-base-content/70">Phone</dt>
                  <dd>{data.phone}</dd>
                  <dt className="text-base-content/70">Facebook</dt>
                  <dd className="break-all">
                    <a className="link" href={data.fburl} rel="noopener noreferrer" target="_blank">
                      {data.fburl}
                    </a>
                  </dd>
                  <dt className="text-base-content/70">Address</dt>
                  <dd>{data.address}</dd>
                </dl>
              </div>
              <div className="card-actions px-8 pb-6">
                <Link className="btn btn-primary btn-sm" to={paths.updateProfile}>
                  Update Profile
                </Link>
              </div>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
