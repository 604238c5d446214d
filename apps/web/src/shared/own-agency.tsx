import type { ReactNode } from 'react';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Identity } from '../lib/auth-provider.ts';

/** The agency the logged-in user belongs to (its card's agency), or null. */
export function useOwnAgencyId(): { agencyId: number | null; isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  const user = (identity as Identity | undefined)?.user;
  return { agencyId: user?.agencyId ?? user?.vc_card.agencyId ?? null, isPending };
}

/** Says plainly that the agency portal needs an account linked to an agency. */
export function NotLinkedNotice({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 8, px: 2, gap: 2 }}
    >
      <Title title={translate(titleKey)} />
      <LinkOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} />
      <Typography variant="h5" component="h2">
        {translate('agencies.notLinked.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {translate('agencies.notLinked.text')}
      </Typography>
    </Box>
  );
}

/** Renders its children with the user's agency, or the notice when the account has none. */
export function RequireAgency({ titleKey, children }: { titleKey: string; children: (agencyId: number) => ReactNode }) {
  const { agencyId, isPending } = useOwnAgencyId();
  if (isPending) return <PageLoading />;
  if (!agencyId) return <NotLinkedNotice titleKey={titleKey} />;
  return <>{children(agencyId)}</>;
}
