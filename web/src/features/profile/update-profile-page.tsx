import { MESSAGES, type Profile, type ProfileBody } from "@forgeline/contract";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Field, TextAreaField } from "../../components/field";
import { ImageUpload } from "../../components/image-upload";
import { Spinner } from "../../components/spinner";
import { paths } from "../../config/paths";
import { lazyResolver } from "../../lib/lazy-resolver";
import { type SessionUser, useSession } from "../../lib/session";
import { notify } from "../../lib/toast";
import { useMyProfile } from "./api/get-profile";
import { useSaveProfile } from "./api/save-profile";

export default function UpdateProfilePage() {
  const session = useSession();
  const profile = useMyProfile();
  if (!session.data || profile.isPending) return <Spinner label="Loading your profile" />;
  return <ProfileForm account={session.data} current={profile.data ?? null} />;
}

function ProfileForm({ account, current }: { account: SessionUser; current: Profile | null }) {
  const navigate = useNavigate();
  const save = useSaveProfile();
  const form = useForm<ProfileBody>({
    resolver: lazyResolver(async () => {
      const { zodResolver, profileBodySchema } = await import("../../lib/form-checks");
      return zodResolver(profileBodySchema);
    }),
    defaultValues: {
      name: current?.name ?? account.name,
      email: account.email,
      phone: current?.phone ?? "",
      fburl: current?.fburl ?? "",
      address: current?.address ?? "",
      image: current?.image ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify("success", MESSAGES.profileAdded);
      navigate(paths.myProfile);
    } catch {
      notify("error", MESSAGES.profileAddFailed);
    }
  });

  return (
    <section aria-labelledby="update-profile-heading" className="max-w-xl">
      <h1 id="update-profile-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Update Profile
      </h1>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <Field label="Email" type="email" readOnly error={errors.email?.message} {...form.register("email")} />
        <Field
          label="Phone (digits only)"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register("phone")}
        />
        <Field label="Facebook URL" type="url" error={errors.fburl?.message} {...form.register("fburl")} />
        <TextAreaField
          label="Address"
          rows={3}
          autoComplete="street-address"
          error={errors.address?.message}
          {...form.register("address")}
        />
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <ImageUpload label="Picture" value={field.value} onChange={field.onChange} error={errors.image?.message} />
          )}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          Save profile
        </button>
      </form>
    </section>
  );
}
