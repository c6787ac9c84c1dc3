import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// The import boundaries of docs/architecture.md, checked through the project's own ESLint config: each case
// lints a deliberate violation as if it were written in a real file (the text replaces the file's own, which
// type-aware linting needs to exist), and a lawful import beside it.
// The first lint builds the TypeScript program for type-aware rules: seconds, not milliseconds.
vi.setConfig({ testTimeout: 120_000 });
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  // A parsing error is kept too, so a broken probe fails loudly instead of passing with no boundary errors.
  return result!.messages.filter((m) => m.fatal || m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports').map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it('a web feature may not import another feature, but may import lib/, components/, app/ and src/shared', async () => {
    const file = 'src/web/features/bookings/components/book-field-page.tsx';
    const crossing = await boundaryErrors(file, "export { LoginPage } from '../../auth/components/login-page';");
    expect(crossing).toEqual([expect.stringContaining('boundaries/dependencies: A web feature imports no other feature')]);
    expect(await boundaryErrors(file, "export { cx } from '../../../lib/cx';\nexport { Button } from '../../../components/ui/button';\nexport { ERROR_CODES } from '../../../../shared/errors/api-error';")).toEqual([]);
    expect(await boundaryErrors(file, "export { bookPillName } from '../booking-words';")).toEqual([]);
  });

  it("a server module may not import another module's repository, only its service", async () => {
    const file = 'src/server/modules/bookings/bookings.service.ts';
    expect(await boundaryErrors(file, "export { findSlot } from '../slots/slots.repository';")).toEqual([
      expect.stringContaining("boundaries/dependencies: A module reaches another only through that module's service"),
    ]);
    expect(await boundaryErrors(file, "export { findSlot } from '../slots/slots.service';")).toEqual([]);
    expect(await boundaryErrors(file, "export { findBooking } from './bookings.repository';")).toEqual([]);
  });

  it('only repositories touch the ORM and the table definitions', async () => {
    const service = 'src/server/modules/bookings/bookings.service.ts';
    const errors = await boundaryErrors(service, "export { eq } from 'drizzle-orm';\nexport { bookings } from '../../db/schema';\nexport { sql } from 'drizzle-orm/sql';");
    expect(errors).toHaveLength(3);
    for (const e of errors) expect(e).toContain('no-restricted-imports');
    expect(await boundaryErrors('src/server/plugins/access.ts', "export { users } from '../db/schema';")).toHaveLength(1);
    expect(await boundaryErrors('src/server/modules/bookings/bookings.repository.ts', "export { eq } from 'drizzle-orm';\nexport { bookings } from '../../db/schema';")).toEqual([]);
  });
});
