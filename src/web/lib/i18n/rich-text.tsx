import { Trans } from '@lingui/react';
import type { ReactElement } from 'react';
import type { MessageKey, MessageValues, Namespace } from '../../../shared/i18n/catalogues';
import { useT } from './use-t';

/**
 * A message with markup inside it, such as a link in a sentence: the catalogue writes "Read the <0>rules</0>." and
 * `components={{ 0: <Link to="/rules" /> }}` fills the tag, so translators move the link with the words.
 */
export function RichText<N extends Namespace>({
  ns,
  k,
  values,
  components,
}: {
  ns: N;
  k: MessageKey<N>;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  useT(ns);
  return <Trans id={`${ns}.${k}`} values={values} components={components} />;
}
