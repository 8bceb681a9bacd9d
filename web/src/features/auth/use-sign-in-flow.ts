import { MESSAGES } from "@forgeline/contract";
import { useState } from "react";
import { SIGNED_UP_STATE } from "../../config/paths";
import { useLocation, useNavigate } from "../../lib/router";
import { returnPath } from "./return-path";

type ProviderAnswer = { error: { message?: string | undefined } | null };

/**
 * What login and sign-up share: the identity provider's error in red, or, on success, the access token
 * and a return to the page the visitor came from. When the provider took the call (created the account)
 * but no session came back, there is no user to go on with: "No user is logged in" (docs/SPEC-CONFORMANCE.md §8),
 * in red. The page a sign-up lands on is told so (`SIGNED_UP_STATE`), and asks to confirm the address.
 */
export function useSignInFlow() {
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPath(location.state);
  const [providerError, setProviderError] = useState<string | null>(null);

  async function signInWith(attempt: () => Promise<ProviderAnswer>, failure: string, signUp = false) {
    setProviderError(null);
    const { error } = await attempt();
    if (error) {
      setProviderError(error.message ?? failure);
      return;
    }
    // Loaded with the answer: the code that trades the session for the access token is not needed to show the form.
    const { completeSignIn } = await import("../../lib/account-session");
    const user = await completeSignIn();
    if (!user) {
      setProviderError(MESSAGES.noUserLoggedIn);
      return;
    }
    navigate(returnTo, { replace: true, state: signUp ? SIGNED_UP_STATE : null });
  }

  return { returnTo, origin: location.state, providerError, setProviderError, signInWith };
}
