import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors (`details.fields`) next to the fields they belong to. Returns the message
 * for the form as a whole, or null when every problem is already shown at its field.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : 'Something went wrong. Try again.';
  let shownAtField = false;
  for (const [name, message] of Object.entries(err.fieldErrors)) {
    const field = fields.find((f) => f === name);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: !shownAtField });
      shownAtField = true;
    }
  }
  return shownAtField ? null : err.message;
}
