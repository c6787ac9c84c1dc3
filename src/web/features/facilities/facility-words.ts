import type { Field } from '../../../shared/facilities/facilities.schemas';
import type { Division } from '../../../shared/divisions/divisions.schemas';

export const SURFACE_LABEL: Record<Field['surface'], string> = {
  grass: 'Grass',
  turf: 'Turf',
  dirt: 'Dirt',
  mixed: 'Mixed',
};

/**
 * A field's limit in words, in the league's order: "12U, 14U only"; null when every team may use it. A division the
 * list does not know yet (just added elsewhere) is left out until the list is read again.
 */
export function fieldLimitWords(divisionIds: readonly string[], divisions: readonly Division[] | undefined): string | null {
  if (divisionIds.length === 0) return null;
  const names = (divisions ?? []).filter((d) => divisionIds.includes(d.id)).map((d) => d.name);
  if (names.length === 0) return divisions ? 'Limited to some divisions' : null;
  return `${names.join(', ')} only`;
}
