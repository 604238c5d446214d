import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, useCreatePath, useRecordContext, useResourceContext } from 'react-admin';
import { Link } from 'react-router-dom';

/** Opens /<resource>/copy/{id}: a new record prefilled from this one. */
export function CopyButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!record || !resource) return null;
  const to = `${createPath({ resource, type: 'list' })}/copy/${record.id}`;
  return (
    <Button component={Link} to={to} label="app.actions.copy" onClick={(event) => event.stopPropagation()}>
      <ContentCopyIcon />
    </Button>
  );
}
