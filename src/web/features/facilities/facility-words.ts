import type { Field } from '../../../shared/facilities/facilities.schemas';
import type { Division } from '../../../shared/divisions/divisions.schemas';
import type { Translate } from '../../lib/i18n';

/** A field's surface in words ("Grass"). */
export function surfaceLabel(t: Translate<'facilities'>, surface: Field['surface']): string {
  switch (surface) {
    case 'grass':
      return t('surface.grass');
    case 'turf':
      return t('surface.turf');
    case 'dirt':
      return t('surface.dirt');
    case 'mixed':
      return t('surface.mixed');
  }
}

/**
 * A field's limit in words, in the league's order: "12U, 14U only"; null when every team may use it. A division the
 * list does not know yet (just added elsewhere) is left out until the list is read again.
 */
export function fieldLimitWords(
  t: Translate<'facilities'>,
  divisionIds: readonly string[],
  divisions: readonly Division[] | undefined,
): string | null {
  if (divisionIds.length === 0) return null;
  const names = (divisions ?? []).filter((d) => divisionIds.includes(d.id)).map((d) => d.name);
  if (names.length === 0) return divisions ? t('fieldLimit.some') : null;
  return t('fieldLimit.only', { divisions: names.join(', ') });
}
