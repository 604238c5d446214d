import { useQueryClient } from '@tanstack/react-query';
import { Card, CardContent, Typography } from '@mui/material';
import {
  RecordContextProvider,
  ResourceContextProvider,
  Title,
  useGetIdentity,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PageLoading } from '../ui/page-loading.tsx';
import { api } from '../lib/api-client.ts';
import type { UpdatedUser } from '@tourdesk/contracts';
import { forgetUserData, type Identity } from '../lib/auth-provider.ts';
import { setToken } from '../lib/auth-token.ts';
import { changedFields } from '../lib/data-provider.ts';
import { UserForm } from '../features/users/user-form.tsx';
import { updateUserResolver, withoutEmptyPassword } from '../features/users/user-validation.ts';
import { useLightbox } from '../ui/lightbox.tsx';
import { UserAvatar } from '../ui/user-avatar.tsx';

/** /appuser/myProfile: the logged-in user's own data, address, contacts and password (PATCH /users/{id}). */
export function ProfilePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const lightbox = useLightbox();
  const { identity, isPending, refetch } = useGetIdentity();
  const user = (identity as Identity | undefined)?.user;
  if (isPending || !user) return <PageLoading />;
  const record = { ...user } as unknown as RaRecord;
  const save = async (values: Record<string, unknown>) => {
    try {
      const body = changedFields(withoutEmptyPassword(values), record);
      const updated = await api<UpdatedUser>(`/users/${user.id}`, { method: 'PATCH', body });
      // A new password ends every session; this one continues with the fresh token the answer carries.
      if (updated.accessToken) setToken(updated.accessToken);
      forgetUserData();
      await refetch();
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      notify('users.notifications.profileSaved', { type: 'success' });
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      notify((error as Error).message, { type: 'error' });
      return body?.errors;
    }
  };
  return (
    <>
      <Title title={translate('menu.items.myProfile')} />
      <Card variant="outlined" sx={{ mt: 2, mb: 2 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <UserAvatar
            name={user.vc_card.name}
            src={user.avatar}
            sx={{ width: 56, height: 56, cursor: user.avatar ? 'zoom-in' : 'default' }}
            onClick={() => (user.avatar ? lightbox.open([{ src: user.avatar, alt: user.vc_card.name }]) : undefined)}
          />
          <div>
            <Typography variant="h6" component="h2">
              {user.vc_card.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {user.email} · {user.permissions.role}
            </Typography>
          </div>
        </CardContent>
      </Card>
      <ResourceContextProvider value="users">
        <RecordContextProvider value={record}>
          <Card>
            <UserForm
              variant="profile"
              record={record}
              resolver={updateUserResolver}
              onSubmit={save}
              syncWithLocation={false}
            />
          </Card>
        </RecordContextProvider>
      </ResourceContextProvider>
    </>
  );
}
