import { lazy, Suspense, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { MessageKey } from '../../../../shared/i18n/catalogues';
import { STORAGE_ERROR_MESSAGES, StorageError, type StorageErrorCode } from '../../../../shared/storage/storage-errors';
import { PROFILE_PHOTO_TYPES } from '../../../../shared/users/profile-photo';
import type { Profile } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { cx } from '../../../lib/cx';
import { useT, type Translate } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useRemovePhoto } from '../api/remove-photo';
import { useUploadPhoto } from '../api/upload-photo';
import { cropToBlob, type PixelArea } from './crop-photo';

const PhotoCropper = lazy(() => import('./photo-cropper'));

/** A picture larger than this is refused before the browser tries to open it (a phone's largest is about 20 MB). */
const PICK_MAX_BYTES = 40 * 1024 * 1024;

/** The storage catalogue's words (shared/storage/storage-errors.ts STORAGE_ERROR_MESSAGES) in the person's language. */
const STORAGE_WORDS: Record<StorageErrorCode, MessageKey<'users'>> = {
  unauthenticated: 'storage.unauthenticated',
  'unauthorized-app': 'storage.unauthorizedApp',
  unauthorized: 'storage.unauthorized',
  'object-not-found': 'storage.objectNotFound',
  'quota-exceeded': 'storage.quotaExceeded',
  'retry-limit-exceeded': 'storage.retryLimitExceeded',
  canceled: 'storage.canceled',
  'invalid-url': 'storage.invalidUrl',
  'invalid-default-bucket': 'storage.invalidDefaultBucket',
  'no-default-bucket': 'storage.noDefaultBucket',
  'cannot-slice-blob': 'storage.cannotSliceBlob',
  'no-download-url': 'storage.noDownloadUrl',
  'unsupported-environment': 'storage.unsupportedEnvironment',
  'invalid-argument': 'storage.invalidArgument',
  'app-deleted': 'storage.appDeleted',
  'invalid-root-operation': 'storage.invalidRootOperation',
  'invalid-format': 'storage.invalidFormat',
  'internal-error': 'storage.internalError',
};

/** A failed upload or removal in words: the catalogue's, translated, or the server's own sentence as it came. */
function storageErrorText(err: Error, t: Translate<'users'>): string {
  return err instanceof StorageError && err.message === STORAGE_ERROR_MESSAGES[err.code] ? t(STORAGE_WORDS[err.code]) : err.message;
}

type Step = { kind: 'idle' } | { kind: 'cropping'; imageUrl: string } | { kind: 'uploading'; previewUrl: string; progress: number; retrying: boolean };

/** Anything the page says about the last action, kept on the page as well as in a toast. */
type Notice = { tone: 'danger' | 'info'; text: string } | null;

/**
 * The profile photo (issue 15): pick or drop a picture, choose its square, and send it with a progress bar and a
 * Cancel button; or remove it (after asking). The square is cut in the browser, the server checks and re-encodes
 * it. The new profile goes into the session, so the Account dropdown and the mobile menu change at once.
 */
export function ProfilePhotoCard({ profile }: { profile: Profile }) {
  const { t } = useT('users');
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const headingId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [notice, setNotice] = useState<Notice>(null);
  const [dragging, setDragging] = useState(false);
  const [askingRemove, setAskingRemove] = useState(false);
  /** The chosen square; null until the cropper has measured the picture. */
  const [area, setArea] = useState<PixelArea | null>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();

  // Object URLs hold the picture in memory until revoked; leaving the page mid-upload cancels it.
  const shownUrl = step.kind === 'cropping' ? step.imageUrl : step.kind === 'uploading' ? step.previewUrl : null;
  useEffect(() => (shownUrl ? () => URL.revokeObjectURL(shownUrl) : undefined), [shownUrl]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const pick = (file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    if ((file.type && !(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) || file.size === 0) {
      setNotice({ tone: 'danger', text: t('photo.notAPhoto') });
      return;
    }
    if (file.size > PICK_MAX_BYTES) {
      setNotice({ tone: 'danger', text: t('photo.tooLarge') });
      return;
    }
    setArea(null);
    setStep({ kind: 'cropping', imageUrl: URL.createObjectURL(file) });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (step.kind !== 'uploading') pick(event.dataTransfer.files[0]);
  };

  const save = async () => {
    if (step.kind !== 'cropping' || !area) return;
    let photo: Blob;
    try {
      photo = await cropToBlob(step.imageUrl, area);
    } catch (err) {
      setNotice({ tone: 'danger', text: err instanceof Error && err.message ? err.message : t('storage.unsupportedEnvironment') });
      setStep({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setStep({ kind: 'uploading', previewUrl: URL.createObjectURL(photo), progress: 0, retrying: false });
    const update = (change: Partial<Extract<Step, { kind: 'uploading' }>>) => setStep((s) => (s.kind === 'uploading' ? { ...s, ...change } : s));
    upload.mutate(
      {
        photo,
        signal: controller.signal,
        onProgress: (progress) => update({ progress }),
        onRetry: () => update({ retrying: true }),
      },
      {
        onSuccess: () => {
          toast.success(t('photo.saved'));
          setStep({ kind: 'idle' });
        },
        onError: (err) => {
          const canceled = err instanceof StorageError && err.code === 'canceled';
          const text = storageErrorText(err, t);
          setNotice({ tone: canceled ? 'info' : 'danger', text });
          if (canceled) toast(text);
          else toast.error(text);
          setStep({ kind: 'idle' });
        },
        onSettled: () => {
          abortRef.current = null;
        },
      },
    );
  };

  const confirmRemove = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setAskingRemove(false);
        setNotice(null);
        toast.success(t('photo.removed'));
      },
      onError: (err) => {
        setAskingRemove(false);
        const text = storageErrorText(err, t);
        setNotice({ tone: 'danger', text });
        toast.error(text);
      },
    });
  };

  const percent = step.kind === 'uploading' ? Math.round(step.progress * 100) : 0;
  return (
    <section aria-labelledby={headingId} className="flex w-full flex-col items-center gap-3">
      <h2 id={headingId} className="sr-only">
        {t('photo.heading')}
      </h2>
      <input
        ref={inputRef}
        type="file"
        accept={PROFILE_PHOTO_TYPES.join(',')}
        hidden
        onChange={(event) => {
          pick(event.target.files?.[0]);
          // The same file picked again after a cancel is a new choice.
          event.target.value = '';
        }}
      />

      {step.kind === 'cropping' ? (
        <Suspense fallback={<div className="aspect-square w-full max-w-xs animate-pulse rounded-xl bg-slate-200" />}>
          <PhotoCropper
            imageUrl={step.imageUrl}
            onArea={setArea}
            onUnreadable={() => {
              setNotice({ tone: 'danger', text: t('photo.notAPhoto') });
              setStep({ kind: 'idle' });
            }}
          />
        </Suspense>
      ) : (
        <div
          onDragOver={(event) => {
            if (step.kind === 'uploading') return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-dragging={dragging ? '' : undefined}
          className={cx('rounded-full p-1 ring-2 ring-transparent transition', dragging && 'ring-primary-500 ring-offset-2')}
        >
          <img
            src={step.kind === 'uploading' ? step.previewUrl : profile.photoURL || '/logo.svg'}
            alt={step.kind === 'uploading' ? t('photo.altSending') : profile.photoURL ? t('photo.altPhoto') : t('photo.altLogo')}
            className="size-28 rounded-full border border-slate-200 bg-white object-cover"
          />
        </div>
      )}

      {step.kind === 'uploading' ? (
        <div className="flex w-full flex-col gap-2 text-left">
          <ProgressBar label={t('photo.sending')} value={percent} max={100} valueText={`${percent}%`} />
          {step.retrying ? (
            <p role="status" className="text-sm text-slate-700">
              {t('photo.retrying')}
            </p>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => abortRef.current?.abort()}>
            {t('photo.cancelUpload')}
          </Button>
        </div>
      ) : step.kind === 'cropping' ? (
        <div className="flex w-full flex-wrap justify-center gap-2">
          <Button size="sm" onClick={() => void save()} disabled={!area}>
            {t('photo.save')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setStep({ kind: 'idle' })}>
            {t('photo.cancel')}
          </Button>
        </div>
      ) : (
        <div className="flex w-full flex-col items-center gap-2">
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
              {profile.photoURL ? t('photo.change') : t('photo.add')}
            </Button>
            {profile.photoURL ? (
              <Button variant="ghost" size="sm" onClick={() => setAskingRemove(true)}>
                {t('photo.remove')}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-slate-600">{t('photo.formats')}</p>
        </div>
      )}

      {notice ? (
        <Alert tone={notice.tone} className="w-full text-left">
          {notice.text}
        </Alert>
      ) : null}

      <ConfirmModal
        open={askingRemove}
        title={t('photo.removeTitle')}
        message={t('photo.removeMessage')}
        confirmLabel={t('photo.remove')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setAskingRemove(false)}
      />
    </section>
  );
}
