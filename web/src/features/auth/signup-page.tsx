import { signupFields } from "@forgeline/contract";
import { Field } from "../../components/field";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { useHydrated } from "../../lib/use-hydrated";
import { useRulesForm } from "../../lib/use-rules-form";
import { AuthCard, ProviderError } from "./auth-card";
import { GoogleButton } from "./google-button";
import { loadAuthClient } from "./load-auth-client";
import { useSignInFlow } from "./use-sign-in-flow";

export default function SignupPage() {
  const hydrated = useHydrated();
  const { returnTo, origin, providerError, setProviderError, signInWith } = useSignInFlow();
  const form = useRulesForm(signupFields);
  const { errors, isSubmitting } = form;

  const submit = form.handleSubmit((values) =>
    signInWith(async () => (await loadAuthClient()).signUp.email(values), "Sign-up failed"),
  );

  return (
    <AuthCard title="Sign Up">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" autoComplete="name" error={errors.name} {...form.register("name")} />
        <Field label="Email" type="email" autoComplete="email" error={errors.email} {...form.register("email")} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          {...form.register("password")}
        />
        <ProviderError message={providerError} />
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting || !hydrated}>
          Sign Up
        </button>
      </form>
      <p className="text-sm">
        Already have an account?{" "}
        <Link className="link link-primary" to={paths.login} state={origin}>
          Login
        </Link>
      </p>
      <GoogleButton returnTo={returnTo} onError={setProviderError} />
    </AuthCard>
  );
}
