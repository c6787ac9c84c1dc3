import { compileMessage } from '@lingui/message-utils/compileMessage';

/** A catalogue file as written: flat keys to ICU messages ("{count, plural, one {# práctica} other {# prácticas}}"). */
export type CatalogueSource = Record<string, string>;
export type CompiledCatalogue = Record<string, ReturnType<typeof compileMessage>>;

/**
 * Compiles one catalogue file for the Lingui runtime, each key prefixed with its namespace ("bookings.book"). The
 * web build does this once per file (scripts/vite-catalogues.ts), so the browser never loads the ICU parser; the
 * server does it at start. A message that is not valid ICU throws, naming its key.
 */
export function compileCatalogue(namespace: string, source: CatalogueSource): CompiledCatalogue {
  const out: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      out[`${namespace}.${key}`] = compileMessage(message);
    } catch (err) {
      throw new Error(`The message ${namespace}.${key} is not valid ICU: ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
}
