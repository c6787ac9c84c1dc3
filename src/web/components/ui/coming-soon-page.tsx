import { useT } from '../../lib/i18n';
import { Card } from './card';
import { PageHeader } from './page-header';

/** A screen that is registered and reachable, whose content arrives in later work. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  const { t } = useT('common');
  return (
    <section>
      <PageHeader title={title} description={description} />
      <Card>
        <p className="font-semibold text-primary-900">{t('comingSoon.title')}</p>
        <p className="mt-1 text-slate-700">{t('comingSoon.text')}</p>
      </Card>
    </section>
  );
}
