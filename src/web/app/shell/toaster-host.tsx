import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from '../../lib/toast';

const AppToaster = lazy(async () => ({ default: (await import('./app-toaster')).AppToaster }));

/** Mounts the toaster (and so loads the toast library) with the first toast, not with the first screen. */
export function ToasterHost() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
