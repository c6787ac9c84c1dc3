import { configure, getConfig } from '@testing-library/react';
import { loadNamespace } from '../lib/i18n';

// Pages load lazily; on a busy shared machine the first import can take more than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

// react-hot-toast styles its toasts with goober, which finds its one <style id="_goober"> through `window._goober`:
// a browser's named access to an element by its id. Vitest's jsdom globals lack that named access, so every styled
// toast part added another <style> to the head for the rest of the file, and each getComputedStyle (which every
// role query and user-event click makes, for the element and its ancestors) grew slower with each toast. Give
// goober the browser's answer, so it keeps its one sheet as in the app.
Object.defineProperty(window, '_goober', { configurable: true, get: () => document.getElementById('_goober') });

// findBy* and waitFor retry a query on every DOM change until it passes, and each miss builds the error a failing test
// would show: the whole page printed. Testing Library marks those retries (its internal flag below); skip the printing
// there. The error a test finally fails with is built outside the retries, so it still shows the page.
const { getElementError } = getConfig();
configure({
  getElementError: (message, container) =>
    (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics
      ? Object.assign(new Error(message ?? ''), { name: 'TestingLibraryElementError' })
      : getElementError(message, container),
});

// jsdom parses its default stylesheet on the first getComputedStyle of a file (about 130 ms), which used to land in
// the first query of each file's first test; pay it here, before any test's clock starts.
getComputedStyle(document.body);

// Every English catalogue loaded before the tests, as a page would have loaded its own: a component renders its words at
// once instead of suspending on its namespace's chunk (src/web/lib/i18n). A test in Spanish activates 'es' itself.
const englishCatalogues = Object.keys(import.meta.glob('../../shared/i18n/locales/en/*.json'));
await Promise.all(
  englishCatalogues.map((file) => loadNamespace('en', /([a-z0-9-]+)\.json$/.exec(file)![1] as Parameters<typeof loadNamespace>[1])),
);
