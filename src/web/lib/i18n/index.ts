export { activate, activeLocale, apiWords, hasMessage, initialLocale, intlLocale, isLoaded, loadNamespace, translate } from './i18n';
export { LocaleProvider, useLocale } from './locale-provider';
export { RichText } from './rich-text';
export { useNamespace, useT, type Translate } from './use-t';
