// The built server as its own process on a DATA_DIR of the caller's: for the tests of starts, stops and
// crashes (e2e) and for the benchmarks (bench), which share this file.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export async function startServer(dataDir, port, env = {}) {
  const server = spawn(process.execPath, ["server/dist/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGKILL");
  throw new Error("the server did not start");
}

export async function stopServer(server, signal = "SIGTERM") {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill(signal);
  await exited;
}

/** A customer signed up through the API, with the session cookie traded for an access token. */
export async function apiCustomer(port, email, password = "customer-password-1") {
  const api = `http://127.0.0.1:${port}/api`;
  const signUp = await fetch(`${api}/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password, name: "API Customer" }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status}`);
  return withAccessToken(api, email, signUp);
}

/** An existing customer signed in through the API, with the session cookie traded for an access token. */
export async function apiSignIn(port, email, password = "customer-password-1") {
  const api = `http://127.0.0.1:${port}/api`;
  const signIn = await fetch(`${api}/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  return withAccessToken(api, email, signIn);
}

async function withAccessToken(api, email, identityAnswer) {
  const cookie = identityAnswer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { token } = await (await fetch(`${api}/user/${email}`, { method: "PUT", headers: { cookie } })).json();
  return { email, cookie, token };
}
