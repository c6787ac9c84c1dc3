import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GeneratorPreview, slotGeneratorInputSchema } from '../../../../shared/slots/slots.schemas';
import { api } from '../../../lib/api-client';

export type SlotGeneratorValues = z.output<typeof slotGeneratorInputSchema>;

/** What the generator would create and what it would skip; nothing is written. */
export const previewSlots = (input: SlotGeneratorValues) => api<GeneratorPreview>('/api/slots/preview', { method: 'POST', body: { ...input } });

export const usePreviewSlots = () => useMutation({ mutationFn: previewSlots });
