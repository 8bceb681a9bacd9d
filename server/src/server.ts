import { loadConfig, loadEnvFile } from "./config.js";

loadEnvFile();
const config = loadConfig();
// Tracing patches `http` and `pg` as they are loaded, so it starts before the rest of the server is imported:
// keep the imports below dynamic. Without OTEL_EXPORTER_OTLP_ENDPOINT no part of OpenTelemetry's SDK is loaded.
const tracing = config.tracing ? await (await import("./tracing.js")).startTracing(config.tracing) : undefined;
const { buildApp } = await import("./app.js");
const { openDatabase } = await import("./db/client.js");
const { resolveAuthSecret } = await import("./identity/secret.js");
const { ensureSeedAdmin, localAdminPassword } = await import("./seed/admin.js");
const { seedCatalogue } = await import("./seed/catalogue.js");
const { DEFAULT_PASSWORD_HASH_COST, passwordCostNotice } = await import("./identity/password-hash.js");
const { storedPasswordCosts } = await import("./identity/queries.js");

const database = await openDatabase(config);
await database.migrate();
const authSecret = await resolveAuthSecret(config);
const app = await buildApp({ config, database, authSecret, logger: { level: config.logLevel } });

await database.oneAtATime(async () => {
  if (config.seedCatalogue && (await seedCatalogue(database.db, app.imageStore))) {
    app.log.info("Seeded an empty database with the tool catalogue and reviews.");
  }
  if (config.seedAdmin) await seedAdmin(config.seedAdmin);
});

async function seedAdmin({ email, password }: { email: string; password: string | undefined }) {
  const local = password ? undefined : await localAdminPassword(config.dataDir);
  const result = await ensureSeedAdmin(app.identity, database.db, {
    email,
    password: password ?? local?.password ?? "",
  });
  if (result === "created" && local) {
    // Printed once, when made; afterwards it is in the file.
    app.log.warn(
      `Created the admin account ${email} with the password ${local.password} (kept in ${config.dataDir}/admin-password).`,
    );
  } else if (result === "created") {
    app.log.info(`Created the admin account ${email}.`);
  } else if (result === "refused") {
    app.log.error(
      `SEED_ADMIN_EMAIL ${email} belongs to an account that is not an admin; it was not promoted. Confirm that address and run "npm run make-admin -- ${email}" if it is yours.`,
    );
  }
}

/** A container orchestrator kills after 10 s; what is still running at 9 s is cut off rather than lost mid-write. */
const SHUT_DOWN_WITHIN_MS = 9_000;

/**
 * SIGTERM (or Ctrl-C): no new connections, and a request on an open one answers 503 (so /api/ready tells
 * the balancer to look elsewhere); the requests in flight finish; the mail sender, the listening
 * connection and then the pool close. The app closes before the database: its hooks still use it.
 */
async function shutDown(signal: NodeJS.Signals) {
  app.log.info(`${signal} received, finishing requests in flight`);
  const cutOff = setTimeout(() => {
    app.log.error(`still busy ${SHUT_DOWN_WITHIN_MS / 1000} s after ${signal}; closing the open connections`);
    app.server.closeAllConnections();
    process.exit(1);
  }, SHUT_DOWN_WITHIN_MS);
  cutOff.unref();
  try {
    await app.close();
    await database.close();
    await tracing?.stop();
    process.exit(0);
  } catch (error) {
    app.log.error(error);
    process.exit(1);
  }
}

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void shutDown(signal);
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  passwordCostNotice(config.passwordHashCost, await storedPasswordCosts(database.db, DEFAULT_PASSWORD_HASH_COST)),
);
app.log.info(
  `Storefront ready at ${config.publicUrl} (${database.kind} database${database.kind === "pglite" ? ` in ${config.dataDir}` : ""})`,
);
