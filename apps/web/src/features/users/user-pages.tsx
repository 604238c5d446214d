import { Create, Edit, SaveButton, Toolbar, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeleteWithDialogButton } from '../../ui/delete-with-dialog.tsx';
import { personName, useSavedNotice } from '../../ui/saved-notice.ts';
import { UserForm } from './user-form.tsx';
import { createUserResolver, updateUserResolver } from './user-validation.ts';

type Kind = 'staff' | 'app';

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithDialogButton />
  </Toolbar>
);

const userName = (record: RaRecord) => personName(record.firstname, record.lastname);

export function UserCreate({ kind }: { kind: Kind }) {
  const saved = useSavedNotice('users.notifications.saved', userName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <UserForm variant="create" kind={kind} resolver={createUserResolver} />
    </Create>
  );
}

/** What a copy keeps: everything but identity, login and the person's own contact data. */
const copyOf = (record: RaRecord) => ({
  role: record.role,
  status: record.status,
  isActive: record.isActive,
  isDriver: record.isDriver,
  agencyId: record.agencyId,
  street: record.street,
  number: record.number,
  zip: record.zip,
  city: record.city,
  state: record.state,
  country: record.country,
  nationality: record.nationality,
  phones: [],
  emails: [],
});

/** /users/copy/{id}: a new user prefilled from an existing one. */
export function UserCopy({ kind, resource }: { kind: Kind; resource: string }) {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('users.notifications.saved', userName, 'edit');
  const { data, isPending } = useGetOne(resource, { id: id ?? '' }, { enabled: Boolean(id) });
  if (id && isPending) return null;
  return (
    <Create
      record={data ? copyOf(data) : undefined}
      mutationOptions={saved}
      title={translate('app.actions.copy')}
      resource={resource}
    >
      <UserForm variant="create" kind={kind} resolver={createUserResolver} />
    </Create>
  );
}

export function UserEdit({ kind }: { kind: Kind }) {
  const saved = useSavedNotice('users.notifications.saved', userName);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <UserForm variant="edit" kind={kind} resolver={updateUserResolver} toolbar={<EditToolbar />} />
    </Edit>
  );
}
