import { existsSync } from "node:fs";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { seedCatalogue } from "./db/seed.js";
import { resolveAuthSecret } from "./identity/secret.js";
import { ensureSeedAdmin } from "./identity/seed-admin.js";

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const authSecret = await resolveAuthSecret(config);
const app = await buildApp({ config, database, authSecret, logger: { level: config.logLevel } });
app.addHook("onClose", () => database.close());

if (config.seedCatalogue && (await seedCatalogue(database.db, config.imagesDir))) {
  app.log.info("Seeded an empty database with the tool catalogue and reviews.");
}
if (config.seedAdmin && (await ensureSeedAdmin(app.identity, database.db, config.seedAdmin))) {
  app.log.info(`Created the admin account ${config.seedAdmin.email}.`);
}

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, finishing requests in flight`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Storefront ready at ${config.publicUrl} (${database.kind} database${database.kind === "pglite" ? ` in ${config.dataDir}` : ""})`,
);
