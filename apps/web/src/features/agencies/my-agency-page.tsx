import { useQuery, useQueryClient } from '@tanstack/react-query';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Card, CardContent, Typography } from '@mui/material';
import {
  RecordContextProvider,
  ResourceContextProvider,
  SimpleForm,
  Title,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { ZUpdateOrganizationBody, type Organization } from '@tourdesk/contracts';
import { api } from '../../lib/api-client.ts';
import { contactRowsResolver } from '../../shared/contact-rows.ts';
import { changedFields } from '../../lib/data-provider.ts';
import { useHasAnyPermission, usePermissionSubject } from '../../lib/permissions.ts';
import { ForbiddenPage } from '../../pages/error-pages.tsx';
import { AgencyMasterData } from './agency-form.tsx';
import { RequireAgency } from '../../shared/own-agency.tsx';

const TITLE = 'menu.items.myAgency';
const resolver = contactRowsResolver(ZUpdateOrganizationBody);

/** What an agency user may change of the own agency (spec §6): the address and the contacts. */
export const AGENCY_USER_FIELDS = ['address', 'zip', 'city', 'country', 'phones', 'emails'] as const;

export function agencyProfileChanges(values: Record<string, unknown>, previous: Record<string, unknown>) {
  const allowed = Object.fromEntries(
    AGENCY_USER_FIELDS.filter((field) => field in values).map((field) => [field, values[field]]),
  );
  return changedFields(allowed, previous);
}

function ReadOnlyContacts({ organization }: { organization: Organization }) {
  const translate = useTranslate();
  const lines = [
    organization.address,
    [organization.zip, organization.city].filter(Boolean).join(' '),
    organization.country,
    ...organization.phones.map((row) => row.value),
    ...organization.emails.map((row) => row.value),
  ].filter(Boolean);
  return (
    <CardContent>
      <Typography variant="subtitle2" gutterBottom>
        {translate('agencies.profile.contactData')}
      </Typography>
      {lines.map((line, index) => (
        <Typography key={index} variant="body2">
          {line}
        </Typography>
      ))}
    </CardContent>
  );
}

function AgencyProfile({ agencyId }: { agencyId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canUpdate = useHasAnyPermission(['agencydata-update']);
  const queryKey = ['organization', agencyId];
  const {
    data: organization,
    isPending,
    error,
  } = useQuery({
    queryKey,
    queryFn: () => api<Organization>(`/organization/${agencyId}`),
  });
  if (isPending) return <PageLoading />;
  if (error || !organization) {
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate(error instanceof Error ? error.message : 'error.notFound')}
      </Typography>
    );
  }
  const record = { ...organization } as unknown as RaRecord;
  const save = async (values: Record<string, unknown>) => {
    try {
      await api(`/organization/${agencyId}`, {
        method: 'PATCH',
        body: agencyProfileChanges(values, organization),
      });
      await queryClient.invalidateQueries({ queryKey });
      notify('agencies.notifications.profileSaved', { type: 'success' });
    } catch (failure) {
      const body = (failure as { body?: { errors?: Record<string, string> } }).body;
      notify((failure as Error).message, { type: 'error' });
      return body?.errors;
    }
  };
  return (
    <>
      <Title title={translate(TITLE)} />
      <Card variant="outlined" sx={{ mt: 2, mb: 2 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <StorefrontIcon color="primary" sx={{ fontSize: 40 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" data-testid="agency-name" sx={{ overflowWrap: 'anywhere' }}>
              {organization.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[organization.zip, organization.city].filter(Boolean).join(' ')}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      <Card>
        {canUpdate ? (
          <ResourceContextProvider value="agencies">
            <RecordContextProvider value={record}>
              <SimpleForm warnWhenUnsavedChanges noValidate record={record} resolver={resolver} onSubmit={save}>
                <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
                  {translate('agencies.profile.help')}
                </Typography>
                <AgencyMasterData nameAndNote={false} />
              </SimpleForm>
            </RecordContextProvider>
          </ResourceContextProvider>
        ) : (
          <ReadOnlyContacts organization={organization} />
        )}
      </Card>
    </>
  );
}

/** /agencies/myProfile: the agency user's own agency — its name, and the address and contacts to keep up to date. */
export function MyAgencyPage() {
  const { isPending } = usePermissionSubject();
  const allowed = useHasAnyPermission(['agencydata-read']);
  if (isPending) return <PageLoading />;
  if (!allowed) return <ForbiddenPage />;
  return <RequireAgency titleKey={TITLE}>{(agencyId) => <AgencyProfile agencyId={agencyId} />}</RequireAgency>;
}
