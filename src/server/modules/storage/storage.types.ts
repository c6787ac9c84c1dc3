/** The storage service's contract lives with the server context (src/server/context.ts), which imports no module. */
export type { ObjectDownload, PutObjectInput, RemoveOptions, StorageProbe, StorageService } from '../../context';
