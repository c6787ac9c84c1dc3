import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useT } from '../../../lib/i18n';
import { ImportPanel } from './import-panel';
import { InvitationsPanel } from './invitations-panel';
import { InviteDialog } from './invite-dialog';
import { PeoplePanel } from './people-panel';
import { TeamsPanel, type TeamExtra } from './teams-panel';

const TABS = [
  { id: 'people', label: 'tabs.people' },
  { id: 'teams', label: 'tabs.teams' },
  { id: 'invitations', label: 'tabs.invitations' },
  { id: 'import', label: 'tabs.import' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin-user-manager: people (role, team, disabled), teams, invitations and the CSV import, one tab each (in the URL).
 * `teamExtra`: more for each team's row (its make-up practices, features/rain-outs), put in by the router.
 */
export function UserManagerPage({ teamExtra }: { teamExtra?: TeamExtra } = {}) {
  const { t } = useT('user-manager');
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((tab) => tab.id === params.get('tab')),
  );
  /** The invite dialog, with the team it opens on; the key makes each opening a fresh form. */
  const [invite, setInvite] = useState<{ key: number; teamId: string | null } | null>(null);

  const goTo = (tab: TabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab);
        return next;
      },
      { preventScrollReset: true },
    );
  const openInvite = (teamId: string | null = null) => setInvite({ key: (invite?.key ?? 0) + 1, teamId });

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={<Button onClick={() => openInvite()}>{t('page.invite')}</Button>}
      />
      <TabGroup selectedIndex={index} onChange={(i) => goTo(TABS[i]?.id ?? 'people')}>
        <TabList aria-label={t('tabs.label')} className="grid grid-cols-4 gap-1 rounded-xl bg-slate-200 p-1 sm:inline-grid sm:w-auto">
          {TABS.map((tab) => (
            <Tab
              key={tab.id}
              className="min-h-11 rounded-lg px-2 text-sm font-semibold text-slate-800 hover:bg-white/70 focus:outline-none data-focus:outline-3 data-focus:outline-primary-500 data-selected:bg-white data-selected:text-primary-900 data-selected:shadow sm:px-5 sm:text-base"
            >
              {t(tab.label)}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel className="focus:outline-none">
            <PeoplePanel />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <TeamsPanel onInvite={openInvite} onImport={() => goTo('import')} teamExtra={teamExtra} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <InvitationsPanel onInvite={() => openInvite()} onImport={() => goTo('import')} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <ImportPanel onDone={() => goTo('invitations')} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      {invite ? <InviteDialog key={invite.key} defaultTeamId={invite.teamId} onClose={() => setInvite(null)} /> : null}
    </section>
  );
}
