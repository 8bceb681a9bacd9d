import { loginFields } from "@forgeline/contract";
import { Field } from "../../components/field";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { useRulesForm } from "../../lib/use-rules-form";
import { AuthCard, AuthForm } from "./auth-card";
import { GoogleButton } from "./google-button";
import { loadAuthClient } from "./load-auth-client";
import { useSignInFlow } from "./use-sign-in-flow";

export default function LoginPage() {
  const { returnTo, origin, providerError, setProviderError, signInWith } = useSignInFlow();
  const form = useRulesForm(loginFields);
  const { errors, isSubmitting } = form;

  const submit = form.handleSubmit((values) =>
    signInWith(async () => (await loadAuthClient()).signIn.email(values), "Sign-in failed"),
  );

  return (
    <AuthCard title="Login">
      <AuthForm onSubmit={submit} busy={isSubmitting} providerError={providerError} submitLabel="Login">
        <Field label="Email" type="email" autoComplete="email" error={errors.email} {...form.register("email")} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...form.register("password")}
        />
      </AuthForm>
      <p className="text-sm">
        <Link className="link" to={paths.resetPassword}>
          Forgot your password?
        </Link>
      </p>
      <p className="text-sm">
        New to Forgeline?{" "}
        <Link className="link link-primary" to={paths.signup} state={origin}>
          Create an account
        </Link>
      </p>
      <GoogleButton returnTo={returnTo} onError={setProviderError} />
    </AuthCard>
  );
}
