import { MESSAGES, type Profile, type ProfileBody } from "@forgeline/contract";
import { Field, TextAreaField } from "../../components/field";
import { FormPage } from "../../components/form-page";
import { ImageUpload } from "../../components/image-upload";
import { Spinner } from "../../components/spinner";
import { paths } from "../../config/paths";
import { useNavigate } from "../../lib/router";
import { type SessionUser, useSession } from "../../lib/session";
import { notify } from "../../lib/toast";
import { useCheckedForm } from "../../lib/use-checked-form";
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
  const form = useCheckedForm<ProfileBody, ProfileBody>(
    {
      name: current?.name ?? account.name,
      email: account.email,
      phone: current?.phone ?? "",
      fburl: current?.fburl ?? "",
      address: current?.address ?? "",
      image: current?.image ?? "",
    },
    async () => {
      const { schemaCheck, profileBodySchema } = await import("../../lib/form-checks");
      return schemaCheck(profileBodySchema);
    },
  );
  const { errors, isSubmitting } = form;
  const image = form.control("image");

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
    <FormPage
      id="update-profile-heading"
      title="Update Profile"
      onSubmit={submit}
      busy={isSubmitting}
      submitLabel="Save profile"
    >
      <Field label="Name" autoComplete="name" error={errors.name} {...form.register("name")} />
      <Field label="Email" type="email" readOnly error={errors.email} {...form.register("email")} />
      <Field
        label="Phone (digits only)"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        error={errors.phone}
        {...form.register("phone")}
      />
      <Field label="Facebook URL" type="url" error={errors.fburl} {...form.register("fburl")} />
      <TextAreaField
        label="Address"
        rows={3}
        autoComplete="street-address"
        error={errors.address}
        {...form.register("address")}
      />
      <ImageUpload label="Picture" control={image} error={errors.image} />
    </FormPage>
  );
}
