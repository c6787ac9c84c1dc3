import { z } from 'zod';
import { roleSchema } from '../users/users.schemas';

/**
 * GET /api/diag: what the diagnostics page shows. Everyone gets the first part; the signed-in person gets their
 * own account and the admin decision; `admin` is there only when the caller is an admin (the server leaves the key
 * out for everyone else, so nothing of it reaches them, not even empty).
 */

/** A check that can fail: `ok`, how long it took, and in words what went wrong and what to do. */
export const diagCheckSchema = z.object({
  ok: z.boolean(),
  /** Null when the check did not finish. */
  latencyMs: z.number().nullable(),
  error: z.string().optional(),
});
export type DiagCheck = z.infer<typeof diagCheckSchema>;

export const diagAdminDecisionSchema = z.object({
  isAdmin: z.boolean(),
  reason: z.enum(['claim', 'role', 'none']),
  claimCheckFailed: z.boolean(),
  /** The decision in words, with the ignored claim-check failure when there was one (spec §6). */
  why: z.string(),
});

export const diagYouSchema = z.discriminatedUnion('signedIn', [
  z.object({
    signedIn: z.literal(false),
    /** When the session could not be checked at all (the database did not answer). */
    error: z.string().optional(),
  }),
  z.object({
    signedIn: z.literal(true),
    uid: z.string(),
    email: z.string(),
    role: roleSchema,
    /** The identity token's claims, as /api/me/claims answers them; null when they could not be read. */
    claims: z.record(z.string(), z.unknown()).nullable(),
    claimsError: z.string().optional(),
    admin: diagAdminDecisionSchema,
  }),
]);
export type DiagYou = z.infer<typeof diagYouSchema>;

export const diagMigrationsSchema = z.object({
  /** Rows in drizzle's migrations table. */
  applied: z.number(),
  /** Migration files this build carries. */
  inBuild: z.number(),
  latest: z
    .object({
      /** The file's name without `.sql`; null when this build does not know the applied migration (a newer build ran). */
      tag: z.string().nullable(),
      /**
       * When the migration was written (drizzle keys each applied migration by its file's timestamp and does not
       * record when it ran); ISO 8601.
       */
      createdAt: z.string().nullable(),
    })
    .nullable(),
});

export const diagAdminSchema = z.object({
  database: z.object({
    /** `select version()`; null with `versionError` when it could not be read. */
    version: z.string().nullable(),
    versionError: z.string().optional(),
    migrations: diagMigrationsSchema.nullable(),
    migrationsError: z.string().optional(),
  }),
  storage: z.object({
    bucket: z.string(),
    /** The S3 endpoint's host, when the backend is S3 and an endpoint is set. */
    endpoint: z.string().optional(),
    /** A small object written, read back and removed. */
    probe: diagCheckSchema,
    /**
     * The sweep of bytes nobody points at (a delete that failed after its row was gone), on this server since it
     * started: when it last ran, what it found and removed then, and how many it removed in all.
     */
    sweep: z
      .object({
        lastRunAt: z.string().nullable(),
        last: z.object({ listed: z.number(), found: z.number(), removed: z.number(), failed: z.number() }).nullable(),
        lastError: z.string().nullable(),
        removedSinceStart: z.number(),
      })
      .optional(),
  }),
  mail: z.object({
    /** The SMTP server's host and port (never its user or password), or the outbox folder. */
    target: z.string(),
    /** Waiting to go out (queued or being sent); null with `queueError` when the count failed. */
    waiting: z.number().nullable(),
    failed: z.number().nullable(),
    queueError: z.string().optional(),
  }),
  server: z.object({
    node: z.string(),
    uptimeSeconds: z.number(),
    /** This server process's memory now, in bytes. */
    memory: z.object({
      /** Resident in all (the operating system's figure). */
      rss: z.number(),
      /** The JavaScript heap in use (the server's own objects). */
      heapUsed: z.number(),
      /** The embedded database's (PGlite's) WebAssembly memory, part of `rss`; null on PostgreSQL. */
      embeddedDatabase: z.number().nullable(),
    }),
  }),
});
export type DiagAdmin = z.infer<typeof diagAdminSchema>;

export const diagResponseSchema = z.object({
  app: z.object({
    version: z.string(),
    /** The commit this build was made from; null when unknown (set BUILD_COMMIT). */
    commit: z.string().nullable(),
    /** How long the server took to gather this answer. */
    answeredInMs: z.number(),
  }),
  database: diagCheckSchema.extend({ engine: z.enum(['pglite', 'postgres']) }),
  storage: z.object({ backend: z.enum(['local', 's3']) }),
  mail: z.object({ backend: z.enum(['smtp', 'files']) }),
  league: z.object({
    /** The league's time zone (league settings); null when it could not be read (`error` says so). */
    timeZone: z.string().nullable(),
    /** The season marked active; null when there is none or it could not be read. */
    activeSeason: z.string().nullable(),
    error: z.string().optional(),
  }),
  you: diagYouSchema,
  admin: diagAdminSchema.optional(),
});
export type DiagResponse = z.infer<typeof diagResponseSchema>;

/** The admin decision in words (spec §6), for the page and for "Copy for support". */
export function adminDecisionInWords(decision: { isAdmin: boolean; reason: 'claim' | 'role' | 'none'; claimCheckFailed: boolean }, role: string): string {
  if (decision.reason === 'claim') return 'yes: the sign-in token carries the admin claim';
  const ignored = ' (the claim check failed and was ignored, so the profile role decided)';
  if (decision.reason === 'role') return `yes: the profile role is 'admin'${decision.claimCheckFailed ? ignored : ''}`;
  return decision.claimCheckFailed
    ? `no: the profile role is '${role}'${ignored}`
    : `no: the sign-in token has no admin claim and the profile role is '${role}'`;
}
