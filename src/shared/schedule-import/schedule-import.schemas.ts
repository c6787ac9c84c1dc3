import { z } from 'zod';

/**
 * The game-schedule import (issue 12, item 3; decision 016): an ICS or CSV file of games, each of which blocks
 * its field for the game's time. The browser sends the file's text; preview and apply take the same body.
 */

/** Largest file the import takes (characters of text, about 1 MB) and most games, so one request stays quick. */
export const GAME_IMPORT_MAX_CHARS = 1_000_000;
export const GAME_IMPORT_MAX_ROWS = 2000;

export const GAME_IMPORT_TOO_LARGE = 'That file is larger than 1 MB. Split the schedule into smaller files (at most 2,000 games each) and import them one by one.';

export const gameImportRequestSchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1, 'Choose a file')
    .max(255, 'That file name is too long')
    .refine((n) => /\.(ics|csv)$/i.test(n), 'Choose an .ics (calendar) or .csv (spreadsheet) file'),
  content: z.string().min(1, 'That file is empty').max(GAME_IMPORT_MAX_CHARS, GAME_IMPORT_TOO_LARGE),
});
export type GameImportRequest = z.infer<typeof gameImportRequestSchema>;

export const GAME_ROW_STATUSES = ['block', 'already', 'problem'] as const;
export type GameRowStatus = (typeof GAME_ROW_STATUSES)[number];

export const gameImportRowSchema = z.object({
  /** The file's line the game starts on (CSV: its row; ICS: its BEGIN:VEVENT). */
  line: z.number().int(),
  status: z.enum(GAME_ROW_STATUSES),
  /** "Facility – Field" when matched; otherwise what the file says. */
  fieldName: z.string(),
  fieldId: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  title: z.string().nullable(),
  /** Why a problem row cannot be imported, or why an "already" row changes nothing. */
  reason: z.string().nullable(),
  /** The field's slots the game covers: they turn blocked. */
  slots: z.array(z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string() })),
  /** Confirmed bookings on those slots: cancelled, and their coaches told. */
  bookings: z.array(z.object({ teamName: z.string(), startsAt: z.string(), coaches: z.array(z.string()) })),
});
export type GameImportRow = z.infer<typeof gameImportRowSchema>;

export const gameImportTotalsSchema = z.object({
  rows: z.number().int(),
  /** Games that become blocks. */
  block: z.number().int(),
  already: z.number().int(),
  problem: z.number().int(),
  /** Slots the new blocks cover (a slot two games touch counts twice, as two blocks hold it in turn). */
  slots: z.number().int(),
  bookings: z.number().int(),
});
export type GameImportTotals = z.infer<typeof gameImportTotalsSchema>;

export const gameImportPreviewSchema = z.object({
  /** A problem with the whole file (unreadable, missing columns, too many rows): nothing can be imported. */
  fileError: z.string().nullable(),
  format: z.enum(['ics', 'csv']),
  timeZone: z.string(),
  rows: z.array(gameImportRowSchema),
  totals: gameImportTotalsSchema,
});
export type GameImportPreview = z.infer<typeof gameImportPreviewSchema>;

/** Lines of the NDJSON stream POST /api/admin/schedule-import/apply answers with. */
export type GameImportProgress =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; totals: GameImportTotals }
  /** `message` in the request's language; `key` and `params` word it in the errors catalogue (decision 038). */
  | { type: 'error'; error: { code: string; message: string; key?: string; params?: Record<string, unknown> } };
