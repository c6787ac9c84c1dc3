import { Card } from './card';
import { PageHeader } from './page-header';

/** A screen that is registered and reachable, whose content arrives in later work. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <section>
      <PageHeader title={title} description={description} />
      <Card>
        <p className="font-semibold text-primary-900">Coming soon</p>
        <p className="mt-1 text-slate-700">This screen arrives in an upcoming update of the league app. Until then, ask a league admin for help with it.</p>
      </Card>
    </section>
  );
}
