/**
 * `npm run dev`: the Velvet server on :8080, restarted whenever its code
 * changes (`node --watch`), and Vite's dev server on :5173 with hot reload,
 * which passes `/sdk`, `/dev`, `/docs` and `/widget` on to the server.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const server = spawn(process.execPath, ['--watch', '--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: process.env,
});

const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();

const stop = async () => {
  server.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
server.on('exit', (code) => {
  if (code !== null && code !== 0)
    console.error(`velvet server exited with ${code}; fix the error and save to restart.`);
});
