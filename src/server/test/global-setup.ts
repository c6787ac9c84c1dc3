import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createPgliteClient, MIGRATIONS_DIR, openPostgres } from '../db/client';
import { withDatabase } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates a database once per run; every test file then starts from a copy of it
 * (a PGlite dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`), which is much cheaper than initdb + migrate.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-test-'));
  const templateFile = path.join(dir, 'template.tar.gz');
  const dump = await dumpMigratedPglite();
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', templateFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (url) {
    templateName = `cgsl_tpl_${process.pid}_${Date.now()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${templateName}`);
    const tpl = openPostgres(withDatabase(url, templateName), { max: 1 });
    await tpl.migrate();
    await tpl.close();
    await admin.end();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      const leftovers = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`cgsl_t%_${process.pid}_%`}`;
      for (const { datname } of leftovers) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}

async function dumpMigratedPglite(): Promise<Blob> {
  const client = await createPgliteClient();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  return dump;
}
