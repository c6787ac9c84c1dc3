import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import {
  MAX_PARTICIPANT_AGE,
  MIN_PARTICIPANT_AGE,
  registrationInputSchema,
  type Clinic,
  type RegistrationInput,
} from '../../../../shared/clinics/clinics.schemas';
import { useRegister } from '../api/register';
import { placesText, registeredMessage } from '../clinic-words';

const FIELDS = ['participantName', 'participantAge', 'emergencyContact'] as const;
const EMPTY: RegistrationInput = { participantName: '', participantAge: '', emergencyContact: '' };

/** Register a participant for one clinic: a place while one is left, the waitlist after. */
export function RegisterDialog({ clinic, onClose }: { clinic: Clinic | null; onClose: () => void }) {
  const { t } = useT('clinics');
  const register = useRegister();
  const form = useZodForm(registrationInputSchema, { defaultValues: EMPTY, serverFields: FIELDS });
  const {
    formState: { errors, isSubmitting },
  } = form;
  const close = () => {
    form.reset(EMPTY);
    form.setFormError(null);
    onClose();
  };
  const onSubmit = form.submit(async (values) => {
    const { registration } = await register.mutateAsync({ clinicId: clinic!.id, ...values });
    (registration.status === 'registered' ? toast.success : toast)(registeredMessage(t, registration));
    close();
  });

  return (
    <Modal open={clinic !== null} title={clinic ? t('register.title', { title: clinic.title }) : t('register.titleNone')} onClose={close}>
      {clinic ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <p className="text-slate-700">
            {clinic.ageGroup
              ? t('register.summaryAge', { places: placesText(t, clinic), ageGroup: clinic.ageGroup })
              : t('register.summary', { places: placesText(t, clinic) })}
          </p>
          {form.formError ? <Alert>{form.formError}</Alert> : null}
          <TextField label={t('register.name')} autoComplete="off" error={errors.participantName?.message} {...form.register('participantName')} />
          <TextField
            label={t('register.age')}
            type="number"
            inputMode="numeric"
            min={MIN_PARTICIPANT_AGE}
            max={MAX_PARTICIPANT_AGE}
            hint={clinic.ageGroup ? t('register.ageHintGroup', { ageGroup: clinic.ageGroup }) : t('register.ageHint', { min: MIN_PARTICIPANT_AGE, max: MAX_PARTICIPANT_AGE })}
            error={errors.participantAge?.message}
            {...form.register('participantAge')}
          />
          <TextField
            label={t('register.contact')}
            hint={t('register.contactHint')}
            autoComplete="off"
            error={errors.emergencyContact?.message}
            {...form.register('emergencyContact')}
          />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              {t('register.cancel')}
            </Button>
            <Button type="submit" busy={isSubmitting}>
              {clinic.registeredCount >= clinic.capacity ? t('register.joinWaitlist') : t('register.submit')}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
