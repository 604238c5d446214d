import { STAFF_BLOG_TYPE_ID } from '@tourdesk/contracts';
import { createPost } from '../features/blog/blog.service.ts';
import { createContentCategory, createContentPage } from '../features/content-pages/content-pages.service.ts';
import type { DbContext } from '../types.ts';

/**
 * The website's demo content (issue #15): four posts (news, help, FAQ and one on the employee list, blog type 5)
 * on the system blog types the migration seeds, and the content category "Service" with two pages. Saved
 * through the services, so their rich text went through the sanitiser like the editor's.
 */
export async function seedDemoWebContent(ctx: DbContext): Promise<void> {
  await createPost(
    ctx,
    {
      title: 'Neuer Reisekatalog 2027',
      subtitle: 'Über 120 Reisen in Europa',
      active: true,
      id_web_blog_type: 1,
      display_date: '2026-11-02',
      body: '<p>Unser <strong>neuer Katalog</strong> ist da: Städtereisen, Rundreisen und Wanderwochen.</p><ul><li>Frühbucherrabatt bis 31. Januar</li><li>Kostenloser Haustürtransfer ab 4 Nächten</li></ul>',
    },
    null,
  );
  await createPost(
    ctx,
    {
      title: 'Sabine Hartmann',
      subtitle: 'Reiseleitung und Kundenberatung',
      active: true,
      id_web_blog_type: STAFF_BLOG_TYPE_ID,
      display_date: '2026-10-15',
      body: '<p>Seit 2012 im Team. Begleitet am liebsten unsere Reisen nach Südtirol und an den Gardasee.</p>',
    },
    null,
  );
  await createPost(
    ctx,
    {
      title: 'Wie buche ich einen Zustieg?',
      active: true,
      id_web_blog_type: 3,
      display_date: '2026-09-20',
      body: '<p>Wählen Sie bei der Buchung Ihren Zustieg aus der Liste. Die Zeiten erhalten Sie mit den Reiseunterlagen.</p>',
    },
    null,
  );
  await createPost(
    ctx,
    {
      title: 'Darf ich mein Fahrrad mitnehmen?',
      active: false,
      id_web_blog_type: 6,
      display_date: '2026-09-01',
      body: '<p>Auf ausgewählten Reisen mit Fahrradanhänger. Bitte melden Sie das Rad bei der Buchung an.</p>',
    },
    null,
  );
  const service = await createContentCategory(ctx, { name: 'Service' });
  await createContentPage(ctx, {
    id_web_content_category: service.id,
    title: 'Reisebedingungen',
    active: true,
    body: '<h2>Anmeldung</h2><p>Mit Ihrer Anmeldung bieten Sie uns den Abschluss des Reisevertrages verbindlich an.</p>',
  });
  await createContentPage(ctx, {
    id_web_content_category: service.id,
    title: 'Gutscheine',
    active: true,
    body: '<p>Verschenken Sie Reisefreude: Gutscheine gibt es in jeder Höhe, einlösbar für alle Reisen.</p>',
  });
}
