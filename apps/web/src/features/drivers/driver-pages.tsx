import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import EditIcon from '@mui/icons-material/Edit';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Create,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@tourdesk/contracts/format';
import type { DriverInvitationState, DriverLogin } from '@tourdesk/contracts/drivers.schema';
import { api } from '../../lib/api-client.ts';
import { CustomerForm } from '../../shared/customer-form.tsx';
import { registerDriverResolver } from '../../shared/customer-validation.ts';

/** /customers/drivers/create: a driver is a customer with a driver login (POST /registration-driver). */
export function DriverCreate() {
  return (
    <Create redirect="show" mutationMode="pessimistic">
      <CustomerForm variant="driver" resolver={registerDriverResolver} />
    </Create>
  );
}

const STATE_COLOURS: Record<DriverInvitationState, 'success' | 'warning' | 'error' | 'default'> = {
  accepted: 'success',
  pending: 'warning',
  expired: 'error',
  none: 'default',
};

const loginKey = (id: unknown) => ['drivers', id, 'login'];

/** The driver's login: e-mail, last login, where the invitation stands, and a button to send it again. */
function DriverLoginCard() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const id = record?.id;
  const login = useQuery({
    queryKey: loginKey(id),
    queryFn: () => api<DriverLogin>(`/drivers/${id}/login`),
    enabled: id !== undefined,
    retry: false,
  });
  const resend = useMutation({
    mutationFn: () => api<DriverLogin>(`/drivers/${id}/invitation`, { method: 'POST' }),
    onSuccess: (next) => {
      queryClient.setQueryData(loginKey(id), next);
      notify('drivers.notifications.invitationSent', { type: 'success', messageArgs: { email: next.email } });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!record) return null;
  const data = login.data;
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('drivers.login.title')}
        </Typography>
        {login.isError && <Typography>{translate('drivers.login.none')}</Typography>}
        {data && (
          <Stack spacing={1.5}>
            <Labeled label="drivers.login.email">
              <Typography>{data.email}</Typography>
            </Labeled>
            <Labeled label="drivers.login.lastLogin">
              <Typography>
                {data.lastLogin ? formatDateTime(data.lastLogin) : translate('drivers.login.never')}
              </Typography>
            </Labeled>
            <Labeled label="drivers.login.invitation">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip
                  size="small"
                  color={STATE_COLOURS[data.invitation]}
                  label={translate(`drivers.invitation.${data.invitation}`)}
                />
                {data.invitation !== 'accepted' && data.invitationExpiresAt && (
                  <Typography variant="body2">
                    {translate(data.invitation === 'expired' ? 'drivers.login.expiredAt' : 'drivers.login.validUntil', {
                      date: formatDateTime(data.invitationExpiresAt),
                    })}
                  </Typography>
                )}
              </Stack>
            </Labeled>
            {data.invitation !== 'accepted' && (
              <div>
                <Button
                  label="drivers.actions.resendInvitation"
                  variant="outlined"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate()}
                >
                  <ForwardToInboxIcon />
                </Button>
              </div>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function EditAsCustomerButton() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button component={Link} to={`/customers/${record.id}`} label="drivers.actions.editCustomer">
      <EditIcon />
    </Button>
  );
}

/** /customers/drivers/{id}/show: the driver's contact data and login, with the invitation status. */
export function DriverShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <EditAsCustomerButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" label="customers.fields.name" />
        <TextField source="phone" label="customers.fields.phone" emptyText="–" />
        <TextField source="email" label="customers.fields.email" emptyText="–" />
        <TextField source="city" label="customers.fields.city" emptyText="–" />
      </SimpleShowLayout>
      <DriverLoginCard />
    </Show>
  );
}
