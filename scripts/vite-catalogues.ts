import fs from 'node:fs';
import type { Plugin } from 'vite';
import { compileCatalogue } from '../src/shared/i18n/compile';

const CATALOGUE = /[\\/]src[\\/]shared[\\/]i18n[\\/]locales[\\/][a-z]{2}[\\/]([a-z0-9-]+)\.json$/;

/**
 * The catalogues reach the browser compiled (decision 038): each locales/<lang>/<namespace>.json is read, every
 * message parsed as ICU and written back as Lingui's compiled form, still JSON, with its keys prefixed by the
 * namespace. So the web app ships the small Lingui runtime without its message parser, and a message that is not
 * valid ICU fails the build.
 */
export function catalogues(): Plugin {
  return {
    name: 'cgsl-catalogues',
    enforce: 'pre',
    load(id) {
      const match = CATALOGUE.exec(id.split('?')[0] ?? id);
      if (!match) return null;
      const file = id.split('?')[0]!;
      this.addWatchFile(file);
      const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      return JSON.stringify(compileCatalogue(match[1]!, source));
    },
  };
}
