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
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { announcementFormSchema, emptyAnnouncementForm, formOf } from '../announcement-form-schema';
import { usePreviewAnnouncement } from '../api/preview-announcement';
import { useSaveAnnouncement } from '../api/save-announcement';

const FIELDS = ['title', 'body', 'audience', 'severity', 'pinned', 'publishAt', 'expiresAt'] as const;

export const AUDIENCE_LABEL: Record<AnnouncementAudience, string> = { everyone: 'Everyone', coaches: 'Coaches', admins: 'Admins' };
const AUDIENCE_HINT: Record<AnnouncementAudience, string> = {
  everyone: 'Everyone (visitors, parents, coaches and admins)',
  coaches: 'Coaches (and admins)',
  admins: 'Admins only',
};
const SEVERITY_HINT: Record<AnnouncementSeverity, string> = {
  info: 'Info',
  warning: 'Warning',
  urgent: 'Urgent (also a banner on every page until dismissed)',
};

/**
 * New announcement (announcement null) or an edit, in two steps: write, then Preview shows it exactly as people
 * will see it (the server renders the Markdown) and only then Publish / Save changes. Mount with a key.
 */
export function AnnouncementEditor({ announcement, timeZone, onClose }: { announcement: AdminAnnouncement | null; timeZone: string; onClose: () => void }) {
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
              ? `Changes to "${saved.title}" saved.`
              : saved.state === 'scheduled'
                ? `"${saved.title}" is scheduled for ${formatDateTime(saved.publishAt, timeZone)}.`
                : `"${saved.title}" is published.`,
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
  const title = announcement ? `Edit "${announcement.title}"` : 'New announcement';

  return (
    <Modal open size="lg" title={title} onClose={busy ? () => undefined : onClose}>
      {previewed ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">
            This is how it will look to {AUDIENCE_HINT[previewed.values.audience].toLowerCase()}
            {previewed.values.publishAt ? `, from ${formatDateTime(previewed.values.publishAt, timeZone)}` : ', from now'}
            {previewed.values.expiresAt ? ` until ${formatDateTime(previewed.values.expiresAt, timeZone)}` : ''}.
          </p>
          <section aria-label="Preview" className="rounded-xl bg-slate-100 p-3 sm:p-4">
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
              Back to editing
            </Button>
            <Button onClick={publish} busy={busy} autoFocus>
              {announcement ? 'Save changes' : 'Publish'}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void onPreview(event)} noValidate className="flex flex-col gap-4">
          {formError ? <Alert>{formError}</Alert> : null}
          <TextField label="Title" autoComplete="off" maxLength={ANNOUNCEMENT_TITLE_MAX} error={errors.title?.message} {...register('title')} />
          <TextAreaField
            label="Message"
            rows={7}
            maxLength={ANNOUNCEMENT_BODY_MAX}
            hint="Markdown: **bold**, _italic_, - lists, [link text](https://…). No images or HTML; links only to web and email addresses."
            error={errors.body?.message}
            {...register('body')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Who sees it" error={errors.audience?.message} {...register('audience')}>
              {(Object.keys(AUDIENCE_HINT) as AnnouncementAudience[]).map((value) => (
                <option key={value} value={value}>
                  {AUDIENCE_HINT[value]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Severity" error={errors.severity?.message} {...register('severity')}>
              {(Object.keys(SEVERITY_HINT) as AnnouncementSeverity[]).map((value) => (
                <option key={value} value={value}>
                  {SEVERITY_HINT[value]}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Publish at"
              type="datetime-local"
              hint={`League time (${timeZoneName(timeZone)}). Leave empty to publish now.`}
              error={errors.publishAt?.message}
              {...register('publishAt')}
            />
            <TextField
              label="Expires at"
              type="datetime-local"
              hint="Optional. Leave empty to keep it until you delete it."
              error={errors.expiresAt?.message}
              {...register('expiresAt')}
            />
          </div>
          <CheckboxField label="Pin it: shown above the others" {...register('pinned')} />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Preview
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
