import type { Role } from '../../../shared/constants';
import type { Translate } from '../../lib/i18n';

/** A role in words ("Coach"), for the selects and lists of the user manager. */
export function roleLabel(t: Translate<'user-manager'>, role: Role): string {
  switch (role) {
    case 'admin':
      return t('role.admin');
    case 'coach':
      return t('role.coach');
    case 'member':
      return t('role.member');
  }
}
