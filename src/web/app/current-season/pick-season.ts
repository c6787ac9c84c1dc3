import type { Season } from '../../../shared/seasons/seasons.schemas';

/**
 * The season a page shows (Book a Field, the calendar, the admin's booking pages): the one in the URL if it exists,
 * else the current season, else the active one, else the latest.
 */
export function pickSeason(seasons: readonly Season[], fromUrl: string, currentId: string | null): Season | null {
  const latest = [...seasons].sort((a, b) => b.startsOn.localeCompare(a.startsOn))[0];
  return seasons.find((s) => s.id === fromUrl) ?? seasons.find((s) => s.id === currentId) ?? seasons.find((s) => s.active) ?? latest ?? null;
}
