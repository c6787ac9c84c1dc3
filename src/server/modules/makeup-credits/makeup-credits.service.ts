import * as repo from './makeup-credits.repository';

// Make-up credits (issue 28, docs/decisions/033): a team may book one practice past its daily and weekly limits on
// each. The booking call (migration 0017) uses them under the team's lock; rain-outs grant and take them back; admins
// grant and remove them. This module owns the table; the others reach it here.

export type { CreditRow } from './makeup-credits.repository';
export const freeCreditsOfTeam = repo.freeCreditsOfTeam;
export const insertCredits = repo.insertCredits;
export const bookingsOnCredits = repo.bookingsOnCredits;
export const findCredit = repo.findCredit;
export const revokeCredit = repo.revokeCredit;
export const useCredit = repo.useCredit;
export const revokeFreeCreditsOf = repo.revokeFreeCreditsOf;
export const listCredits = repo.listCredits;
export const creditCounts = repo.creditCounts;
