// npm run backup -- FILE  /  npm run restore -- FILE : the shop's database to a file and back
// (docs/OPERATIONS.md, "Database").
// On the embedded database stop the server first; a restore goes into an empty DATA_DIR or database only.
import { loadConfig, loadEnvFile } from "../config.js";
import { backupDatabase, restoreDatabase } from "../db/backup.js";

const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("Usage: npm run backup -- FILE   or   npm run restore -- FILE");
  process.exit(2);
}
loadEnvFile();
const config = loadConfig();
const where = config.databaseUrl
  ? "the PostgreSQL database of DATABASE_URL"
  : `the embedded database in ${config.dataDir}`;
try {
  if (command === "backup") {
    await backupDatabase(config, file);
    console.log(`Backed up ${where} to ${file}.`);
  } else {
    await restoreDatabase(config, file);
    console.log(`Restored ${file} into ${where}. Start the shop as usual.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
