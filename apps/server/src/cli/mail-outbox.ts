import { mailOutboxMain } from './mail-outbox-command.js';

/**
 * `node dist/cli/mail-outbox.js [--last N] [--to ADDRESS] [--link]` (`npm run mail:outbox`): the
 * newest mail of DATA_DIR/outbox, read from the files (mail-outbox-command.ts). A .env file in the
 * working folder fills unset variables as it does for `npm start`, so both find the same DATA_DIR.
 */
try {
  process.loadEnvFile();
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
process.exitCode = await mailOutboxMain(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
