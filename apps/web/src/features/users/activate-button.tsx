import LockOpenIcon from '@mui/icons-material/LockOpen';
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
