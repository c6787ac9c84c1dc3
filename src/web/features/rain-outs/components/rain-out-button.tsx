import { useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { RichText, useT } from '../../../lib/i18n';
import { RainOutDialog } from './rain-out-dialog';

/**
 * "Rain-out", which opens the rain-out dialog: on the admin overview (any facility) and on a facility's row (that
 * facility chosen). Each opening starts a fresh form.
 */
export function RainOutButton({ facility, variant = 'secondary' }: { facility?: { id: string; name: string }; variant?: ButtonVariant }) {
  const { t } = useT('rain-outs');
  const [opening, setOpening] = useState<number | null>(null);
  return (
    <>
      <Button variant={variant} size={facility ? 'sm' : 'md'} className={facility ? 'shrink-0 whitespace-nowrap' : undefined} onClick={() => setOpening((opening ?? 0) + 1)}>
        {facility ? (
          <RichText ns="rain-outs" k="button.rainOutFacility" values={{ facility: facility.name }} components={{ 0: <span className="sr-only" /> }} />
        ) : (
          t('button.rainOut')
        )}
      </Button>
      {opening !== null ? <RainOutDialog key={opening} facilityId={facility?.id} onClose={() => setOpening(null)} /> : null}
    </>
  );
}
