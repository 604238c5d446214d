import LockOpenIcon from '@mui/icons-material/LockOpen';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { Button, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';

/** Gives a blocked account its access back. */
export function ActivateButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <Button
      label="users.actions.activate"
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation();
        void update(
          'users-disabled',
          { id: record.id, data: { isActive: true }, previousData: record },
          {
            onSuccess: () => {
              notify('users.notifications.activated', { type: 'success' });
              refresh();
            },
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        );
      }}
    >
      <LockOpenIcon />
    </Button>
  );
}

/** Sends the activation mail (again): the user sets a password from it and becomes active. */
export function ResendActivationButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  return (
    <Button
      label="users.actions.resendActivation"
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation();
        setBusy(true);
        api(`/users-disabled/${record.id}/activation`, { method: 'POST' })
          .then(() =>
            notify('users.notifications.activationSent', { type: 'success', messageArgs: { email: record.email } }),
          )
          .catch((error: Error) => notify(error.message, { type: 'error' }))
          .finally(() => setBusy(false));
      }}
    >
      <ForwardToInboxIcon />
    </Button>
  );
}
