import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { StorageService } from './storage.types';

export interface StorageDeps {
  db: Database;
  config: Pick<Config, 'storage' | 'dataDir' | 'publicUrl'>;
}

/** Builds the storage service for the configured backend. (Being built for issue 15: see storage.types.ts.) */
export function createStorage({ config }: StorageDeps): StorageService {
  const notYet = () => Promise.reject(new Error('storage service: not built yet'));
  return {
    backend: config.storage.backend,
    bucket: config.storage.bucket,
    put: notYet,
    getMetadata: notYet,
    downloadUrl: notYet,
    remove: notYet,
    probe: notYet,
    close: async () => {},
  };
}
