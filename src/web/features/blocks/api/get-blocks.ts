import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Block } from '../../../../shared/blocks/blocks.schemas';
import { api } from '../../../lib/api-client';
import { blocksQueryKey } from '../../../lib/query-keys';

export { blocksQueryKey };

/** The blocks in force (not lifted), for admins. */
export async function getBlocks(): Promise<Block[]> {
  const { blocks } = await api<{ blocks: Block[] }>('/api/blocks');
  return blocks;
}

export const blocksQueryOptions = () => queryOptions({ queryKey: blocksQueryKey, queryFn: getBlocks });

export const useBlocks = () => useQuery(blocksQueryOptions());
