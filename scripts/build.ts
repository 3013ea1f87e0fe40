/** `npm run build`: the production bundles, with Vite, into `dist/`. */
import { build } from 'vite';

await build({ configFile: 'vite.config.ts', logLevel: 'info' });
