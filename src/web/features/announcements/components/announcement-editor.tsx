import { useMemo, useState } from 'react';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AdminAnnouncement,
  type AnnouncementAudience,
  type AnnouncementSeverity,
  type AnnouncementValues,
} from '../../../../shared/announcements/announcements.schemas';
import { AnnouncementCard } from '../../../app/announcements/announcement-card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, timeZoneName } from '../../../lib/dates';
import { useT, type Translate } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { announcementFormSchema, emptyAnnouncementForm, formOf } from '../announcement-form-schema';
import { usePreviewAnnouncement } from '../api/preview-announcement';
import { useSaveAnnouncement } from '../api/save-announcement';

const FIELDS = ['title', 'body', 'audience', 'severity', 'pinned', 'publishAt', 'expiresAt'] as const;

type Words = Translate<'announcements'>;

/** "Everyone", "Coaches", "Admins". */
export function audienceLabel(t: Words, audience: AnnouncementAudience): string {
  switch (audience) {
    case 'everyone':
      return t('audience.everyone');
    case 'coaches':
      return t('audience.coaches');
    case 'admins':
      return t('audience.admins');
  }
}

/** Who sees it, in the audience picker. */
const AUDIENCE_HINT = {
  everyone: 'audienceHint.everyone',
  coaches: 'audienceHint.coaches',
  admins: 'audienceHint.admins',
} as const satisfies Record<AnnouncementAudience, string>;
const SEVERITY_HINT = {
  info: 'severity.info',
  warning: 'severity.warning',
  urgent: 'severity.urgent',
} as const satisfies Record<AnnouncementSeverity, string>;

/** "This is how it will look to coaches (and admins), from … until …." */
function previewWords(t: Words, { audience, publishAt, expiresAt }: AnnouncementValues, timeZone: string): string {
  const from = publishAt ? formatDateTime(publishAt, timeZone) : null;
  const until = expiresAt ? formatDateTime(expiresAt, timeZone) : null;
  if (from) return until ? t('editor.previewFromUntil', { audience, from, until }) : t('editor.previewFrom', { audience, from });
  return until ? t('editor.previewNowUntil', { audience, until }) : t('editor.previewNow', { audience });
}

/**
 * New announcement (announcement null) or an edit, in two steps: write, then Preview shows it exactly as people
 * will see it (the server renders the Markdown) and only then Publish / Save changes. Mount with a key.
 */
export function AnnouncementEditor({ announcement, timeZone, onClose }: { announcement: AdminAnnouncement | null; timeZone: string; onClose: () => void }) {
  const { t } = useT('announcements');
  const preview = usePreviewAnnouncement();
  const save = useSaveAnnouncement();
  const [previewed, setPreviewed] = useState<{ values: AnnouncementValues; bodyHtml: string } | null>(null);
  const schema = useMemo(() => announcementFormSchema(timeZone), [timeZone]);
  const {
    register,
    submit,
    formError,
    showServerError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, {
    defaultValues: announcement ? formOf(announcement, timeZone) : emptyAnnouncementForm,
    serverFields: FIELDS,
  });

  const onPreview = submit(async (values) => {
    const { bodyHtml } = await preview.mutateAsync(values.body);
    setPreviewed({ values, bodyHtml });
  });

  const publish = () => {
    if (!previewed) return;
    save.mutate(
      { id: announcement?.id ?? null, values: previewed.values },
      {
        onSuccess: (saved) => {
          toast.success(
            announcement
              ? t('editor.saved', { title: saved.title })
              : saved.state === 'scheduled'
                ? t('editor.scheduled', { title: saved.title, when: formatDateTime(saved.publishAt, timeZone) })
                : t('editor.published', { title: saved.title }),
          );
          onClose();
        },
        onError: (err) => {
          setPreviewed(null);
          showServerError(err);
        },
      },
    );
  };

  const busy = isSubmitting || save.isPending;
  const title = announcement ? t('editor.editTitle', { title: announcement.title }) : t('editor.newTitle');

  return (
    <Modal open size="lg" title={title} onClose={busy ? () => undefined : onClose}>
      {previewed ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">{previewWords(t, previewed.values, timeZone)}</p>
          <section aria-label={t('editor.preview')} className="rounded-xl bg-slate-100 p-3 sm:p-4">
            <AnnouncementCard
              announcement={{
                id: 'preview',
                ...previewed.values,
                publishAt: previewed.values.publishAt ?? announcement?.publishAt ?? new Date().toISOString(),
                expiresAt: previewed.values.expiresAt ?? null,
                bodyHtml: previewed.bodyHtml,
                dismissed: false,
              }}
            />
          </section>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setPreviewed(null)} disabled={busy}>
              {t('editor.backToEditing')}
            </Button>
            <Button onClick={publish} busy={busy} autoFocus>
              {announcement ? t('editor.saveChanges') : t('editor.publish')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void onPreview(event)} noValidate className="flex flex-col gap-4">
          {formError ? <Alert>{formError}</Alert> : null}
          <TextField label={t('editor.titleLabel')} autoComplete="off" maxLength={ANNOUNCEMENT_TITLE_MAX} error={errors.title?.message} {...register('title')} />
          <TextAreaField
            label={t('editor.message')}
            rows={7}
            maxLength={ANNOUNCEMENT_BODY_MAX}
            hint={t('editor.messageHint')}
            error={errors.body?.message}
            {...register('body')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t('editor.audience')} error={errors.audience?.message} {...register('audience')}>
              {(Object.keys(AUDIENCE_HINT) as AnnouncementAudience[]).map((value) => (
                <option key={value} value={value}>
                  {t(AUDIENCE_HINT[value])}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('editor.severity')} error={errors.severity?.message} {...register('severity')}>
              {(Object.keys(SEVERITY_HINT) as AnnouncementSeverity[]).map((value) => (
                <option key={value} value={value}>
                  {t(SEVERITY_HINT[value])}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('editor.publishAt')}
              type="datetime-local"
              hint={t('editor.publishAtHint', { zone: timeZoneName(timeZone) })}
              error={errors.publishAt?.message}
              {...register('publishAt')}
            />
            <TextField
              label={t('editor.expiresAt')}
              type="datetime-local"
              hint={t('editor.expiresAtHint')}
              error={errors.expiresAt?.message}
              {...register('expiresAt')}
            />
          </div>
          <CheckboxField label={t('editor.pinned')} {...register('pinned')} />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('editor.cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('editor.preview')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
