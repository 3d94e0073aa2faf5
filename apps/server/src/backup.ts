// `npm run backup [-- <file>]` and `npm run restore -- <file>`: the embedded database (DATA_DIR) to
// a file and back, with the server stopped (ADR 0033). PostgreSQL: pg_dump / pg_restore (README).
import { loadEnv } from "./config/env.js";
import { backupDataDir, restoreDataDir } from "./db/backup.js";
import { DataDirInUseError } from "./db/data-dir-lock.js";

const [command, fileArgument] = process.argv.slice(2);
const env = loadEnv();

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

if (env.DATABASE_URL) {
  fail(
    "DATABASE_URL is set: back up PostgreSQL with pg_dump (README, 备份 / Backups), e.g.\n" +
      '  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"\n' +
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" shop.dump',
  );
}

try {
  if (command === "backup") {
    const file = fileArgument ?? `backups/yuejia-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
    const { bytes } = await backupDataDir(env.DATA_DIR, file);
    console.log(`备份完成 / Backed up ${env.DATA_DIR} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  } else if (command === "restore" && fileArgument) {
    const { previous } = await restoreDataDir(fileArgument, env.DATA_DIR);
    console.log(`恢复完成 / Restored ${fileArgument} into ${env.DATA_DIR}.`);
    if (previous) console.log(`The database it replaced is kept in ${previous}; delete it when no longer needed.`);
  } else {
    fail("Usage: npm run backup [-- <file>]   |   npm run restore -- <file>");
  }
} catch (error) {
  if (error instanceof DataDirInUseError) fail(`${error.message}\n备份和恢复需要先停止服务器 / Stop the server first.`);
  throw error;
}
