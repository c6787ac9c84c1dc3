// `npm run restore -- <file> [--force] [--no-owner]`: a backup into a fresh DATA_DIR or an empty PostgreSQL database
// (src/server/backup/restore.ts; docs/operations.md "Backup and restore").
import 'dotenv/config';
import { runRestore } from '../src/server/backup/restore';

const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
process.exitCode = await runRestore(process.argv.slice(2), process.env, io);
