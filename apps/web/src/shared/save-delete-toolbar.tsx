import { SaveButton, Toolbar, useCanAccess, useResourceContext } from 'react-admin';
import { DeleteWithDialogButton } from '../ui/delete-with-dialog.tsx';

/** Save, and delete for those who may delete (the server's refusals show as notices). */
export function SaveDeleteToolbar() {
  const resource = useResourceContext();
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete ? <DeleteWithDialogButton /> : null}
    </Toolbar>
  );
}

/** Save for a copy: the prefilled form can be saved as it is (react-admin enables Save only once it changed). */
export function CopySaveToolbar() {
  return (
    <Toolbar>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
}
