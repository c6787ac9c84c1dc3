/**
 * What the server process needs beyond starting its database: the app and everything it imports. server.ts loads it
 * with one dynamic import once the embedded database is starting in its thread, so the two happen side by side.
 */
export { buildApp } from './app';
export { listenForBackupRequests, pgliteClientOf } from './backup/pglite-backup';
export { openPglite, openPostgres } from './db/client';
export { seedDemo } from './demo/demo-data';
export { issueSetupLink } from './modules/setup/setup.service';
