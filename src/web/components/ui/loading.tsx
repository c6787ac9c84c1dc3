/** Spec §2: the 'Loading…' shown while auth or a page loads. */
export const LOADING_TEXT = 'Loading…';

export function Loading({ className }: { className?: string }) {
  return (
    <p role="status" className={className ?? 'py-12 text-center text-slate-700'}>
      {LOADING_TEXT}
    </p>
  );
}

/** Grey blocks the size of what is coming, so nothing jumps when data arrives. */
export function Skeleton({ className }: { className: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-md bg-slate-200 ${className}`} />;
}
