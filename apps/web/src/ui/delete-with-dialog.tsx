import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, useDelete, useNotify, useRecordContext, useRedirect, useResourceContext } from 'react-admin';
import { AppDialog } from './app-dialog.tsx';

/** Delete with the app's confirm dialog (Ja/Nein); server refusals are shown as notices. */
export function DeleteWithDialogButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record || !resource) return null;
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <AppDialog
        open={open}
        variant="delete"
        busy={isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          void remove(
            resource,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
                redirect('list', resource);
              },
              onError: (error) => {
                setOpen(false);
                notify((error as Error).message, { type: 'error' });
              },
            },
          )
        }
      />
    </>
  );
}
