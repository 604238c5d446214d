import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import type { Identity } from '../lib/auth-provider.ts';
import { api } from '../lib/api-client.ts';
import { useBrand } from '../lib/brand.tsx';
import { ForbiddenPage } from './error-pages.tsx';
import { hasPermission } from '@tourdesk/contracts/permissions';

function Section({ title, value }: { title: string; value: unknown }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box component="pre" sx={{ m: 0, fontSize: 12, overflowX: 'auto' }}>
          {JSON.stringify(value, null, 2)}
        </Box>
      </CardContent>
    </Card>
  );
}

/** For superadmins: what the app knows about the session, the brand and the server. */
export function DebugPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const brand = useBrand();
  const [locale] = useLocaleState();
  const health = useQuery({ queryKey: ['health'], queryFn: () => api('/health', { anonymous: true }) });
  const user = (identity as Identity | undefined)?.user;
  if (user && !hasPermission(user.permissions, 'superadmin')) return <ForbiddenPage />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.userMenu.debug')} />
      <Section title={translate('app.debug.session')} value={{ locale, user }} />
      <Section title={translate('app.debug.brand')} value={brand} />
      <Section title={translate('app.debug.server')} value={health.data ?? health.error?.message ?? '…'} />
      <Section
        title={translate('app.debug.browser')}
        value={{
          userAgent: navigator.userAgent,
          online: navigator.onLine,
          screen: `${window.innerWidth}×${window.innerHeight}`,
        }}
      />
    </Box>
  );
}
