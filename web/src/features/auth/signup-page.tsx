import { signupFields } from "@forgeline/contract";
import { Field } from "../../components/field";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { useRulesForm } from "../../lib/use-rules-form";
import { AuthCard, AuthForm } from "./auth-card";
import { GoogleButton } from "./google-button";
import { loadAuthClient } from "./load-auth-client";
import { useSignInFlow } from "./use-sign-in-flow";

export default function SignupPage() {
  const { returnTo, origin, providerError, setProviderError, signInWith } = useSignInFlow();
  const form = useRulesForm(signupFields);
  const { errors, isSubmitting } = form;

  const submit = form.handleSubmit((values) =>
    signInWith(
      async () =>
        // The mailed link leads home, which then says the address is confirmed.
        (await loadAuthClient()).signUp.email({ ...values, callbackURL: paths.addressConfirmed(paths.home) }),
      "Sign-up failed",
      true,
    ),
  );

  return (
    <AuthCard title="Sign Up">
      <AuthForm onSubmit={submit} busy={isSubmitting} providerError={providerError} submitLabel="Sign Up">
        <Field label="Name" autoComplete="name" error={errors.name} {...form.register("name")} />
        <Field label="Email" type="email" autoComplete="email" error={errors.email} {...form.register("email")} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          {...form.register("password")}
        />
      </AuthForm>
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
