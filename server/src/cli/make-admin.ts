// npm run make-admin -- someone@example.com : makes that account an admin (stop a PGlite server first).
import { isEmail } from "@forgeline/contract";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { makeAdmin } from "../user/queries.js";

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !isEmail(email)) {
  console.error("Usage: npm run make-admin -- someone@example.com");
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const changed = await makeAdmin(database.db, email);
  console.log(changed > 0 ? `${email} is now an admin.` : `${email} was already an admin.`);
} finally {
  await database.close();
}
