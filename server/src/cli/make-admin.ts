// npm run make-admin -- someone@example.com : makes that verified account an admin (stop a PGlite server first).
import { isEmail } from "@forgeline/contract";
import { loadConfig, loadEnvFile } from "../config.js";
import { openDatabase } from "../db/client.js";
import { makeAdmin } from "../user/queries.js";

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !isEmail(email)) {
  console.error("Usage: npm run make-admin -- someone@example.com");
  process.exit(2);
}
loadEnvFile();
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const outcome = {
    "made-admin": `${email} is now an admin.`,
    "already-admin": `${email} was already an admin.`,
    "no-account": `No account has the address ${email}: sign up first, then confirm the address from the mail.`,
    unverified: `${email} has not confirmed its address yet (the link in the confirmation mail); it was not made an admin.`,
  };
  const result = await makeAdmin(database.db, email);
  console.log(outcome[result]);
  if (result === "no-account" || result === "unverified") process.exitCode = 1;
} finally {
  await database.close();
}
