/** A multipart/form-data body as a browser's FormData sends it, for `app.inject()`. */
export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/**
 * An upload's body: the file in a part named `file` and, when given, the JSON metadata in a part named `metadata`
 * (a text field, or a file part with `metadataAsFile`, as some clients send it).
 */
export async function uploadBody(
  file: { bytes: Buffer | string; filename?: string; type?: string },
  options: { metadata?: unknown; metadataAsFile?: boolean; extraParts?: Record<string, string> } = {},
): Promise<MultipartBody> {
  const form = new FormData();
  if (options.metadata !== undefined) {
    const json = JSON.stringify(options.metadata);
    if (options.metadataAsFile) form.append('metadata', new Blob([json], { type: 'application/json' }), 'metadata.json');
    else form.append('metadata', json);
  }
  for (const [name, value] of Object.entries(options.extraParts ?? {})) form.append(name, value);
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename ?? 'upload.bin');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
