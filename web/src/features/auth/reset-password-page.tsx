import { MESSAGES, newPasswordFields, resetRequestFields } from "@forgeline/contract";
import { useState } from "react";
import { Field } from "../../components/field";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { useSearchParams } from "../../lib/router";
import { useRulesForm } from "../../lib/use-rules-form";
import { AuthCard, AuthForm } from "./auth-card";
import { loadAuthClient } from "./load-auth-client";

/** Step 1 asks for the address and mails a link; the link comes back here with a token for step 2. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const linkError = searchParams.get("error");
  return (
    <AuthCard title="Reset Password">
      {linkError && (
        <p className="text-sm font-medium text-error" role="alert">
          This reset link is no longer valid. Ask for a new one below.
        </p>
      )}
      {token ? <ChooseNewPassword token={token} /> : <RequestResetMail />}
    </AuthCard>
  );
}

function RequestResetMail() {
  const [sent, setSent] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  const form = useRulesForm(resetRequestFields);
  const { errors, isSubmitting } = form;

  const submit = form.handleSubmit(async ({ email }) => {
    setProviderError(null);
    const { error } = await (await loadAuthClient()).requestPasswordReset({ email, redirectTo: paths.resetPassword });
    if (error) {
      setProviderError(error.message ?? "We could not send the mail");
      return;
    }
    setSent(true);
    // The toast's code loads with this click: the page's first visit carries none of it.
    void import("../../lib/toast").then(({ notify }) => notify("success", MESSAGES.resetSent));
  });

  return (
    <AuthForm
      onSubmit={submit}
      busy={isSubmitting}
      providerError={providerError}
      submitLabel="Send reset link"
      notice={
        sent && (
          <p className="text-sm font-medium text-success" role="status">
            {MESSAGES.resetSent}: if an account uses this address, the link is on its way.
          </p>
        )
      }
      footer={
        <Link className="link text-sm" to={paths.login}>
          Back to login
        </Link>
      }
    >
      <p className="text-sm text-base-content/80">
        Enter the email of your account and we will mail you a link to choose a new password.
      </p>
      <Field label="Email" type="email" autoComplete="email" error={errors.email} {...form.register("email")} />
    </AuthForm>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  const form = useRulesForm(newPasswordFields);
  const { errors, isSubmitting } = form;

  const submit = form.handleSubmit(async ({ password }) => {
    setProviderError(null);
    const { error } = await (await loadAuthClient()).resetPassword({ newPassword: password, token });
    if (error) {
      setProviderError(error.message ?? "We could not change the password");
      return;
    }
    setDone(true);
  });

  if (done) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="font-medium text-success">Your password is changed.</p>
        <Link className="btn btn-primary" to={paths.login}>
          Login with your new password
        </Link>
      </div>
    );
  }
  return (
    <AuthForm onSubmit={submit} busy={isSubmitting} providerError={providerError} submitLabel="Change password">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...form.register("password")}
      />
    </AuthForm>
  );
}
