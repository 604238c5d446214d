import { useQuery } from '@tanstack/react-query';
import { Box, Tab, Tabs } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useSearchParams } from 'react-router-dom';
import type { Organization } from '@tourdesk/contracts';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission, usePermissionSubject } from '../../lib/permissions.ts';
import { ForbiddenPage } from '../../pages/error-pages.tsx';
import { RequireAgency } from '../../shared/own-agency.tsx';
import { CollectiveInvoicesView } from './collective-invoices.tsx';
import { CommissionStatementView } from './commission-statement.tsx';

const TITLE = 'menu.items.agencyCommission';
const TABS = ['statement', 'invoices'] as const;
type ProvisionTab = (typeof TABS)[number];

function Provision({ agencyId }: { agencyId: number }) {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const tab: ProvisionTab = search.get('tab') === 'invoices' ? 'invoices' : 'statement';
  const { data: agency } = useQuery({
    queryKey: ['organization', agencyId],
    queryFn: () => api<Organization>(`/organization/${agencyId}`),
  });
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate(TITLE)} />
      <Tabs
        value={tab}
        onChange={(_, next: ProvisionTab) => setSearch(next === 'statement' ? {} : { tab: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate(TITLE)}
        sx={{ mb: 2 }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={translate(`agencies.provisionTabs.${value}`)}
            id={`provision-tab-${value}`}
            aria-controls={`provision-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`provision-panel-${tab}`} aria-labelledby={`provision-tab-${tab}`}>
        {tab === 'statement' ? (
          <CommissionStatementView agencyId={agencyId} own />
        ) : (
          <CollectiveInvoicesView agencyId={agencyId} agencyName={agency?.name ?? ''} canCreate={false} />
        )}
      </Box>
    </Box>
  );
}

/**
 * /agencies/provision: the agency user's commission statement per period and the agency's collective invoices
 * (spec: the agency area's "commission statement, collective invoices").
 */
export function ProvisionPage() {
  const { isPending } = usePermissionSubject();
  const allowed = useHasAnyPermission(['agencydata-read']);
  if (isPending) return <PageLoading />;
  if (!allowed) return <ForbiddenPage />;
  return <RequireAgency titleKey={TITLE}>{(agencyId) => <Provision agencyId={agencyId} />}</RequireAgency>;
}
