import { z } from 'zod';
import { roleSchema } from './users.schemas';

/** People per page on the user manager; the API accepts up to USER_PAGE_MAX. */
export const USER_PAGE_SIZE = 25;
export const USER_PAGE_MAX = 100;

/**
 * GET /api/admin/users: search by name or email, filter by role, team ('none': people without a team) and
 * status, one page at a time. `cursor` is the opaque `nextCursor` of the page before (keyset paging).
 */
export const userSearchQuerySchema = z.object({
  q: z.string().trim().max(100, 'Use at most 100 characters').optional(),
  role: roleSchema.optional(),
  teamId: z.union([z.uuid(), z.literal('none')]).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(USER_PAGE_MAX).default(USER_PAGE_SIZE),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;
export type UserSearchFilters = Omit<z.input<typeof userSearchQuerySchema>, 'cursor' | 'limit'>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** How the person signs in: with a password, with the league's identity provider, or both (empty: neither yet). */
  signInMethods: z.array(z.enum(['password', 'provider'])).optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export type SignInMethod = NonNullable<AdminUser['signInMethods']>[number];

export const userPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many people match the search and filters (all pages). */
  total: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;

/** PATCH /api/admin/users/:id: any of role, team (null removes it) and disabled. */
export const userPatchSchema = z
  .object({
    role: roleSchema.optional(),
    teamId: z.uuid('Pick a team from the list').nullable().optional(),
    disabled: z.boolean().optional(),
  })
  .refine((p) => p.role !== undefined || p.teamId !== undefined || p.disabled !== undefined, 'Say what to change: role, teamId or disabled.');
export type UserPatch = z.infer<typeof userPatchSchema>;

export const ROLE_LABEL = { admin: 'Admin', coach: 'Coach', member: 'Member' } as const;

/** Lower roles first: admin → coach or member, coach → member is a demotion (the web asks first). */
const RANK = { member: 0, coach: 1, admin: 2 } as const;
export function isDemotion(from: keyof typeof RANK, to: keyof typeof RANK): boolean {
  return RANK[to] < RANK[from];
}
