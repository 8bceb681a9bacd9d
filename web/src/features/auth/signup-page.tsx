import { type SignupForm, signupFormSchema } from "@forgeline/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Field } from "../../components/field";
import { paths } from "../../config/paths";
import { useHydrated } from "../../lib/use-hydrated";
import { AuthCard, ProviderError } from "./auth-card";
import { authClient } from "./auth-client";
import { GoogleButton } from "./google-button";
import { useSignInFlow } from "./use-sign-in-flow";

export default function SignupPage() {
  const hydrated = useHydrated();
  const { returnTo, origin, providerError, setProviderError, signInWith } = useSignInFlow();
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit((values) => signInWith(() => authClient.signUp.email(values), "Sign-up failed"));

  return (
    <AuthCard title="Sign Up">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
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
