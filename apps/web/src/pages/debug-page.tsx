import { Box, Typography } from '@mui/material';
import { Title, useGetIdentity, useLocaleState, useTranslate } from 'react-admin';
import type { Identity } from '../lib/auth-provider.ts';
import { useBrand } from '../lib/brand.tsx';
import { ForbiddenPage } from './error-pages.tsx';
import { hasPermission } from '@tourdesk/contracts/permissions';
import { AuditSection, FactTable, Section, ServerSections } from '../features/debug/debug-sections.tsx';

/**
 * For superadmins (issue #18 item 5): the server (version, database, migrations, health of the outside services,
 * the mail and job queues, the last errors with their request ids), the audit log, and what the app knows about
 * the session, the brand and the browser.
 */
export function DebugPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const brand = useBrand();
  const [locale] = useLocaleState();
  const user = (identity as Identity | undefined)?.user;
  if (user && !hasPermission(user.permissions, 'superadmin')) return <ForbiddenPage />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.userMenu.debug')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.userMenu.debug')}
      </Typography>
      <ServerSections />
      <AuditSection />
      <Section title={translate('app.debug.session')}>
        <FactTable
          label={translate('app.debug.session')}
          rows={[
            [translate('debug.sessionUser'), user ? `${user.email} (${user.permissions.role})` : '–'],
            [translate('debug.locale'), locale],
            [translate('app.debug.brand'), brand ? `${brand.name} (#${brand.id})` : '–'],
            [translate('app.debug.browser'), navigator.userAgent],
            [translate('debug.screen'), `${window.innerWidth}×${window.innerHeight}`],
            [translate('debug.online'), navigator.onLine ? '✓' : '✗'],
          ]}
        />
      </Section>
    </Box>
  );
}
