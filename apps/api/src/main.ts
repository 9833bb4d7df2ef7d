import { createApp } from './bootstrap';
import { installProcessGuard } from './common/process-guard';
import { ConfigError, loadConfig } from './config/app-config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const app = await createApp(config);
  // From here on no stray rejection ends the process (docs/decisions/2301).
  installProcessGuard(app);
  try {
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(
        `Port ${config.PORT} is already in use. Stop the other server or set PORT to a free port.\n`,
      );
      await app.close();
      process.exit(98);
    }
    throw error;
  }
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const origin = `http://${host}:${config.PORT}`;
  const outbox = config.DEV_MAIL && !config.SMTP_URL ? `\nAccount mail (no SMTP_URL): ${origin}/dev/mail\n` : '';
  process.stdout.write(`\nSkillDuel is running at ${origin}  (API docs: ${origin}/api/docs)\n${outbox}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`SkillDuel failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
