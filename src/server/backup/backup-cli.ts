import { readConfig } from '../config';
import { BackupError, createBackup, restoreBackup } from './backup';

// `npm run backup -- <folder>` and `npm run restore -- <folder>`: the database the server
// would use (DATABASE_URL, else the embedded one in DATA_DIR) and the uploads folder
// (UPLOADS_DIR), run from the project root. See docs/backups.md.

const usage = `Usage:
  npm run backup -- <new folder>    write a backup of the database and the uploads
  npm run restore -- <folder>       restore one into the configured DATA_DIR / DATABASE_URL

The embedded database must not be in use: stop the server first (PGlite's directory is
locked; the embedded PostgreSQL server's files are copied while it is stopped). PostgreSQL (DATABASE_URL) is dumped online with pg_dump and restored with
pg_restore; both must be on the PATH, in the server's major version.`;

async function main() {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'create' && command !== 'restore') || !folder) {
    console.error(usage);
    process.exit(2);
  }
  const config = readConfig();
  const source = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, embedded: config.embeddedDatabase, uploadsDir: config.uploadsDir };
  const manifest = command === 'create' ? await createBackup(source, folder) : await restoreBackup(folder, source);
  const what = `${manifest.database === 'postgres' ? 'PostgreSQL database' : 'embedded database'} and ${manifest.uploads.files} uploaded files`;
  console.log(command === 'create' ? `backup: ${what} written to ${folder}` : `restore: ${what} from ${folder} (made ${manifest.createdAt})`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) console.error(`${error.message}\n  → ${error.hint}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
