import './runtime-flags.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDefaults, seedDemoData, seedInitialAdmin } from './seed/demo.ts';
import { seedDemoImages } from './seed/demo-images.ts';

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  countCacheMs: config.countCacheMs,
  authCacheMs: config.authCacheMs,
});
await migrateToLatest(database);

const app = await buildApp({ config, database });
if (config.seedDemo) await seedDemoData(app.ctx, app.log);
// The demo image library needs the file store (issue #15).
if (config.seedDemo) await seedDemoImages(app.ctx, app.fileStore, app.log);
else {
  await seedDefaults(app.ctx);
  await seedInitialAdmin(app.ctx, process.env.INITIAL_ADMIN_EMAIL, process.env.INITIAL_ADMIN_PASSWORD, app.log);
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.destroy();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Tourdesk on http://localhost:${config.port} (API /api/v1, docs /api/v1/docs, database ${database.dialect})`,
);
