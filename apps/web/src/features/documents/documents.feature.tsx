import FolderCopyIcon from '@mui/icons-material/FolderCopy';
import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const DocumentList = lazyPage(
  () => import('./document-list.tsx'),
  (m) => m.DocumentList,
);
const DocumentDetail = lazyPage(
  () => import('./document-detail.tsx'),
  (m) => m.DocumentDetail,
);

const READ = ['documents-read'] as const;

/**
 * The documents query (issue #17, docs/adr/0029): /documents lists every document Tourdesk wrote or received —
 * confirmations, invoices, credit notes, manifests, mailed files, documents that came in by mail — filtered by
 * customer, booking, journey, type and date; /documents/{id} says what a document is and whose, downloads it and
 * lists the mails it was sent with.
 */
export const documentsFeature: FeatureModule = {
  name: 'documents',
  resources: [
    {
      name: 'documents',
      api: { read: '/documents', permissions: { list: READ, show: READ, edit: READ, create: READ, delete: READ } },
      icon: FolderCopyIcon,
      list: DocumentList,
      edit: DocumentDetail,
      recordRepresentation: 'title',
    },
  ],
  menu: [{ key: 'documents', group: 'bookings', to: '/documents', permissions: READ, icon: FolderCopyIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
