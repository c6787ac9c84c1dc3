import type { Field } from '../../../shared/facilities/facilities.schemas';

export const SURFACE_LABEL: Record<Field['surface'], string> = {
  grass: 'Grass',
  turf: 'Turf',
  dirt: 'Dirt',
  mixed: 'Mixed',
};
