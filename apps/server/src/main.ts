// Start: config -> database (migrations) -> operator bootstrap -> listen. SIGINT/SIGTERM close the
// server gracefully (in-flight requests finish, the database closes).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.DATA_DIR, 'pglite'),
  });
  const app = await buildApp({ config, database });

  const admin = await app.services.operators.bootstrap(config.ADMIN_USERNAME);
  if (admin) {
    // Printed once, on the first start only; it is stored only as an argon2id hash.
    process.stdout.write(
      `\n  First start: operator account created.\n  username: ${admin.username}\n  one-time password: ${admin.password}\n  (change it at first login; it will not be shown again)\n\n`,
    );
    // For automation (browser tests): the same one-time password, readable only by this OS user.
    if (config.ADMIN_PASSWORD_FILE)
      writeFileSync(config.ADMIN_PASSWORD_FILE, `${admin.password}\n`, { mode: 0o600 });
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.PUBLIC_URL ?? address.replace('127.0.0.1', 'localhost');
  process.stdout.write(
    `\n  ${config.BRAND_NAME} is running at ${shown}\n  API docs: ${shown}/api/docs\n  database: ${database.kind}\n\n`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
