import { useState } from "react";
import { usePublicConfig } from "../../lib/public-config";
import { loadAuthClient } from "./load-auth-client";

/** Google is a generic OpenID Connect provider on the server, reached through Better Auth's social sign-in. */
const GOOGLE_PROVIDER_ID = "google";

/** "Continue with Google", shown only when the server has Google sign-in configured. */
export function GoogleButton({ returnTo, onError }: { returnTo: string; onError: (message: string) => void }) {
  const config = usePublicConfig();
  const [busy, setBusy] = useState(false);
  if (!config.data?.googleSignIn) return null;

  async function continueWithGoogle() {
    setBusy(true);
    const { error } = await (await loadAuthClient()).signIn.social({
      provider: GOOGLE_PROVIDER_ID,
      callbackURL: returnTo,
    });
    if (error) {
      setBusy(false);
      onError(error.message ?? "Google sign-in failed");
    }
  }

  return (
    <>
      <p className="text-center text-sm">or</p>
      <button type="button" className="btn btn-outline w-full" onClick={continueWithGoogle} disabled={busy}>
        Continue with Google
      </button>
    </>
  );
}
