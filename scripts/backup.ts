// `npm run backup [-- --out <file>]`: a consistent copy of the whole database while the server runs
// (src/server/backup/backup.ts; docs/operations.md "Backup and restore").
import 'dotenv/config';
import { runBackup } from '../src/server/backup/backup';

const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
process.exitCode = await runBackup(process.argv.slice(2), process.env, io);
