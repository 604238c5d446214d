import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { HttpError } from '../lib/api-client.ts';
import type { ErrorUsage } from '@tourdesk/contracts/errors';
import { AppDialog } from './app-dialog.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The notice of a refused delete: the server's reason in the user's language and, when the answer lists what
 * still uses the record (`usage`), its names ("Used in stop groups: Dresden Stadt").
 */
export function deleteErrorMessage(error: unknown, translate: Translate): string {
  const reason = translate(error instanceof Error ? error.message : 'error.unexpected');
  const usage = error instanceof HttpError ? (error.body as { usage?: ErrorUsage } | undefined)?.usage : undefined;
  const named = Object.entries(usage ?? {})
    .filter(([, rows]) => rows.length > 0)
    .map(([kind, rows]) =>
      translate(`app.usage.${kind}`, {
        names: rows.map((row) => row.title ?? row.name ?? String(row.id)).join(', '),
        _: `${kind}: %{names}`,
      }),
    );
  return [reason, ...named].join(' ');
}

/** Delete with the app's confirm dialog (Ja/Nein); server refusals are shown as notices. */
export function DeleteWithDialogButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
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
                notify(deleteErrorMessage(error, translate), { type: 'error' });
              },
            },
          )
        }
      />
    </>
  );
}
